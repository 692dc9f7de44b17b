#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# build.sh - Debian's f2fs-tools 1.15 with npo2 zone sizes, on zmath.h.
#
#   examples/f2fs-tools/build.sh [--pristine]
#
# `apt-get source f2fs-tools` into build/f2fs-tools/ (once, adding a deb-src
# entry if apt has none: examples/debian-source.sh), a copy with
# examples/f2fs-tools/*.patch applied and the project's libzmath/ on the
# include path, and static mkfs.f2fs, fsck.f2fs and f2fs_io from it in
# build/f2fs-tools/out/.  --pristine also builds Debian's unpatched
# mkfs.f2fs into build/f2fs-tools/out-pristine/, for the guest to show
# its refusal of npo2 zones.  Each step is skipped when its result is
# there; the last line printed is the out/ folder.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/examples/f2fs-tools
name=f2fs-tools
work=$top/build/f2fs-tools
pristine=0
case "${1:-}" in
--pristine) pristine=1 ;;
'') ;;
*) echo "usage: $0 [--pristine]" >&2; exit 2 ;;
esac
. "$top/examples/debian-source.sh"

debsrc_enable
# configure below leaves out SELinux; libtool for autogen.sh.
# scripts/deps.sh check lists the same packages.
debsrc_install dpkg-dev build-essential pkg-config autoconf automake \
	libtool file uuid-dev libblkid-dev
orig=$(debsrc_fetch f2fs-tools 1.15.0)

# build_tree SRC OUT PROGRAM...: configure once, make the programs static
build_tree() {
	local s=$1 out=$2 p
	shift 2
	if [ ! -f "$s/config.status" ]; then
		log "configure ($(basename "$s"), log in $s/configure.log)"
		(cd "$s" && ./autogen.sh &&
			./configure --without-selinux --disable-shared \
				CPPFLAGS="$zmath_cflags" CFLAGS="-O2 -g") \
			> "$s/configure.log" 2>&1 ||
			{ tail -n 20 "$s/configure.log" >&2; die "configure failed"; }
	fi
	log "make $* ($(basename "$s"), log in $s/make.log)"
	make -C "$s" -j"$(nproc)" LDFLAGS=-all-static > "$s/make.log" 2>&1 ||
		{ tail -n 30 "$s/make.log" >&2; die "make failed"; }
	mkdir -p "$out"
	for p in "$@"; do
		cp "$s/$p" "$out/"
	done
}

debsrc_patched "$orig" "$work/src" "$here"/*.patch
build_tree "$work/src" "$work/out" mkfs/mkfs.f2fs fsck/fsck.f2fs \
	tools/f2fs_io/f2fs_io
debsrc_pristine "$orig" mkfs/mkfs.f2fs
for f in "$work"/out*/*; do
	log "$(file -b "$f" | cut -d, -f1-2): $f"
done
echo "$work/out"
