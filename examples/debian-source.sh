# SPDX-License-Identifier: GPL-2.0-only
# debian-source.sh - sourced by examples/*/build.sh: fetch a Debian source
# package, copy it, patch it, for the userspace tools built on zmath.h.
#
#   name=f2fs-tools work=$top/build/f2fs-tools; . examples/debian-source.sh
#   debsrc_args "$@"                    --fetch-only, --pristine
#   debsrc_enable                       deb-src entry + source index
#   debsrc_install PKG...               the build dependencies missing
#   orig=$(debsrc_fetch PKG VERSION [upstream])
#                                       apt-get source, once; checks version
#   debsrc_patched ORIG SRC PATCH...    fresh copy of ORIG, patches applied,
#                                       redone when a patch or libzmath changes
#   debsrc_pristine ORIG [ARG...]       with --pristine: Debian's tree (a
#                                       copy of ORIG, made once) through the
#                                       caller's build_tree into out-pristine
#   $zmath_cflags                       libzmath's include directories
#   zmath_built TARGET...               builds those of libzmath's meson build
#   zmath_archive                       builds and prints libzmath.a
#
# Expects $name (for messages), $work (build folder) and $top (the project).

t0=${t0:-$SECONDS}
log() { printf '[%s %4ds] %s\n' "$name" $((SECONDS - t0)) "$*" >&2; }
die() { printf '%s: error: %s\n' "$name" "$*" >&2; exit 1; }

# debsrc_args ARG... - the options every build.sh takes: --fetch-only
# (fetch the source, build nothing) and --pristine (also build Debian's
# unpatched tools); sets $fetch_only and $pristine
debsrc_args() {
	local a
	fetch_only=0 pristine=0
	for a; do
		case $a in
		--fetch-only) fetch_only=1 ;;
		--pristine) pristine=1 ;;
		*) echo "usage: $0 [--fetch-only] [--pristine]" >&2; exit 2 ;;
		esac
	done
}

# debsrc_pristine ORIG [ARG...] - with --pristine, Debian's unpatched tree,
# copied once from ORIG to $work/src-pristine, built by the caller's
# build_tree SRC OUT [ARG...] into $work/out-pristine
debsrc_pristine() {
	[ "$pristine" = 1 ] || return 0
	local orig=$1
	shift
	[ -d "$work/src-pristine" ] || cp -a "$orig" "$work/src-pristine"
	build_tree "$work/src-pristine" "$work/out-pristine" "$@"
}

# A deb-src entry for Debian's archive when apt has none: the deb entries
# of debian.sources with "Types: deb-src".  `apt-get source` needs it.
# Root only for that step, skipped when a deb-src entry exists.
debsrc_enable() {
	local src_list=/etc/apt/sources.list.d/debian-src.sources
	if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list \
		/etc/apt/sources.list.d/; then
		[ -f /etc/apt/sources.list.d/debian.sources ] ||
			die "no deb-src entry and no debian.sources to mirror: add a deb-src line by hand"
		[ "$(id -u)" = 0 ] ||
			die "need root to write $src_list (or add a deb-src entry yourself)"
		log "adding $src_list (deb-src twin of debian.sources)"
		sed 's/^Types:.*/Types: deb-src/' \
			/etc/apt/sources.list.d/debian.sources > "$src_list"
		rm -f "$work/.apt-updated"
	fi
	mkdir -p "$work"
	if [ ! -f "$work/.apt-updated" ] ||
	   ! apt-cache showsrc "$name" > /dev/null 2>&1; then
		log "apt-get update (source index)"
		"$top/scripts/apt-update.sh" -qq
		touch "$work/.apt-updated"
	fi
}

debsrc_install() {
	local p missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2> /dev/null |
			grep -q 'ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	log "apt-get install ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends "${missing[@]}" >&2
}

# debsrc_fetch PKG VERSION [upstream]: prints the unpacked tree; fails
# unless it is PKG-VERSION (the patches are made against that one).
# upstream: the upstream tarball alone (apt-get source --tar-only, checked
# against the source index as a whole source package is), for a package
# whose Debian revision carries no patch, only its packaging
debsrc_fetch() {
	local pkg=$1 version=$2 how=${3:-} orig
	orig=$(ls -d "$work/$pkg"-[0-9]*/ 2> /dev/null | head -n 1 || true)
	if [ -z "$orig" ] && [ "$how" = upstream ]; then
		log "apt-get source --tar-only $pkg into $work"
		(cd "$work" && apt-get source -qq --tar-only "$pkg" >&2 &&
			tar -xf "${pkg}_$version.orig.tar."*)
	elif [ -z "$orig" ]; then
		log "apt-get source $pkg into $work"
		(cd "$work" && apt-get source -qq "$pkg" >&2)
	fi
	[ -n "$orig" ] || orig=$(ls -d "$work/$pkg"-[0-9]*/ | head -n 1)
	orig=${orig%/}
	log "Debian source: $(basename "$orig")"
	case $(basename "$orig") in "$pkg-$version"*) ;; *)
		die "expected $pkg $version, got $(basename "$orig"): refresh the patches" ;;
	esac
	echo "$orig"
}

# libzmath for a tool built outside meson: the project's own include
# directories, never a copy that could drift (<linux/zmath.h>, and compat/
# for the kernel primitives it uses), and the meson build's folder of the
# zmath-shared.h that <zmath.h> includes (zmath_built
# libzmath/zmath-shared.h generates it)
zmath_meson=$top/build/meson
zmath_cflags="-I$top/libzmath/include -I$top/libzmath/compat -I$zmath_meson/libzmath"

# zmath_built TARGET... - those targets of the project's meson build
# (build/meson, set up by the Makefile if need be), brought up to date
zmath_built() {
	make -s -C "$top" build/meson/build.ninja > /dev/null
	ninja -C "$zmath_meson" "$@" > /dev/null
}

# zmath_archive - libzmath.a of the project's meson build, brought up to
# date; prints its path
zmath_archive() {
	zmath_built libzmath/libzmath.a
	echo "$zmath_meson/libzmath/libzmath.a"
}

# debsrc_patched ORIG SRC PATCH...: SRC is a copy of ORIG with the
# patches applied; the stamp covers the patches and libzmath's files, whose
# change redoes it
debsrc_patched() {
	local orig=$1 src=$2 p stamp
	shift 2
	stamp=$(cat "$@" $(find "$top/libzmath" -name '*.[ch]' | sort) |
		sha256sum | cut -c1-16)
	[ "$(cat "$src/.zmath-stamp" 2> /dev/null)" = "$stamp" ] && return 0
	log "fresh copy of $(basename "$orig") -> $(basename "$src"), applying $# patch(es)"
	rm -rf "$src"
	cp -a "$orig" "$src"
	for p in "$@"; do
		log "  patch $(basename "$p")"
		patch -d "$src" -p1 --quiet --no-backup-if-mismatch < "$p"
	done
	echo "$stamp" > "$src/.zmath-stamp"
}
