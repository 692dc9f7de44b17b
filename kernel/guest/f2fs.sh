# SPDX-License-Identifier: GPL-2.0-only
# f2fs.sh - f2fs on zoned null_blk devices, for suite.sh (sourced).
#
# The project's mkfs.f2fs, fsck.f2fs and f2fs_io (f2fs-tools 1.15 on
# zmath.h) and Debian's unpatched mkfs.f2fs.pristine, from
# examples/f2fs-tools/build.sh.  Each device has conventional zones at its
# start for f2fs's metadata (mkfs.f2fs -m) and sequential ones after.
#   po2 16M, npo2 24M (1000 MiB: a smaller last zone of 16 MiB), po2 32M
#   with a 24M capacity: mkfs, mount, write files (checksums kept outside
#   the filesystem, one larger than a zone's capacity), sync, write
#   pointers within capacity, umount, fsck, mount, read back, umount.
#   6.12, on devices with conventional zones left for the main area: a
#   pinned file of one section's capacity truncated to that size.
#   (Small zones: under TCG every MiB written costs time.)
#   Debian's mkfs.f2fs: refuses npo2 ("not a power of 2"), formats po2.
#   mkfs.f2fs refuses a zone that is not whole 2 MiB segments (3M).
# npo2_series f2fs (6.12): npo2 as po2.  6.1's f2fs refuses npo2 at mount
# ("F2FS does not support non power of 2 zone sizes"), and the mount
# writes nothing.  On the pristine kernel npo2 devices do not exist.

F2FS_MNT=/mnt/f2fs
F2FS_SUM=/tmp/f2fs.sha256
# what every test of tests/f2fs/ requires (examples/f2fs-tools/build.sh
# --pristine builds them)
F2FS_TOOLS="mkfs.f2fs fsck.f2fs f2fs_io mkfs.f2fs.pristine"

# f2fs_nullb NAME SIZE_MB ZONE_MB CAP_MB NR_CONV - the group's device in
# $NB_DEV, created or REFUSED (nullb_case, quiet)
f2fs_nullb() {
	nullb_case "$F2FS_G" "$1" "$2" "$3" "$4" "$5" quiet
}

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
c_f2fs_mount() {
	mkdir -p $F2FS_MNT
	mount -t f2fs "$1" $F2FS_MNT || { dmesg | tail -n 5; return 1; }
}
# c_f2fs_write BYTES_OVER_CAP - three files of random data: 4 KiB, 5 MiB
# and one zone capacity + BYTES_OVER_CAP, so that f2fs fills a zone to its
# capacity and goes on in the next; checksums to $F2FS_SUM
c_f2fs_write() {
	rm -f $F2FS_SUM
	f2fs_mounted || return 1
	dd if=/dev/urandom of=$F2FS_MNT/small bs=4096 count=1 2> /dev/null &&
		dd if=/dev/urandom of=$F2FS_MNT/mid bs=1M count=5 2> /dev/null &&
		dd if=/dev/urandom of=$F2FS_MNT/big bs=1M count=$(($1 + 8)) 2> /dev/null &&
		sync || return 1
	(cd $F2FS_MNT && sha256sum small mid big) > $F2FS_SUM
	ls -l $F2FS_MNT
}
# c_f2fs_wps DEV ZONE_SECTORS CAP_SECTORS - every sequential zone's write
# pointer within its capacity, and more than one zone written (the big
# file crossed a capacity); a check that fails with nothing written
c_f2fs_wps() {
	zone_lines "$1" | awk -v zs="$2" -v cap="$3" '
		$6 != "conventional" && $5 != "-" {
			off = $5 - $2
			if (off > cap || off > $3) { print "zone " $1 ": wp " off " past capacity " cap; bad = 1 }
			if (off > 0) used++
		}
		$6 != "conventional" && $5 == "-" && $7 == "full" { used++ }
		END { print used + 0 " sequential zones written"; if (used < 2) bad = 1; exit bad }'
}
c_f2fs_umount() { f2fs_mounted && umount $F2FS_MNT; }
# c_f2fs_fsck DEV - fsck.f2fs finds nothing wrong, within 120 s
c_f2fs_fsck() {
	local rc=0
	timeout 120 fsck.f2fs "$1" > /tmp/f2fs.fsck 2>&1 || rc=$?
	grep -E 'Fail|corrupt|Done' /tmp/f2fs.fsck | head -n 5
	[ $rc != 143 ] || { tail -n 5 /tmp/f2fs.fsck; echo "fsck.f2fs: no end in 120 s"; }
	[ $rc = 0 ] && ! grep -q '\[Fail\]' /tmp/f2fs.fsck
}
c_f2fs_verify() {
	f2fs_mounted || return 1
	(cd $F2FS_MNT && sha256sum -c $F2FS_SUM)
}
# c_f2fs_pinned SECTION_CAP_BYTES - a pinned file of one section's
# capacity, truncated to that size: allowed, whatever power of 2 it is not
# ("truncate refused" when f2fs takes it for a part of a section).  On a
# zoned device f2fs places pinned files in conventional zones of the main
# area, hence the devices with conventional zones beyond the metadata.
c_f2fs_pinned() {
	local f=$F2FS_MNT/pinned
	f2fs_mounted || return 1
	touch $f && f2fs_io pinfile set $f > /dev/null &&
		f2fs_io fallocate 0 0 "$1" $f > /dev/null || return 1
	truncate -s "$1" $f || { echo "truncate to $1 refused"; return 1; }
	[ "$(stat -c %s $f)" = "$1" ] || { echo "size $(stat -c %s $f)"; return 1; }
	rm $f
}
# c_f2fs_mount_refused DEV - 6.1's f2fs refuses the npo2 device with its
# message, and the attempt writes nothing
c_f2fs_mount_refused() {
	local before
	before=$(zone_lines "$1") || return 1
	mkdir -p $F2FS_MNT
	dmesg_mark
	if mount -t f2fs "$1" $F2FS_MNT 2> /tmp/f2fs.mount; then
		umount $F2FS_MNT
		echo "mounted"
		return 1
	fi
	dmesg_new | grep -i "F2FS does not support non power of 2 zone sizes" ||
		{ dmesg_new | tail -n 5; echo "no refusal message"; return 1; }
	[ "$(zone_lines "$1")" = "$before" ] || { echo "the zones changed"; return 1; }
}

# f2fs_case GROUP NAME SIZE_MB ZONE_MB CAP_MB NR_CONV [NO_FSCK_WHY]
f2fs_case() {
	local zs=$(($4 * 2048)) cap=$(($5 * 2048)) npo2=0 dev
	F2FS_G=$1
	is_po2 $zs || npo2=1
	f2fs_nullb "$2" "$3" "$4" "$5" "$6"
	dev=$NB_DEV
	step "$1: mkfs.f2fs -m, $((($3 + $4 - 1) / $4)) zones" \
		c_f2fs_mkfs mkfs.f2fs "$dev" $((($3 + $4 - 1) / $4))
	if [ $npo2 = 1 ] && ! npo2_series f2fs; then
		step "$1: mount refused with a message, nothing written" \
			c_f2fs_mount_refused "$dev"
		nullb_del "$2"
		return
	fi
	step "$1: mount" c_f2fs_mount "$dev"
	step "$1: write 3 files, one past a zone's capacity, sync" \
		c_f2fs_write "$5"
	step "$1: write pointers within capacity, 2+ zones written" \
		c_f2fs_wps "$dev" $zs $cap
	step "$1: umount" c_f2fs_umount
	if [ -n "${7:-}" ]; then
		skip "$1: fsck.f2fs clean" "$7"
	else
		step "$1: fsck.f2fs clean" c_f2fs_fsck "$dev"
	fi
	step "$1: mount again" c_f2fs_mount "$dev"
	step "$1: files read back byte for byte" c_f2fs_verify
	step "$1: umount" c_f2fs_umount
	nullb_del "$2"
}
# f2fs_pinned_case GROUP NAME SIZE_MB ZONE_MB CAP_MB NR_CONV - a pinned
# file of one section's capacity truncated to it (6.12: 6.1's f2fs has no
# such check).  Pristine 6.12 tests the size with a mask: a capacity that
# is not a power of 2 is REFUSED there, as expected of the bug patch 4
# fixes.
f2fs_pinned_case() {
	local out bug=0
	F2FS_G=$1
	is_po2 $(($5 * 2048)) || bug=1
	f2fs_nullb "$2" "$3" "$4" "$5" "$6"
	step "$1: mkfs.f2fs -m" c_f2fs_mkfs mkfs.f2fs "$NB_DEV" $((($3 + $4 - 1) / $4))
	step "$1: mount" c_f2fs_mount "$NB_DEV"
	if [ -n "$SKIPPING" ]; then
		skip "$1: pinned file of one section's capacity truncated to it" "$SKIPPING"
	elif out=$(c_f2fs_pinned $(($5 * 1048576)) 2>&1); then
		ok "$1: pinned file of one section's capacity truncated to it" "$out"
	elif [ "$MODE" = baseline ] && [ $bug = 1 ] && echo "$out" | grep -q "truncate to .* refused"; then
		refused "$1: pinned file of one section's capacity truncated to it" \
			"the pristine kernel's mask: $out"
	else
		notok "$1: pinned file of one section's capacity truncated to it" "$out"
	fi
	step "$1: umount" c_f2fs_umount
	nullb_del "$2"
}
