#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# build.sh - Debian's btrfs-progs 6.2 with npo2 zone sizes, on libzmath.
#
#   examples/btrfs-progs/build.sh [--fetch-only] [--pristine]
#
# 1-3. examples/debian-source.sh: a deb-src entry if apt has none, the few
#    build dependencies this configuration needs, `apt-get source
#    btrfs-progs` into build/btrfs-progs/ (once); a copy of the tree in
#    build/btrfs-progs/src with examples/btrfs-progs/*.patch applied, and
#    puts libzmath's include directories (<linux/zmath.h>, the very header
#    the kernel series carries) on the include path and links libzmath.a,
#    so mkfs, btrfs and the kernel share one zone math and one superblock
#    rule.
# 4. Builds mkfs.btrfs and btrfs (static when the static libraries are there,
#    else dynamic) into build/btrfs-progs/out/, with sb-zones (sb-zones.c),
#    the superblock log zone rule as a static tool that self-checks.  --pristine also builds
#    Debian's unpatched tools into build/btrfs-progs/out-pristine/ for the
#    baseline test (npo2 must be refused there).
#
# Idempotent: each step is skipped when its result is already there.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/examples/btrfs-progs
work=$top/build/btrfs-progs
t0=$SECONDS
name=btrfs-progs
. "$top/examples/debian-source.sh"
debsrc_args "$@"

debsrc_enable
# configure below disables convert (e2fsprogs), python, docs and libudev
# (only for multipath detection, and it has no static library).
# scripts/deps.sh check lists the same packages.
debsrc_install dpkg-dev build-essential pkg-config autoconf automake file \
	libblkid-dev uuid-dev zlib1g-dev libzstd-dev liblzo2-dev
orig=$(debsrc_fetch btrfs-progs 6.2)
[ $fetch_only = 0 ] || exit 0

# configure + make one tree into one out dir: build_tree SRC OUT
build_tree() {
	local s=$1 out=$2 cflags="-O2 -g"
	if [ ! -f "$s/config.status" ]; then
		log "configure ($(basename "$s"))"
		(cd "$s" && ./autogen.sh &&
			./configure --disable-documentation --disable-python \
				--disable-convert --disable-libudev \
				--disable-backtrace CFLAGS="$cflags") \
			> "$s/configure.log" 2>&1 ||
			{ tail -n 20 "$s/configure.log" >&2; die "configure failed"; }
	fi
	mkdir -p "$out"
	log "make mkfs.btrfs btrfs ($(basename "$s"), log in $s/make.log)"
	grep -q '^#define BTRFS_ZONED 1' "$s/include/config.h" ||
		die "configure did not enable zoned support (linux/blkzoned.h?)"
	if make -C "$s" -j"$(nproc)" EXTRA_CFLAGS="$zmath_cflags" \
		EXTRA_LDFLAGS="$zmath_a" \
		mkfs.btrfs.static btrfs.static > "$s/make.log" 2>&1; then
		cp "$s/mkfs.btrfs.static" "$out/mkfs.btrfs"
		cp "$s/btrfs.static" "$out/btrfs"
		log "static build"
	else
		log "static link failed (see $s/make.log), building dynamic"
		make -C "$s" -j"$(nproc)" EXTRA_CFLAGS="$zmath_cflags" \
			EXTRA_LDFLAGS="$zmath_a" \
			mkfs.btrfs btrfs > "$s/make.log" 2>&1 ||
			{ tail -n 30 "$s/make.log" >&2; die "make failed"; }
		cp "$s/mkfs.btrfs" "$s/btrfs" "$out/"
	fi
}

# --- patched tree -----------------------------------------------------------
src=$work/src
debsrc_patched "$orig" "$src" "$here"/*.patch
# One libzmath for everyone: make puts the project's own include
# directories on the path (EXTRA_CFLAGS) and links libzmath.a after the
# objects (EXTRA_LDFLAGS).
zmath_a=$(zmath_archive)
build_tree "$src" "$work/out"

# The superblock rule on its own, from the same header: checked here, and
# static so that the QEMU guest can ask it which zones to expect.
log "sb-zones (superblock log zone rule) and its self-check"
# shellcheck disable=SC2086
cc -static -O2 -Wall -Wextra -Werror $zmath_cflags \
	-o "$work/out/sb-zones" "$here/sb-zones.c" "$zmath_a"
"$work/out/sb-zones" --check >&2

debsrc_pristine "$orig"

for f in "$work"/out*/*; do
	log "$(file -b "$f" | cut -d, -f1-2): $f"
done
echo "$work/out"
