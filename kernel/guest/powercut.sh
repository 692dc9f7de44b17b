# SPDX-License-Identifier: GPL-2.0-only
# powercut.sh - a power cut under a mounted zonefs and btrfs, for
# faults/003 (busybox sh, sourced by suite.sh after zoned.sh, dm.sh and
# btrfs.sh).
#
# The filesystem sits on a dm-flakey device over a memory-backed null_blk,
# po2 and npo2.  The cut, as fstests makes it: the table is swapped,
# without freezing or flushing the filesystem (dmsetup suspend
# --nolockfs), for one that fails every write from then on.  The
# filesystem is unmounted, the passing table swapped back, and it is
# mounted again: what was synced before the cut reads back byte for byte;
# btrfs: what was not is gone or intact, never torn, and btrfs check is
# clean; zonefs: a write after the cut fails and changes no file.  Zone
# management passes dm-flakey at all times; nothing here resets a zone
# after the cut.
#
# Not null_blk's own "power" attribute: a null_blk powered on again
# rebuilds every zone empty (null_init_zoned_dev()), its memory keeps only
# the data, and no zoned filesystem survives that.
#
# Where dm maps no npo2 device (npo2_series dm: 6.1), the npo2 group's
# table is refused with the series' message and its checks skip.

PC_MNT=/mnt/powercut

# pc_swap NAME DEV LEN up|cut - swap the dm-flakey table of NAME, over
# sectors 0 to LEN of DEV, without freezing or flushing what sits on it
# (dmsetup suspend --nolockfs: the I/O in flight completes, nothing else
# is written): "up" passes every I/O, "cut" fails every write from then on
# (error_writes in a down interval that never ends)
pc_swap() {
	local table
	case $4 in
	up) table=$(dm_table flakey "$2" 0 "$3") ;;
	cut) table="0 $3 flakey $2 0 0 1 1 error_writes" ;;
	esac
	dmsetup --noudevsync suspend --nolockfs "$1" &&
		dmsetup --noudevsync load "$1" --table "$table" &&
		dmsetup --noudevsync resume "$1" &&
		dmsetup table "$1"
}

# c_pc_zonefs_before DM - format, mount, append 1 MiB to seq/0 and 512K
# to seq/1 with O_DIRECT, sync; the files' checksums to /tmp/pc.sums
c_pc_zonefs_before() {
	blkdev "$1" || return 1
	need zmath-zonefs-mkfs || return 77
	zmath-zonefs-mkfs "$1" > /tmp/pc.mkfs 2>&1 || { cat /tmp/pc.mkfs; return 1; }
	mkdir -p $PC_MNT
	mount -t zonefs "$1" $PC_MNT || return 1
	dd if=/dev/urandom of=$PC_MNT/seq/0 bs=64k count=16 \
		oflag=direct,append conv=notrunc 2> /tmp/pc.err &&
		dd if=/dev/urandom of=$PC_MNT/seq/1 bs=64k count=8 \
		oflag=direct,append conv=notrunc 2> /tmp/pc.err &&
		sync || { cat /tmp/pc.err; return 1; }
	(cd $PC_MNT/seq && md5sum 0 1 2) > /tmp/pc.sums
	cat /tmp/pc.sums
}

# c_pc_zonefs_write_fails - after the cut, an append to seq/2 fails with
# an I/O error, and zonefs (errors=remount-ro) remounts read-only
c_pc_zonefs_write_fails() {
	if dd if=/dev/urandom of=$PC_MNT/seq/2 bs=64k count=1 \
		oflag=direct,append conv=notrunc 2> /tmp/pc.err; then
		echo "the write after the cut succeeded"
		return 1
	fi
	grep -q 'Input/output error' /tmp/pc.err || { cat /tmp/pc.err; return 1; }
	echo "refused: $(grep -v records /tmp/pc.err | head -n 1)"
	grep " $PC_MNT " /proc/mounts | grep -q ' zonefs ro,' ||
		{ echo "not remounted read-only: $(grep " $PC_MNT " /proc/mounts)"; return 1; }
	echo "zonefs remounted read-only"
}

# c_pc_zonefs_after DM - mount again: every file as synced before the cut
c_pc_zonefs_after() {
	mount -t zonefs "$1" $PC_MNT || return 1
	(cd $PC_MNT/seq && md5sum -c /tmp/pc.sums) || return 1
	echo "seq/0 $(stat -c %s $PC_MNT/seq/0) bytes, seq/1 $(stat -c %s $PC_MNT/seq/1), seq/2 $(stat -c %s $PC_MNT/seq/2)"
}

# --- btrfs: what was not synced is gone or a prefix, never torn -------------

# c_pc_btrfs_synced DIR TAG SUMS - bt_write_files, then sync
c_pc_btrfs_synced() {
	bt_write_files "$@" && sync
}

# c_pc_btrfs_unsynced DIR TAG SUMS COPY - bt_write_files, and a copy of the
# files in COPY (read from the page cache: nothing is synced)
c_pc_btrfs_unsynced() {
	bt_write_files "$1" "$2" "$3" && cp -r "$1" "$4"
}

# c_pc_btrfs_gone_or_prefix DIR COPY - every file of COPY (what was
# written to DIR and never synced) is, in DIR, either gone or a prefix of
# it, whole or cut short where writeback stopped: never other bytes, never
# longer
c_pc_btrfs_gone_or_prefix() {
	local f n want gone=0 whole=0 cut=0
	for f in "$2"/*; do
		[ -f "$f" ] || { echo "no copy in $2"; return 1; }
		if [ ! -e "$1/${f##*/}" ]; then
			gone=$((gone + 1))
			continue
		fi
		n=$(stat -c %s "$1/${f##*/}") want=$(stat -c %s "$f")
		[ "$n" -le "$want" ] && head -c "$n" "$f" | cmp -s - "$1/${f##*/}" ||
			{ echo "${f##*/}: $n bytes of $want, not a prefix of what was written"; return 1; }
		if [ "$n" = "$want" ]; then
			whole=$((whole + 1))
		else
			cut=$((cut + 1))
			echo "${f##*/}: $n bytes of $want"
		fi
	done
	echo "$gone gone, $whole whole, $cut cut short"
}
