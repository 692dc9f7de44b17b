#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# The library's man pages as `meson install` gives them: each installed
# page renders without a warning of man (groff), `man zmath_geom_init`
# renders through MANPATH, and every name a user may look up has a page
# that man finds there and that names it in its NAME section (as whatis
# reads it): each function with a kernel-doc comment in the header and in
# zmath.c, each symbol libzmath.map exports, and libzmath itself.
#
#   man-check.sh SOURCE_ROOT BUILD_DIR
#   man-check.sh --disabled REASON     (the build has no man pages: skip)
set -euo pipefail

if [ "$1" = --disabled ]; then
	echo "SKIP: the man pages are not built: $2"
	exit 77
fi
top=$1 build=$2
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# render ARG... - what man prints for a page, with its warnings on fd 3
render() {
	LC_ALL=C.UTF-8 MANWIDTH=80 MANPATH=$manpath \
		man --warnings -E UTF-8 "$@" 2>&3
}

meson install -C "$build" --no-rebuild --quiet --destdir "$root" > /dev/null
man3=$(find "$root" -type d -path '*/man/man3')
[ -n "$man3" ] || fail "no man3 directory installed"
manpath=${man3%/man3}

pages=0
for page in "$man3"/*.3; do
	[ -L "$page" ] && continue
	warnings=$(render -l "$page" 3>&1 > /dev/null) ||
		fail "man -l ${page##*/} failed: $warnings"
	[ -z "$warnings" ] || fail "${page##*/}: $warnings"
	pages=$((pages + 1))
done
echo "ok: $pages pages render without a warning"

mapfile -t names < <({
	sed -n 's/^ \* \(zmath_[a-z0-9_]*\)() - .*/\1/p' \
		"$top/libzmath/include/linux/zmath.h" "$top/libzmath/zmath.c"
	sed -n '/global:/,/local:/s/^[[:space:]]*\([a-z0-9_]*\);.*/\1/p' \
		"$top/libzmath/libzmath.map"
	echo libzmath; } | sort -u)
[ ${#names[@]} -gt 2 ] || fail "found only ${names[*]} to look up"
for name in "${names[@]}"; do
	file=$(MANPATH=$manpath man -w "$name" 2> /dev/null) ||
		fail "man -w $name: no page"
	[[ $file == "$root"/* ]] || fail "man -w $name: $file, not installed here"
	# what whatis and apropos read of the page: its NAME section
	lexgrog "$file" | grep -q ": \"$name - " ||
		fail "man $name: ${file##*/}'s NAME section does not name it"
done
echo "ok: man -w finds a page naming each of the ${#names[@]} names"
out=$(render zmath_geom_init 3>&1) || fail "man zmath_geom_init failed"
grep -q '^SYNOPSIS' <<< "$out" ||
	fail "man zmath_geom_init: no SYNOPSIS in: $out"
echo "ok: man zmath_geom_init renders"
