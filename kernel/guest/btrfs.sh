# SPDX-License-Identifier: GPL-2.0-only
# btrfs.sh - what the btrfs tests share: tests/btrfs/, load/004 (btrfs
# filled by concurrent writers) and faults/002 (a power cut under btrfs).
# Busybox sh, sourced by suite.sh after lib.sh and zoned.sh.
#
# The tools: the project's mkfs.btrfs, btrfs and sb-zones (btrfs-progs 6.2
# on zmath.h, examples/btrfs-progs/build.sh) and Debian's unpatched
# mkfs.btrfs.pristine.  The check functions are zoned.sh's kind, run by
# step: 0 holds, 1 does not (their output says why), in the test's order.
# Every filesystem is mounted on $BT_MNT; what a test keeps about it
# (checksums, copies, reports) goes to $BT_WORK.

BTRFS_TOOLS="mkfs.btrfs btrfs sb-zones mkfs.btrfs.pristine"
BT_MNT=/mnt/btrfs
BT_WORK=/tmp/btrfs

# bt_umount_left - nothing mounted on $BT_MNT: a sequence of checks that
# stopped early may have left its mount behind, which holds the device
bt_umount_left() {
	! grep -q " $BT_MNT " /proc/mounts || umount "$BT_MNT"
}

# bt_fresh - nothing mounted on $BT_MNT, and an empty $BT_WORK
bt_fresh() {
	bt_umount_left
	rm -rf "$BT_WORK"
	mkdir -p "$BT_WORK" "$BT_MNT"
}

# bt_skipped GROUP WHAT - when the group's device was not made (SKIPPING
# set by nullb_case: refused by the pristine kernel, or a failure already
# reported), one SKIP line for all of WHAT, and succeed
bt_skipped() {
	[ -n "$SKIPPING" ] || return 1
	skip "$1: $2" "$SKIPPING"
}

# bt_zone_bytes DEV, bt_dev_bytes DEV - zone size and capacity, from sysfs
bt_zone_bytes() {
	echo $(($(cat "/sys/block/${1##*/}/queue/chunk_sectors") * 512))
}
bt_dev_bytes() {
	echo $(($(cat "/sys/block/${1##*/}/size") * 512))
}

# bt_mkfs DEV LABEL - mkfs.btrfs -O zoned, single data and metadata; what
# it says of zones
bt_mkfs() {
	blkdev "$1" || return 1
	mkfs.btrfs -f -O zoned -d single -m single -L "$2" "$1" \
		> "$BT_WORK/mkfs.out" 2>&1 || { tail -n 20 "$BT_WORK/mkfs.out"; return 1; }
	grep -i 'zone\|error' "$BT_WORK/mkfs.out"
}

# bt_mount DEV [OPTIONS] - mount on $BT_MNT; when the kernel refuses, its
# last btrfs messages say why
bt_mount() {
	mount -t btrfs ${2:+-o "$2"} "$1" "$BT_MNT" && return 0
	dmesg | grep -i btrfs | tail -n 3
	return 1
}

# bt_sync_umount - sync, then umount $BT_MNT
bt_sync_umount() {
	sync && umount "$BT_MNT"
}

# bt_write_files DIR TAG SUMS - about 13 MiB of random data in files of
# uneven sizes (4 KiB to 4 MiB, some not block multiples), their sha256
# and md5 sums added to SUMS
bt_write_files() {
	local dir=$1 tag=$2 i=0 spec
	mkdir -p "$dir" || return 1
	for spec in 4096:1 65536:3 1048576:1 1048576:4 131072:5 1000:7 \
		    1048576:2 4096:333 1048576:3 65536:17; do
		dd if=/dev/urandom of="$dir/$tag-$i" bs="${spec%:*}" \
			count="${spec#*:}" 2> /dev/null || return 1
		i=$((i + 1))
	done
	(cd "$dir" && sha256sum "$tag"-* && md5sum "$tag"-*) >> "$3"
}

# bt_verify_files DIR SUMS - every sha256 and md5 sum of SUMS matches
bt_verify_files() {
	local sha md5
	sha=$(grep -c '^[0-9a-f]\{64\} ' "$2")
	md5=$(grep -c '^[0-9a-f]\{32\} ' "$2")
	[ "$sha" -gt 0 ] && [ "$sha" = "$md5" ] || { echo "no checksums in $2"; return 1; }
	grep '^[0-9a-f]\{64\} ' "$2" > "$BT_WORK/sha" &&
		grep '^[0-9a-f]\{32\} ' "$2" > "$BT_WORK/md5" &&
		(cd "$1" && sha256sum -c "$BT_WORK/sha" && md5sum -c "$BT_WORK/md5")
}

# bt_mount_verify DEV DIR SUMS - mount, then bt_verify_files
bt_mount_verify() {
	bt_mount "$1" && bt_verify_files "$2" "$3"
}

# bt_check DEV - btrfs check --readonly finds nothing
bt_check() {
	btrfs check --readonly "$1"
}

# --- scrub ------------------------------------------------------------------

# bt_scrub_clean - a read-only scrub (-r) of $BT_MNT finds no errors
bt_scrub_clean() {
	btrfs scrub start -B -r "$BT_MNT" > "$BT_WORK/scrub.out" 2>&1
	local rc=$?
	cat "$BT_WORK/scrub.out"
	[ $rc = 0 ] && grep -q 'no errors found' "$BT_WORK/scrub.out"
}

# bt_scrub_ro DEV - scrub on a read-only mount, every checksum read back.
# Not on a read-write mount: on 6.1 a read-write scrub marks each block
# group read-only with chunk allocation allowed, which allocates a second
# SYSTEM chunk on a zoned filesystem; the first one, emptied by COW and
# still active, is then zone-finished by the cleaner (alloc_offset set to
# the zone capacity, meta_write_pointer left behind) and removed, and
# btrfs_remove_block_group() hits WARN_ON(has_unwritten_metadata()).
bt_scrub_ro() {
	local rc
	bt_mount "$1" ro || return 1
	bt_scrub_clean && rc=0 || rc=1
	umount "$BT_MNT" || return 1
	return $rc
}

# bt_scrub_rw DEV - the read-write scrub above, umount, and a mount whose
# cleaner removes the block groups the scrub emptied: no errors, and no
# block group removed before its metadata was written out.  Pristine
# 6.1.192 fails it: the scrub finishes a partly used metadata block group
# without moving its meta_write_pointer, and btrfs-cleaner, after the
# mount, removes it with a WARN_ON ("block group ... is removed before
# metadata write out").  The 6.1 series fixes it; 6.12 has the fix.
bt_scrub_rw() {
	local rc bad
	bt_mount "$1" || return 1
	dmesg_mark
	bt_scrub_clean && rc=0 || rc=1
	umount "$BT_MNT" && bt_mount "$1" || return 1
	sync
	sleep 2
	umount "$BT_MNT" || return 1
	bad=$(dmesg_new | grep -E 'removed before metadata write out|WARNING:')
	[ -z "$bad" ] || { echo "$bad"; return 1; }
	return $rc
}

# --- block groups and their zones ------------------------------------------

# bt_chunks DEV TYPE - the physical offsets (bytes) of the chunks whose
# type matches TYPE (DATA, or . for all), from the chunk tree, device 1
bt_chunks() {
	btrfs inspect-internal dump-tree -t chunk "$1" 2> /dev/null |
		awk -v t="type $2" '/ CHUNK_ITEM /  { item = 1; next }
		     item && $0 ~ t { data = 1 }
		     item && data && /stripe 0 devid 1 offset/ {
			print $NF; item = 0; data = 0 }
		     / item [0-9]+ key / { item = 0; data = 0 }'
}

# bt_fill_zone DEV ZONE FILE - write zeros to FILE, exactly as much as the
# data block group in ZONE has left (its zone capacity minus what the write
# pointer says is written), sync: the zone is then full.  The sequential
# allocator puts every byte of it there (the only data block group with
# room), and a block group written to its capacity is the one the
# kernel's cleaner frees once it holds no file.
bt_fill_zone() {
	local start cap wp left
	set -- "$@" $(zone_lines "$1" | awk -v z="$2" '$1 == z { print $2, $4, $5; exit }')
	start=$4 cap=$5 wp=$6
	[ -n "$wp" ] || { echo "zone $2: no zone report"; return 1; }
	left=$(((start + cap - wp) * 512))
	echo "zone $2: wp $wp, $left bytes left of its capacity $((cap * 512))"
	[ "$left" -gt 0 ] || return 1
	# whole MiBs, then the 4 KiB blocks left (the write pointer moves in
	# 4 KiB data blocks)
	dd if=/dev/zero of="$3" bs=1M count=$((left >> 20)) 2> /dev/null &&
		dd if=/dev/zero of="$3" bs=4096 count=$(((left & 1048575) / 4096)) \
			seek=$(((left >> 20) * 256)) conv=notrunc 2> /dev/null &&
		[ "$(stat -c %s "$3")" = "$left" ] && sync || return 1
	echo "zone $2 now: $(zone_lines "$1" | awk -v z="$2" '$1 == z') (capacity ends at $((start + cap)))"
	# a full ZNS zone reports its wp at the zone end, null_blk at the end
	# of its capacity: the condition says it
	[ "$(cond_of "$1" "$2")" = full ]
}

# bt_commits_until SECONDS CHECK... - a commit a second (btrfs filesystem
# sync: a commit, and the transaction kthread wakes the cleaner, which
# deletes unused block groups; their zones are reset when that deletion
# commits) until CHECK holds, for SECONDS at most
bt_commits_until() {
	local i=0 limit=$1
	shift
	while [ $i -lt "$limit" ]; do
		btrfs filesystem sync "$BT_MNT" > /dev/null 2>&1
		"$@" && { echo "after $i s of commits"; return 0; }
		sleep 1
		i=$((i + 1))
	done
	echo "not after $limit s of commits"
	return 1
}

# bt_zone_reset DEV ZONE START - the zone is empty, its write pointer at
# START
bt_zone_reset() {
	[ "$(cond_of "$1" "$2")" = empty ] && [ "$(wp_of "$1" "$2")" = "$3" ]
}

# bt_wait_reset DEV ZONE SECONDS - the cleaner resets ZONE
bt_wait_reset() {
	local start
	start=$(zone_field "$1" "$2" 2)
	echo "zone $2 starts at $start, $(cond_of "$1" "$2"), wp $(wp_of "$1" "$2")"
	bt_commits_until "$3" bt_zone_reset "$1" "$2" "$start" || {
		echo "zone $2 still $(cond_of "$1" "$2"), wp $(wp_of "$1" "$2")"
		return 1
	}
	echo "zone $2 empty, its wp at the zone start"
}
