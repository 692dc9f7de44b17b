#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# build.sh - Debian's btrfs-progs 6.2 with npo2 zone sizes, on libzmath.
#
#   examples/btrfs-progs/build.sh [--fetch-only] [--pristine]
#
# 1. Adds a deb-src entry for Debian's archive when apt has none
#    (/etc/apt/sources.list.d/debian-src.sources, the deb entries of
#    debian.sources with "Types: deb-src"), because `apt-get source` and
#    `apt-get build-dep` need the source index.  Needs root for that step
#    only; it is skipped when a deb-src entry already exists.
# 2. Installs the few build dependencies this configuration needs.
# 3. `apt-get source btrfs-progs` into build/btrfs-progs/ (once), copies the
#    tree to build/btrfs-progs/src, applies examples/btrfs-progs/*.patch and
#    puts libzmath/ (zmath.h, the very header the kernel series carries) on
#    the include path, so mkfs, btrfs and the kernel share one zone math and
#    one superblock rule.
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
fetch_only=0 pristine=0
for a in "$@"; do
	case $a in
	--fetch-only) fetch_only=1 ;;
	--pristine) pristine=1 ;;
	*) echo "usage: $0 [--fetch-only] [--pristine]" >&2; exit 2 ;;
	esac
done
log() { printf '[btrfs-progs %4ds] %s\n' $((SECONDS - t0)) "$*" >&2; }
die() { printf 'btrfs-progs: error: %s\n' "$*" >&2; exit 1; }

# --- 1. deb-src ------------------------------------------------------------
have_deb_src() {
	grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list \
		/etc/apt/sources.list.d/
}
if ! have_deb_src; then
	src_list=/etc/apt/sources.list.d/debian-src.sources
	[ -f /etc/apt/sources.list.d/debian.sources ] ||
		die "no deb-src entry and no debian.sources to mirror: add a deb-src line for btrfs-progs by hand"
	[ "$(id -u)" = 0 ] || die "need root to write $src_list (or add a deb-src entry yourself)"
	log "adding $src_list (deb-src twin of debian.sources)"
	sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$src_list"
	rm -f "$work/.apt-updated"
fi
mkdir -p "$work"
if [ ! -f "$work/.apt-updated" ] || ! apt-cache showsrc btrfs-progs >/dev/null 2>&1; then
	log "apt-get update (source index)"
	apt-get update -qq
	touch "$work/.apt-updated"
fi

# --- 2. build dependencies -------------------------------------------------
# configure below disables convert (e2fsprogs), python, docs and libudev
# (only for multipath detection, and it has no static library).
# scripts/deps.sh check lists the same packages.
deps="dpkg-dev build-essential pkg-config autoconf automake file libblkid-dev
      uuid-dev zlib1g-dev libzstd-dev liblzo2-dev"
missing=
for p in $deps; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=" $p"
done
if [ -n "$missing" ]; then
	log "apt-get install$missing"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >&2
fi

# --- 3. source ---------------------------------------------------------------
orig=$(ls -d "$work"/btrfs-progs-[0-9]*/ 2>/dev/null | head -n1 || true)
if [ -z "$orig" ]; then
	log "apt-get source btrfs-progs into $work"
	(cd "$work" && apt-get source -qq btrfs-progs >&2)
	orig=$(ls -d "$work"/btrfs-progs-[0-9]*/ | head -n1)
fi
orig=${orig%/}
log "Debian source: $(basename "$orig")"
case $(basename "$orig") in btrfs-progs-6.2*) ;; *)
	die "expected btrfs-progs 6.2, got $(basename "$orig"): refresh the patch" ;;
esac
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
	if make -C "$s" -j"$(nproc)" EXTRA_CFLAGS="-I$top/libzmath" \
		mkfs.btrfs.static btrfs.static > "$s/make.log" 2>&1; then
		cp "$s/mkfs.btrfs.static" "$out/mkfs.btrfs"
		cp "$s/btrfs.static" "$out/btrfs"
		log "static build"
	else
		log "static link failed (see $s/make.log), building dynamic"
		make -C "$s" -j"$(nproc)" EXTRA_CFLAGS="-I$top/libzmath" \
			mkfs.btrfs btrfs > "$s/make.log" 2>&1 ||
			{ tail -n 30 "$s/make.log" >&2; die "make failed"; }
		cp "$s/mkfs.btrfs" "$s/btrfs" "$out/"
	fi
}

# --- 4. patched tree ---------------------------------------------------------
src=$work/src
stamp=$( { cat "$here"/*.patch; cat "$top/libzmath/zmath.h"; } | sha256sum | cut -c1-16)
if [ "$(cat "$src/.zmath-stamp" 2>/dev/null)" != "$stamp" ]; then
	log "fresh copy of $(basename "$orig") -> src, applying $(cd "$here" && ls ./*.patch | wc -l) patch(es)"
	rm -rf "$src"
	cp -a "$orig" "$src"
	for p in "$here"/*.patch; do
		log "  patch $(basename "$p")"
		patch -d "$src" -p1 --quiet --no-backup-if-mismatch < "$p"
	done
	echo "$stamp" > "$src/.zmath-stamp"
fi
# One header for everyone: make puts the project's own libzmath/ on the
# include path (EXTRA_CFLAGS), never a copy that could drift.
build_tree "$src" "$work/out"

# The superblock rule on its own, from the same header: checked here, and
# static so that the QEMU guest can ask it which zones to expect.
log "sb-zones (superblock log zone rule) and its self-check"
cc -static -O2 -Wall -Wextra -Werror -I"$top/libzmath" \
	-o "$work/out/sb-zones" "$here/sb-zones.c"
"$work/out/sb-zones" --check >&2

if [ $pristine = 1 ]; then
	psrc=$work/src-pristine
	[ -d "$psrc" ] || cp -a "$orig" "$psrc"
	build_tree "$psrc" "$work/out-pristine"
fi

for f in "$work"/out*/*; do
	log "$(file -b "$f" | cut -d, -f1-2): $f"
done
echo "$work/out"
