# SPDX-License-Identifier: GPL-2.0-only
# powercut.sh - a power cut under a mounted zonefs and btrfs, for
# tests/faults/ (busybox sh, sourced by suite.sh after zoned.sh and dm.sh).
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

# pc_swap NAME DEV LEN up|cut - dm-swap.sh: "up" passes every I/O, "cut"
# fails every write, nothing flushed
pc_swap() {
	sh /guest/dm-swap.sh "$@"
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

# pc_group GROUP NAME ZONE_MB - 16 zones under a flakey table: zonefs, then
# btrfs (btrfs.sh powercut)
pc_group() {
	local g=$1 name=pc-$2 zs=$(($3 * 2048)) len dm cut skipping why
	len=$((16 * zs))
	nullb_case "$g" "$2" $((16 * $3)) "$3" "$3" 0 quiet
	if [ -z "$SKIPPING" ] && ! is_po2 $zs && ! npo2_series dm; then
		step "$g: flakey table refused, 'not a power of 2'" \
			c_dm_refused "$name" "$(dm_table flakey "$NB_DEV" 0 $len)" \
			"not a power of 2"
		SKIPPING="6.1's series does not convert device mapper: no npo2 table to cut"
	else
		step "$g: flakey table over the device, every I/O passing" \
			c_dm_new "$name" "$(dm_table flakey "$NB_DEV" 0 $len)"
	fi
	dm=$(dm_dev "$name") || dm=/dev/dm-missing
	# synchronous O_DIRECT appends: pristine 6.1.192's zonefs fails them
	skipping=$SKIPPING
	[ -n "$SKIPPING" ] || ! why=$(stable_bug_skip zonefs-sync-dio) ||
		SKIPPING=$why
	step "$g: zonefs: seq/0 and seq/1 written with O_DIRECT, synced" \
		c_pc_zonefs_before "$dm"
	step "$g: power cut: every write fails from now on" \
		pc_swap "$name" "$NB_DEV" $len cut
	step "$g: zonefs: a write after the cut fails" c_pc_zonefs_write_fails
	step "$g: zonefs: umount after the cut" umount $PC_MNT
	step "$g: power back" pc_swap "$name" "$NB_DEV" $len up
	step "$g: zonefs: mounted again, seq/0-2 as synced before the cut" \
		c_pc_zonefs_after "$dm"
	step "$g: zonefs: umount" umount $PC_MNT
	SKIPPING=$skipping
	if [ -n "$SKIPPING" ]; then
		skip "$g: btrfs.sh powercut" "$SKIPPING"
	else
		cut="sh /guest/dm-swap.sh $name $NB_DEV $len"
		btrfs_sh "$g" powercut "$dm" "$cut cut" "$cut up"
	fi
	grep -q " $PC_MNT " /proc/mounts && umount $PC_MNT
	dm_del "$name"
	nullb_del "$2"
	SKIPPING=
}
