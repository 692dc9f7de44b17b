#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# libzmath as Debian ships it. From a copy of this checkout (its files,
# tracked or new, as they are now):
#  1. dpkg-buildpackage -us -uc -b, which runs the unit tests;
#  2. lintian on the .changes: any error or warning fails;
#  3. a clean Debian root: debootstrap --variant=minbase of this
#     machine's release from the mirror its apt sources name, with a C
#     and a C++ compiler, pkg-config, man-db and what the packages
#     depend on, made once and kept in build/deb/ (a fresh copy per run);
#  4. libzmath0, libzmath-dev and zmath-tools installed there with dpkg
#     (a missing dependency fails), and used as a user would: a C and a
#     C++ program built with pkg-config libzmath and run, each tool's
#     --version, man -w zmath_geom_init.
# Logs in build/deb/. Needs root (debootstrap, chroot).
#
#   deb-check.sh [SOURCE_ROOT]
set -euo pipefail

top=$(cd "${1:-$(git rev-parse --show-toplevel)}" && pwd)
out=$top/build/deb
t0=$SECONDS
log() { printf '[deb-check %4ds] %s\n' $((SECONDS - t0)) "$*"; }
fail() { echo "FAIL: $*"; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "needs root, for debootstrap and chroot"

version=$(sed -n "s/^[[:space:]]*version: '\([^']*\)',$/\1/p" "$top/meson.build")
changelog=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
[ "$changelog" = "$version" ] ||
	fail "debian/changelog is at $changelog, meson.build at $version"
arch=$(dpkg --print-architecture)

log "1/4 dpkg-buildpackage -us -uc -b of zmath $version (build/deb/build.log)"
src=$out/src/zmath-$version
rm -rf "$out/src"
mkdir -p "$src"
(cd "$top" && git ls-files -co --exclude-standard -z |
	tar --null --ignore-failed-read -cf - -T -) | tar -xf - -C "$src"
(cd "$src" && dpkg-buildpackage -us -uc -b) > "$out/build.log" 2>&1 ||
	{ tail -n 30 "$out/build.log"; fail "dpkg-buildpackage (build/deb/build.log)"; }

log "2/4 lintian (build/deb/lintian.txt)"
lintian -I --pedantic "$out/src/zmath_${version}_$arch.changes" \
	> "$out/lintian.txt" 2>&1 || fail "lintian: $(cat "$out/lintian.txt")"
grep '^[EWIP]: ' "$out/lintian.txt" || true
! grep -q '^[EW]: ' "$out/lintian.txt" || fail "lintian: errors or warnings"

# The root: this release from the mirror of this machine's first apt
# source of it, a compiler, pkg-config, man-db and the packages'
# dependencies.
debs=()
for p in libzmath0 libzmath-dev zmath-tools; do
	debs+=("$out/src/${p}_${version}_$arch.deb")
done
mapfile -t needs < <(for d in "${debs[@]}"; do dpkg-deb -f "$d" Depends; done |
	tr ',' '\n' | sed 's/^ *\([^ ]*\).*/\1/' | grep -v '^libzmath' | sort -u)
codename=$(sed -n "s/^VERSION_CODENAME=//p" /etc/os-release)
# deb822 stanzas (Types, URIs, Suites), then one-line entries
mirror=$(awk -v s="$codename" '
	function stanza() {
		if (deb && suite && uri && !found) { print uri; found = 1 }
		deb = suite = uri = ""
	}
	FNR == 1 || /^$/ { stanza() }
	/^Types:/ { deb = / deb( |$)/ }
	/^Suites:/ { suite = (" " $0 " ") ~ (" " s " ") }
	/^URIs:/ { uri = $2 }
	END { stanza() }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk -v s="$codename" \
	'$1 == "deb" && $0 ~ (" " s " ") { print ($2 ~ /^\[/ ? $3 : $2); exit }' \
	/etc/apt/sources.list 2>/dev/null || true)
[ -n "$mirror" ] || fail "no apt source of $codename in /etc/apt to debootstrap from"
want=(gcc g++ libc6-dev pkgconf man-db "${needs[@]}")
cache=$out/root-$codename
key="$codename $mirror ${want[*]}"
if [ "$(cat "$cache/.key" 2>/dev/null)" != "$key" ]; then
	log "3/4 a clean root, once: debootstrap --variant=minbase $codename $mirror, then ${want[*]} (build/deb/root.log, a few minutes)"
	rm -rf "$cache" "$cache.tmp"
	{
		debootstrap --variant=minbase "$codename" "$cache.tmp" "$mirror"
		chroot "$cache.tmp" apt-get update -q
		chroot "$cache.tmp" env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q --no-install-recommends "${want[@]}"
		chroot "$cache.tmp" apt-get clean
	} > "$out/root.log" 2>&1 ||
		{ tail -n 20 "$out/root.log"; fail "the clean root (build/deb/root.log)"; }
	echo "$key" > "$cache.tmp/.key"
	mv "$cache.tmp" "$cache"
else
	log "3/4 a clean root: a copy of build/deb/root-$codename ($key)"
fi
root=$out/root
rm -rf "$root"
trap 'rm -rf "$root"' EXIT
cp -a "$cache" "$root"

log "4/4 the packages installed in it and used"
mkdir -p "$root/tmp/zmath"
cp "${debs[@]}" "$top/tests/zmath-user.c" "$root/tmp/zmath/"
chroot "$root" dpkg -i /tmp/zmath/libzmath0_"$version"_"$arch".deb \
	/tmp/zmath/libzmath-dev_"$version"_"$arch".deb \
	/tmp/zmath/zmath-tools_"$version"_"$arch".deb > "$out/install.log" 2>&1 ||
	fail "dpkg -i of the packages: $(cat "$out/install.log")"
chroot "$root" /bin/bash -s "$version" <<'EOS'
set -euo pipefail
version=$1
fail() { echo "FAIL: $*"; exit 1; }
cd /tmp/zmath
flags=$(pkg-config --cflags --libs libzmath) || fail "pkg-config libzmath"
strict=(-Wall -Wextra -Wconversion -Wsign-conversion -pedantic -Werror)
# shellcheck disable=SC2086
cc "${strict[@]}" -o user zmath-user.c $flags || fail "cc of a <zmath.h> user"
# shellcheck disable=SC2086
c++ "${strict[@]}" -o user-cxx -x c++ zmath-user.c -x none $flags ||
	fail "c++ of a <zmath.h> user"
for exe in user user-cxx; do
	./$exe || fail "$exe failed"
	lib=$(ldd ./$exe | awk '$1 == "libzmath.so.0" { print $3 }')
	dpkg -S "$(readlink -f "$lib")" | grep -q '^libzmath0:' ||
		fail "$exe runs with '$lib', not libzmath0's: $(ldd ./$exe)"
done
echo "ok: a C and a C++ user of <zmath.h>, pkg-config libzmath ($flags)"
for tool in $(dpkg -L zmath-tools | grep '^/usr/bin/.'); do
	said=$("$tool" --version) || fail "$tool --version"
	[[ $said == *"$version"* ]] || fail "$tool --version: '$said', not $version"
	echo "ok: $tool --version: $said"
done
page=$(man -w zmath_geom_init) || fail "man -w zmath_geom_init"
echo "ok: man -w zmath_geom_init: $page"
EOS
log "PASS: zmath $version's packages build, pass lintian, install and work"
