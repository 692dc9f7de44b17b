#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# guest-image.sh - everything the QEMU guest runs, built or reused: the
# project's btrfs-progs, f2fs-tools, blkzone and zbd on zmath.h beside
# Debian's pristine ones, fio's zoned test suite, then the initramfs
# (kernel/qemu/mkinitramfs.sh).  Used by kernel/check.sh and
# bench/kernel/run.sh; the project's own tools (build/meson/examples) must
# be built first.  Prints the initramfs' path.
#
# The first run fetches and builds Debian sources (apt-get source): about
# 2-3 minutes each for btrfs-progs, f2fs-tools and libzbd, 3-5 for
# util-linux; a few seconds after that.
set -euo pipefail
. "$(dirname "$0")/../scripts/common.sh"

initramfs=$top/build/kernel/qemu/initramfs.cpio.gz
for tool in btrfs-progs f2fs-tools util-linux libzbd; do
	"$top/examples/$tool/build.sh" --pristine > /dev/null ||
		die "examples/$tool/build.sh --pristine failed (see above)"
done
"$top/examples/fio/zbd-suite.sh" > /dev/null ||
	die "examples/fio/zbd-suite.sh failed (see above)"
for f in btrfs-progs/out/mkfs.btrfs btrfs-progs/out/btrfs \
	btrfs-progs/out/sb-zones btrfs-progs/out-pristine/mkfs.btrfs \
	f2fs-tools/out/mkfs.f2fs f2fs-tools/out/fsck.f2fs \
	f2fs-tools/out/f2fs_io f2fs-tools/out-pristine/mkfs.f2fs \
	util-linux/out/blkzone util-linux/out-pristine/blkzone \
	libzbd/out/zbd libzbd/out-pristine/zbd; do
	[ -x "$top/build/$f" ] || die "build/$f missing after build.sh"
done
"$top/kernel/qemu/mkinitramfs.sh" "$initramfs"
echo "$initramfs"
