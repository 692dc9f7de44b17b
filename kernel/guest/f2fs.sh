# SPDX-License-Identifier: GPL-2.0-only
# f2fs.sh - f2fs on zoned null_blk devices, for suite.sh (sourced): what
# the tests of tests/f2fs/ share.
#
# The project's mkfs.f2fs, fsck.f2fs and f2fs_io (f2fs-tools 1.15 on
# zmath.h) and Debian's unpatched mkfs.f2fs.pristine, from
# examples/f2fs-tools/build.sh.  Each device has conventional zones at its
# start for f2fs's metadata (mkfs.f2fs -m) and sequential ones after.
#   f2fs/001  Debian's mkfs.f2fs: refuses npo2 ("not a power of 2"),
#             formats po2
#   f2fs/002  mkfs.f2fs refuses a zone that is not whole 2 MiB segments
#   f2fs/003  po2 16M, npo2 24M (1000 MiB: a smaller last zone of 16
#             MiB), po2 32M with a 24M capacity: mkfs, mount, files
#             written, write pointers within capacity, fsck, read back
#   f2fs/004  6.12, on devices with conventional zones left for the main
#             area: a pinned file of one section's capacity truncated to
#             that size
#   (Small zones: under TCG every MiB written costs time.)
# npo2_series f2fs (6.12): npo2 as po2.  6.1's f2fs refuses npo2 at mount
# ("F2FS does not support non power of 2 zone sizes"), and the mount
# writes nothing.  On the pristine kernel npo2 devices do not exist.

F2FS_MNT=/mnt/f2fs
# what every test of tests/f2fs/ requires (examples/f2fs-tools/build.sh
# --pristine builds them)
F2FS_TOOLS="mkfs.f2fs fsck.f2fs f2fs_io mkfs.f2fs.pristine"

# c_f2fs_mkfs MKFS DEV NR_ZONES - MKFS -m formats DEV and counts NR_ZONES
# zones (shell arithmetic, not the tool, says how many)
c_f2fs_mkfs() {
	"$1" -f -m "$2" > /tmp/f2fs.mkfs 2>&1 ||
		{ tail -n 8 /tmp/f2fs.mkfs; return 1; }
	grep -E 'zones,|blocks per zone|Overprovision|Format successful' /tmp/f2fs.mkfs
	grep -q "^ *$3 zones," /tmp/f2fs.mkfs || { echo "want $3 zones"; return 1; }
}

# c_f2fs_mkfs_refused MKFS DEV PATTERN - MKFS refuses DEV, saying PATTERN,
# and writes nothing (every write pointer where it was)
c_f2fs_mkfs_refused() {
	local before
	before=$(zone_lines "$2") || return 1
	if "$1" -f -m "$2" > /tmp/f2fs.mkfs 2>&1; then
		echo "formatted: $(tail -n 2 /tmp/f2fs.mkfs)"
		return 1
	fi
	grep -i "$3" /tmp/f2fs.mkfs || { tail -n 5 /tmp/f2fs.mkfs; echo "no '$3'"; return 1; }
	[ "$(zone_lines "$2")" = "$before" ] || { echo "the zones changed"; return 1; }
}

# f2fs_mounted - f2fs is mounted on $F2FS_MNT (the checks after a failed
# mount fail instead of writing to the initramfs)
f2fs_mounted() {
	grep -q " $F2FS_MNT f2fs " /proc/mounts ||
		{ echo "f2fs is not mounted on $F2FS_MNT"; return 1; }
}

# c_f2fs_mount DEV - mount -t f2fs DEV on $F2FS_MNT
c_f2fs_mount() {
	mkdir -p $F2FS_MNT
	mount -t f2fs "$1" $F2FS_MNT || { dmesg | tail -n 5; return 1; }
}

# c_f2fs_umount - the f2fs on $F2FS_MNT unmounted
c_f2fs_umount() { f2fs_mounted && umount $F2FS_MNT; }
