#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# btrfs.sh - btrfs on zoned block devices of any zone size, in the QEMU guest.
#
#   btrfs.sh [options] data DEVICE [NAME]
#       mkfs.btrfs -O zoned, mount, write files of random content (checksums
#       kept outside the filesystem), sync, umount, mount, verify, scrub,
#       delete and rewrite so that a data block group is freed by the
#       kernel's cleaner (no balance), its zone reset and reused, verify
#       again.  Needs zmath-zone (zone report) in $PATH.
#   btrfs.sh [options] mirrors DEVICE | mirrors [ZONE_MIB] [SIZE_GIB]
#       a zoned device over 4 TiB where both superblock mirrors exist (given,
#       or made: a sparse memory-backed null_blk, default 96 MiB zones, 5120
#       GiB): mkfs, mount, write, sync; the write pointers of the zones the
#       rule gives moved (the kernel wrote there, not beside), and
#       dump-super -s 1 / -s 2 finds the kernel's mirrors, current
#       generation.
#   btrfs.sh [options] fill DEVICE [NAME]
#       mkfs, then FILL_WRITERS writers at once until ENOSPC; sync,
#       remount, every byte reads back; delete it all, the cleaner resets
#       the emptied zones; fill again to as much; btrfs check is clean.
#   btrfs.sh [options] powercut DEVICE CUT RESTORE
#       mkfs, mount, a set of files synced and one not; the shell command
#       CUT (from then on every write fails, nothing is flushed), umount,
#       RESTORE, mount: the synced set reads back byte for byte, each file
#       of the other is gone or a prefix of itself, btrfs check is clean.
#   btrfs.sh [options] baseline DEVICE
#       Debian's unpatched mkfs.btrfs (-p) must refuse an npo2 zoned device
#       ("not a power of 2") and format a po2 one (the control).
#
# Options:
#   -m PATH  patched mkfs.btrfs   (default: mkfs.btrfs next to this script,
#   -b PATH  patched btrfs          then in bin/ next to it, then $PATH)
#   -s PATH  sb-zones, the superblock zone rule built from zmath.h (optional:
#            the rule is also computed here with shell arithmetic)
#   -p PATH  Debian's unpatched mkfs.btrfs, for baseline
#   -n N     number of the first TAP line (default 1)
#   -S       no sb-zones --check line (the caller ran it once already)
#   -t DIR   mount point (default /mnt/btrfs-test)
#   -R WHY   no read-write scrub in "data" (a SKIP line that says WHY)
#
# Prints TAP lines "ok N - btrfs: ..." / "not ok N - btrfs: ...", comments
# starting with "#", and as its last line "# btrfs next N" (the number the
# caller's next TAP line should take).  Exit status 0 if every check passed,
# 1 if one failed, 2 for bad usage.  Runs under busybox sh; needs dd,
# sha256sum, md5sum, mount, awk and, for "mirrors", configfs with null_blk.
#
# Hook for the suite: either run it ("sh btrfs.sh -n $n data /dev/nullb0")
# and continue numbering from its last line, or source it with
# BTRFS_SH_LIB=1 set and call btrfs_data / btrfs_mirrors / btrfs_baseline
# with the runner's own ok/not ok counter in $tap_n.

here=$(cd "$(dirname "$0")" 2>/dev/null && pwd)
tap_n=${tap_n:-1}
btrfs_failed=0
mnt=/mnt/btrfs-test
work=/tmp/btrfs-test
MKFS='' BTRFS='' SBZONES='' PRISTINE='' SBCHECK=1 NO_RW_SCRUB=''

tap() {
	# tap ok|fail|skip DESCRIPTION [WHY]
	if [ "$1" = ok ]; then
		echo "ok $tap_n - btrfs: $2"
	elif [ "$1" = skip ]; then
		echo "ok $tap_n - btrfs: $2 # SKIP $3"
	else
		echo "not ok $tap_n - btrfs: $2"
		btrfs_failed=$((btrfs_failed + 1))
	fi
	tap_n=$((tap_n + 1))
}
check() {
	# check DESCRIPTION COMMAND...: one TAP line from a command's status
	local d=$1
	shift
	if "$@" > "$work/out" 2>&1; then
		tap ok "$d"
	else
		tap fail "$d"
		sed 's/^/#   /; s/WARNING:/warning:/' "$work/out" | tail -n 20
		return 1
	fi
}
skip() { echo "ok $tap_n - btrfs: $1 # SKIP $2"; tap_n=$((tap_n + 1)); }
note() { echo "# btrfs: $*"; }

find_tool() {
	# find_tool NAME: next to this script, in bin/ beside it, or in $PATH
	local f
	for f in "$here/$1" "$here/bin/$1" "$here/../bin/$1"; do
		[ -x "$f" ] && { echo "$f"; return 0; }
	done
	command -v "$1" 2>/dev/null
}

# --- helpers -----------------------------------------------------------------

dev_name() { basename "$(readlink -f "$1")"; }
# zone size and capacity of a device, in bytes, from sysfs
zone_bytes() { echo $(($(cat "/sys/block/$(dev_name "$1")/queue/chunk_sectors") * 512)); }
dev_bytes() { echo $(($(cat "/sys/block/$(dev_name "$1")/size") * 512)); }

# The superblock log rule, in shell arithmetic (64-bit in busybox sh):
# mirror 1 and 2 sit in the zone holding 512 GiB and 4 TiB.
sb_zone_sh() {
	case $2 in
	0) echo 0 ;;
	1) echo $(((512 << 30) / $1)) ;;
	2) echo $(((4096 << 30) / $1)) ;;
	esac
}

# mount_btrfs DEVICE [OPTIONS]: mount on $mnt; on failure the kernel's
# last btrfs messages say why
mount_btrfs() {
	mount -t btrfs ${2:+-o "$2"} "$1" "$mnt" && return 0
	dmesg | grep -i btrfs | tail -n 3
	return 1
}

mkfs_zoned() {
	# mkfs_zoned DEVICE LABEL
	"$MKFS" -f -O zoned -d single -m single -L "$2" "$1"
}

write_files() {
	# write_files DIR TAG SUMFILE: ~12 MiB of random data in files of uneven
	# sizes (4 KiB to 4 MiB, some not block multiples), checksums to SUMFILE
	local dir=$1 tag=$2 sums=$3 i spec name bs count
	mkdir -p "$dir" || return 1
	i=0
	for spec in 4096:1 65536:3 1048576:1 1048576:4 131072:5 1000:7 \
		    1048576:2 4096:333 1048576:3 65536:17; do
		bs=${spec%:*} count=${spec#*:}
		name=$dir/$tag-$i
		dd if=/dev/urandom of="$name" bs="$bs" count="$count" 2>/dev/null ||
			return 1
		i=$((i + 1))
	done
	(cd "$dir" && sha256sum "$tag"-* && md5sum "$tag"-*) >> "$sums"
}

verify_files() {
	# verify_files DIR SUMFILE: every sha256 and md5 recorded must match
	local sha md5
	sha=$(grep -c '^[0-9a-f]\{64\} ' "$2")
	md5=$(grep -c '^[0-9a-f]\{32\} ' "$2")
	[ "$sha" -gt 0 ] && [ "$sha" = "$md5" ] || { echo "no checksums"; return 1; }
	grep '^[0-9a-f]\{64\} ' "$2" > "$work/sha" &&
	grep '^[0-9a-f]\{32\} ' "$2" > "$work/md5" &&
	(cd "$1" && sha256sum -c "$work/sha" && md5sum -c "$work/md5")
}

# scrub_clean MOUNTPOINT: a read-only scrub (-r) that finds no errors.
# btrfs-progs warns "WARNING: failed to open the progress status socket"
# (the guest kernel has no unix sockets): said in lower case here, so that
# the host's judge, which fails a run on a kernel "WARNING:", never sees it.
scrub_clean() {
	"$BTRFS" scrub start -B -r "$1" > "$work/scrub" 2>&1
	local rc=$?
	sed 's/WARNING:/warning:/' "$work/scrub"
	[ $rc = 0 ] && grep -q 'no errors found' "$work/scrub"
}

# dev_extents DEVICE TYPE: physical offsets of the chunks whose type
# matches TYPE (DATA, or . for all), from the chunk tree, device 1
dev_extents() {
	"$BTRFS" inspect-internal dump-tree -t chunk "$1" 2>/dev/null |
		awk -v t="type $2" '/ CHUNK_ITEM /  { item = 1; next }
		     item && $0 ~ t { data = 1 }
		     item && data && /stripe 0 devid 1 offset/ {
			print $NF; item = 0; data = 0 }
		     / item [0-9]+ key / { item = 0; data = 0 }'
}

# --- zones: the project's report tool ----------------------------------------

# zone_lines DEV: "zone start length capacity wp type cond" per zone
# (512-byte sectors), the zone lines of zmath-zone report and nothing else
zone_lines() {
	zmath-zone report "$1" 2>/dev/null | awk 'NF == 7 && $2 ~ /^[0-9]+$/'
}
# zone_line DEV ZONE: the line of one zone
zone_line() {
	zone_lines "$1" | awk -v z="$2" '$1 == z { print; exit }'
}
# zone_get DEV ZONE FIELD: 2 start, 3 length, 4 capacity, 5 wp, 7 cond
zone_get() { zone_line "$1" "$2" | awk -v f="$3" '{ print $f }'; }

# fill_zone DEV ZONE FILE: write zeros to FILE, exactly as much as the data
# block group in ZONE has left (its zone capacity minus what the write
# pointer says is written), sync; the zone must then be written to its
# capacity.  The sequential allocator puts every byte of it there (the only
# data block group with room), and a block group written to its capacity is
# the one the kernel's cleaner frees once it holds no file.
fill_zone() {
	local l start cap wp left
	l=$(zone_line "$1" "$2")
	set -- "$1" "$2" "$3" $l
	start=$5 cap=$7 wp=$8
	[ -n "$wp" ] || { echo "zone $2: no zone report"; return 1; }
	left=$(((start + cap - wp) * 512))
	echo "zone $2: wp $wp, $left bytes left of its capacity $((cap * 512))"
	[ "$left" -gt 0 ] || return 1
	# whole MiBs, then the 4 KiB blocks that are left (the write pointer
	# moves in 4 KiB data blocks)
	dd if=/dev/zero of="$3" bs=1M count=$((left >> 20)) 2>/dev/null &&
	dd if=/dev/zero of="$3" bs=4096 count=$(((left & 1048575) / 4096)) \
		seek=$(((left >> 20) * 256)) conv=notrunc 2>/dev/null &&
	[ "$(stat -c %s "$3")" = "$left" ] && sync || return 1
	l=$(zone_line "$1" "$2")
	echo "zone $2 now: $l (capacity ends at $((start + cap)))"
	# full; a full ZNS zone reports its wp at the zone end, null_blk at
	# the end of its capacity
	[ "$(echo "$l" | awk '{ print $7 }')" = full ]
}

# wait_reset DEV ZONE SECONDS: ask for commits (btrfs filesystem sync: a
# commit, and the transaction kthread wakes the cleaner, which deletes
# unused block groups; the zone reset is done when that deletion commits)
# until the zone is empty with its write pointer at its start
wait_reset() {
	local i=0 start wp cond
	start=$(zone_get "$1" "$2" 2)
	while [ $i -lt "$3" ]; do
		"$BTRFS" filesystem sync "$mnt" > /dev/null 2>&1
		wp=$(zone_get "$1" "$2" 5) cond=$(zone_get "$1" "$2" 7)
		if [ "$cond" = empty ] && [ "$wp" = "$start" ]; then
			echo "zone $2 empty, wp $wp = zone start, after $i s"
			return 0
		fi
		sleep 1
		i=$((i + 1))
	done
	echo "zone $2 still $cond, wp $wp (start $start) after $3 s"
	return 1
}

# scrub_ro DEVICE: scrub on a read-only mount, every checksum read back.
# Not on a read-write mount: on 6.1 a read-write scrub marks each block
# group read-only with chunk allocation allowed, which allocates a second
# SYSTEM chunk on a zoned filesystem; the first one, emptied by COW and
# still active, is then zone-finished by the cleaner (alloc_offset set to
# the zone capacity, meta_write_pointer left behind) and removed, and
# btrfs_remove_block_group() hits WARN_ON(has_unwritten_metadata()).
scrub_ro() {
	mount_btrfs "$1" ro || return 1
	scrub_clean "$mnt"
	local rc=$?
	umount "$mnt" || return 1
	return $rc
}

# scrub_rw DEVICE: the read-write scrub above, umount, and a mount whose
# cleaner removes the block groups the scrub emptied: no errors, and no
# block group removed before its metadata was written out.  Pristine
# 6.1.192 fails it: the scrub finishes a partly used metadata block group
# without moving its meta_write_pointer, and btrfs-cleaner, after the
# mount, removes it with a WARN_ON ("block group ... is removed before
# metadata write out").  The 6.1 series fixes it; 6.12 has the fix.  Last
# in "data": it allocates chunks the checks before it do not expect.
scrub_rw() {
	local rc bad
	mount_btrfs "$1" || return 1
	dmesg -c > /dev/null
	scrub_clean "$mnt"
	rc=$?
	umount "$mnt" && mount_btrfs "$1" || return 1
	sync
	sleep 2
	umount "$mnt" || return 1
	bad=$(dmesg | grep -E 'removed before metadata write out|WARNING:')
	[ -z "$bad" ] || { echo "$bad" | sed 's/WARNING:/warning:/'; return 1; }
	return $rc
}

# --- data: write, remount, verify, scrub, free zones, reuse them --------------

btrfs_data() {
	local dev=$1 name=${2:-$(dev_name "$1")} zs sums d1 d2 z1 z2 x t0
	local reused after
	t0=$(date +%s)
	zs=$(zone_bytes "$dev")
	note "$name: $dev, zone size $zs bytes ($((zs >> 20)) MiB), capacity $(dev_bytes "$dev") bytes"
	command -v zmath-zone > /dev/null ||
		{ tap fail "$name: zmath-zone (zone report) is not in PATH"; return 1; }
	sums=$work/$name.sums
	rm -f "$sums" "$sums".*
	umount "$mnt" 2>/dev/null
	mkdir -p "$mnt"

	check "$name: mkfs.btrfs -O zoned" mkfs_zoned "$dev" "zmath-$name" ||
		return 1
	grep -i 'zone\|error' "$work/out" | sed 's/^/#   /'
	check "$name: mount" mount_btrfs "$dev" || return 1
	check "$name: write ~13 MiB of random files, sha256+md5 recorded" \
		write_files "$mnt/a" a "$sums"
	check "$name: sync and umount" sh -c "sync && umount $mnt"
	check "$name: mount again" mount_btrfs "$dev" || return 1
	check "$name: every checksum matches after remount" \
		verify_files "$mnt/a" "$sums"
	check "$name: umount" umount "$mnt" || return 1
	check "$name: scrub (read-only mount) finds no errors" scrub_ro "$dev"

	# Free a data block group without balance: fill the first one (D1) to
	# its zone capacity, keep a second set (k) in the next one (D2), fill
	# D2 too, delete everything but k.  D1 is then unused and written to
	# its capacity, so the cleaner deletes it and its zone is reset; the
	# next set (b) finds D2 full, and the new chunk goes to the lowest free
	# zone: D1's.
	d1=$(dev_extents "$dev" DATA)
	note "$name: chunks after mkfs at (bytes): $(echo $(dev_extents "$dev" .))"
	if [ "$(echo $d1 | wc -w)" != 1 ]; then
		tap fail "$name: one data chunk after mkfs, dump-tree shows '$(echo $d1)'"
		return 1
	fi
	z1=$((d1 / zs))
	check "$name: mount for the rewrite" mount_btrfs "$dev" || return 1
	check "$name: fill data chunk 1 (zone $z1) to its zone capacity" \
		fill_zone "$dev" $z1 "$mnt/f1" && sed 's/^/#   /' "$work/out"
	check "$name: write a set k (~13 MiB) that stays" \
		write_files "$mnt/k" k "$sums.k"
	sync
	d2=$(dev_extents "$dev" DATA | grep -vx "$d1")
	if [ "$(echo $d2 | wc -w)" != 1 ]; then
		tap fail "$name: a second data chunk for set k, dump-tree shows '$(echo $d2)'"
		umount "$mnt"
		return 1
	fi
	z2=$((d2 / zs))
	check "$name: fill data chunk 2 (zone $z2) to its zone capacity" \
		fill_zone "$dev" $z2 "$mnt/f2" && sed 's/^/#   /' "$work/out"
	check "$name: delete set a and both fillers" rm -rf "$mnt/a" "$mnt/f1" "$mnt/f2"
	if check "$name: the cleaner frees chunk 1: zone $z1 reset (1 zone)" \
		wait_reset "$dev" $z1 30; then
		sed 's/^/#   /' "$work/out"
	fi
	check "$name: write a set b (~13 MiB) after the delete" \
		write_files "$mnt/b" b "$sums.b"
	check "$name: sync and umount" sh -c "sync && umount $mnt" || return 1
	after=$(dev_extents "$dev" DATA)
	note "$name: data chunks after rewrite at (bytes): $(echo $after)"
	reused=0
	for x in $after; do
		[ "$x" = "$d1" ] && reused=$((reused + 1))
	done
	x=$(zone_get "$dev" $z1 5)
	if [ $reused = 1 ] && [ "${x:-0}" -gt $((z1 * zs / 512)) ]; then
		tap ok "$name: reset zone $z1 reused for data: a data chunk at $d1 again, wp $x (1 zone reused)"
	else
		tap fail "$name: reset zone $z1 not reused: data chunks at $(echo $after), wp $x"
	fi
	# "every" holds of no extent at all: none is a failure of its own
	[ -n "$after" ] || {
		tap fail "$name: no data dev extent after the rewrite"
		x=bad
	}
	for x in $after; do
		[ $((x % zs)) = 0 ] || {
			tap fail "$name: dev extent $x not on a zone boundary"
			x=bad
			break
		}
	done
	[ "$x" = bad ] || tap ok "$name: every data dev extent starts on a zone boundary"
	check "$name: mount after rewrite" mount_btrfs "$dev" || return 1
	check "$name: set k verifies" verify_files "$mnt/k" "$sums.k"
	check "$name: set b verifies" verify_files "$mnt/b" "$sums.b"
	check "$name: set a and the fillers are gone" \
		sh -c "! ls -d $mnt/a $mnt/f1 $mnt/f2 2>/dev/null"
	check "$name: umount" umount "$mnt"
	check "$name: scrub after rewrite (read-only mount) finds no errors" \
		scrub_ro "$dev"
	if [ -n "$NO_RW_SCRUB" ]; then
		tap skip "$name: read-write scrub, then no block group removed before its metadata is written" "$NO_RW_SCRUB"
	else
		check "$name: read-write scrub, then no block group removed before its metadata is written" \
			scrub_rw "$dev"
	fi
	note "$name: data cycle took $(($(date +%s) - t0)) s"
}

# --- fill: concurrent writers until the device is full, cleaned, again -------

FILL_WRITERS=4

# fill_writers DIR SOURCE: FILL_WRITERS writers at once, writer i copying
# SOURCE into DIR/wi-0, wi-1, ... until a copy fails; each one's last dd
# error goes to $work/fill.err.i
fill_writers() {
	local i=0
	mkdir -p "$1" || return 1
	rm -f "$work"/fill.err.*
	while [ $i -lt $FILL_WRITERS ]; do
		(
			k=0
			while dd if="$2" of="$1/w$i-$k" bs=64k \
				2> "$work/fill.err.$i"; do
				k=$((k + 1))
			done
		) &
		i=$((i + 1))
	done
	wait
}

# fill_full DIR: the writers ran until the filesystem was full:
# every one of them stopped on ENOSPC, and nothing else
fill_full() {
	local i=0 err
	while [ $i -lt $FILL_WRITERS ]; do
		err=$(grep -v 'records\|copied' "$work/fill.err.$i")
		case $err in
		*"No space left on device"*) ;;
		*) echo "writer $i stopped on: ${err:-nothing}"; return 1 ;;
		esac
		i=$((i + 1))
	done
	echo "$FILL_WRITERS writers stopped on ENOSPC, $(ls "$1" | wc -l) files"
}

# fill_verify DIR SOURCE: every file holds the start of SOURCE, as long as
# the file is; prints the bytes of all files and fails on none
fill_verify() {
	local f n total=0 files=0
	for f in "$1"/*; do
		[ -f "$f" ] || continue
		n=$(stat -c %s "$f")
		head -c "$n" "$2" | cmp -s - "$f" ||
			{ echo "$f: its $n bytes differ from the source's"; return 1; }
		total=$((total + n)) files=$((files + 1))
	done
	[ $files -gt 0 ] || { echo "no file in $1"; return 1; }
	echo "$total"
}

# fill_zones_used DEV: how many zones are not empty
fill_zones_used() {
	zone_lines "$1" | awk '$7 != "empty" { n++ } END { print n + 0 }'
}

# fill_round DEV DIR SOURCE MIN: fill from empty, sync, remount, verify;
# at least MIN bytes must have been taken.  Prints the bytes.
fill_round() {
	local t0 bytes
	t0=$(date +%s)
	fill_writers "$2" "$3" || return 1
	fill_full "$2" || return 1
	sync && umount "$mnt" && mount_btrfs "$1" || return 1
	bytes=$(fill_verify "$2" "$3") || { echo "$bytes"; return 1; }
	echo "$bytes bytes written by $FILL_WRITERS writers in $(($(date +%s) - t0)) s (TCG), all read back after a remount; $(fill_zones_used "$1") zones used"
	[ "$bytes" -ge "$4" ] || { echo "want at least $4 bytes"; return 1; }
}

# fill_clean DEV DIR BASE: delete every file; the cleaner deletes the
# emptied block groups and resets their zones, within 60 s of commits:
# at most BASE + 2 zones stay used (BASE: those of the empty filesystem;
# metadata may have moved on to a new zone, the open data block group may
# stay)
fill_clean() {
	local used i=0 now
	used=$(fill_zones_used "$1")
	rm -rf "$2" || return 1
	while [ $i -lt 60 ]; do
		"$BTRFS" filesystem sync "$mnt" > /dev/null 2>&1
		now=$(fill_zones_used "$1")
		if [ "$now" -le $(($3 + 2)) ]; then
			echo "$used zones used, $now after the delete and $i s of commits ($3 when empty)"
			return 0
		fi
		sleep 1
		i=$((i + 1))
	done
	echo "$used zones used, still $now after the delete and 60 s ($3 when empty)"
	return 1
}

# btrfs_check DEVICE: btrfs check --readonly finds nothing
btrfs_check() {
	"$BTRFS" check --readonly "$1"
}

btrfs_fill() {
	local dev=$1 name=${2:-$(dev_name "$1")} size first base
	local src=$work/fill.src out=$work/fill.out
	size=$(dev_bytes "$dev")
	note "$name: $dev, zone size $(zone_bytes "$dev") bytes, capacity $size bytes"
	command -v zmath-zone > /dev/null ||
		{ tap fail "$name: zmath-zone (zone report) is not in PATH"; return 1; }
	umount "$mnt" 2>/dev/null
	mkdir -p "$mnt"
	dd if=/dev/urandom of="$src" bs=1M count=4 2> /dev/null || return 1
	check "$name: mkfs.btrfs -O zoned" mkfs_zoned "$dev" "zmath-$name" ||
		return 1
	check "$name: mount" mount_btrfs "$dev" || return 1
	base=$(fill_zones_used "$dev")
	# Half the device at least: the rest is superblock, system and
	# metadata zones, and the zones the allocator keeps in reserve.
	if fill_round "$dev" "$mnt/1" "$src" $((size / 2)) > "$out" 2>&1; then
		tap ok "$name: $FILL_WRITERS writers fill it to ENOSPC; all reads back after a remount"
		first=$(tail -n 1 "$out" | awk '{ print $1 }')
		sed 's/^/#   /' "$out"
	else
		tap fail "$name: $FILL_WRITERS writers fill it to ENOSPC; all reads back after a remount"
		sed 's/^/#   /; s/WARNING:/warning:/' "$out" | tail -n 20
		umount "$mnt"
		return 1
	fi
	check "$name: delete everything; the cleaner resets the emptied zones" \
		fill_clean "$dev" "$mnt/1" "$base" && sed 's/^/#   /' "$work/out"
	# Cleaned, the device takes as much again, within a zone per writer.
	check "$name: fill it again: as much as the first time" \
		fill_round "$dev" "$mnt/2" "$src" \
		$((first - FILL_WRITERS * $(zone_bytes "$dev"))) &&
		sed 's/^/#   /' "$work/out"
	check "$name: umount" umount "$mnt" || return 1
	check "$name: btrfs check --readonly is clean" btrfs_check "$dev"
}

# --- powercut: what was synced before a cut survives it -----------------------

# verify_unsynced DIR COPY: every file of COPY (what was written to DIR
# and never synced) is, in DIR, either gone or a prefix of it, whole or
# cut short where writeback stopped: never other bytes, never longer
verify_unsynced() {
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

write_files_synced() {
	write_files "$@" && sync
}

# write_files_copied DIR TAG SUMFILE COPY: write_files, and a copy of the
# files in COPY (read from the page cache: nothing is synced)
write_files_copied() {
	write_files "$1" "$2" "$3" && cp -r "$1" "$4"
}

# btrfs_powercut DEVICE CUT RESTORE: mkfs, mount, write set a and sync it,
# write set b and do not; then the command CUT (every write fails from
# then on, nothing flushed), umount, the command RESTORE, mount: set a
# reads back byte for byte, each file of set b is gone or a prefix of
# what was written, and btrfs check is clean
btrfs_powercut() {
	local dev=$1 name
	local sums=$work/pc.sums
	name=$(dev_name "$dev")
	rm -f "$sums" "$sums".*
	umount "$mnt" 2>/dev/null
	mkdir -p "$mnt"
	check "$name: mkfs.btrfs -O zoned" mkfs_zoned "$dev" "zmath-pc" || return 1
	check "$name: mount" mount_btrfs "$dev" || return 1
	check "$name: write a set a (~13 MiB), sync" \
		write_files_synced "$mnt/a" a "$sums"
	rm -rf "$work/pc.b"
	check "$name: write a set b (~13 MiB), no sync; a copy outside" \
		write_files_copied "$mnt/b" b "$sums.b" "$work/pc.b"
	check "$name: power cut: every write fails from now on" eval "$2" ||
		return 1
	sync 2> /dev/null
	check "$name: umount after the cut" umount "$mnt"
	check "$name: power back" eval "$3" || return 1
	check "$name: mount after the cut" mount_btrfs "$dev" || return 1
	check "$name: set a, synced before the cut, reads back byte for byte" \
		verify_files "$mnt/a" "$sums"
	check "$name: set b, not synced: each file gone or a prefix of it" \
		verify_unsynced "$mnt/b" "$work/pc.b" &&
		sed 's/^/#   /' "$work/out"
	check "$name: umount" umount "$mnt" || return 1
	check "$name: btrfs check --readonly is clean" btrfs_check "$dev"
}

# --- mirrors: both superblock copies on a > 4 TiB npo2 device ----------------

nullb_big=
make_big_nullb() {
	# make_big_nullb ZONE_MIB SIZE_GIB: prints the device path
	local cfg=/sys/kernel/config/nullb d
	[ -d "$cfg" ] || mount -t configfs none /sys/kernel/config 2>/dev/null
	[ -d "$cfg" ] || { echo "no null_blk configfs at $cfg"; return 1; }
	d=$cfg/btrfsbig
	rmdir "$d" 2>/dev/null
	mkdir "$d" || return 1
	echo 4096 > "$d/blocksize" &&
	echo $(($2 * 1024)) > "$d/size" &&
	echo 1 > "$d/memory_backed" &&
	echo 1 > "$d/zoned" &&
	echo "$1" > "$d/zone_size" &&
	echo 0 > "$d/zone_nr_conv" &&
	echo 1 > "$d/power" || { rmdir "$d"; return 1; }
	# 6.1 names a configfs null_blk after its directory; older kernels
	# nullb<index>
	nullb_big=/dev/btrfsbig
	[ -b "$nullb_big" ] || nullb_big=/dev/nullb$(cat "$d/index")
	[ -b "$nullb_big" ] || { echo "no block device for $d"; return 1; }
}

super_field() {
	# super_field MIRROR FIELD: a field of dump-super -s MIRROR
	"$BTRFS" inspect-internal dump-super -s "$1" "$nullb_big" 2>/dev/null |
		awk -v f="$2" '$1 == f { print $2; exit }'
}

# wp_in REPORT ZONE: how far the write pointer of ZONE is into the zone
# (sectors), from a saved zmath-zone report
wp_in() {
	awk -v z="$2" 'NF == 7 && $1 == z && $2 ~ /^[0-9]+$/ { print $5 - $2; exit }' "$1"
}

btrfs_mirrors() {
	# btrfs_mirrors DEVICE | btrfs_mirrors [ZONE_MIB] [SIZE_GIB]
	local zs m z zr start gen0 g fsid0 f name a b c t0
	t0=$(date +%s)
	if [ -b "${1:-}" ]; then
		nullb_big=$1
		zs=$(zone_bytes "$1")
	else
		if ! make_big_nullb "${1:-96}" "${2:-5120}" > "$work/out" 2>&1; then
			tap fail "mirrors: create sparse memory-backed zoned null_blk"
			sed 's/^/#   /' "$work/out"
			return 1
		fi
		zs=$(zone_bytes "$nullb_big")
		[ "$zs" = $((${1:-96} << 20)) ] ||
			{ tap fail "mirrors: zone size $zs, asked $((${1:-96} << 20))"; return 1; }
	fi
	name="mirrors $((zs >> 20))M $(($(dev_bytes "$nullb_big") >> 30))G"
	note "$name: $nullb_big, zone size $zs, $(dev_bytes "$nullb_big") bytes"
	command -v zmath-zone > /dev/null ||
		{ tap fail "$name: zmath-zone (zone report) is not in PATH"; return 1; }

	# the rule, twice: shell arithmetic and sb-zones (zmath.h, as the tools);
	# both mirrors need their pair of zones on the device
	f=
	for m in 1 2; do
		z=$(sb_zone_sh "$zs" $m)
		start=$((z * zs))
		f="$f, mirror $m zone $z at $((start >> 20)) MiB"
		if [ -n "$SBZONES" ]; then
			zr=$("$SBZONES" "$zs" | awk -v m=$m '$2 == m { print $4 }')
			[ "$zr" = "$z" ] ||
				{ tap fail "$name: sb-zones says mirror $m in zone $zr, shell $z"; return 1; }
		fi
		[ $(((z + 2) * zs)) -le "$(dev_bytes "$nullb_big")" ] ||
			{ tap fail "$name: the device ends before the zones of mirror $m"; return 1; }
	done
	tap ok "$name: rule (shell${SBZONES:+ and sb-zones})${f#,}"

	umount "$mnt" 2>/dev/null
	mkdir -p "$mnt"
	check "$name: mkfs.btrfs -O zoned" mkfs_zoned "$nullb_big" "zmath-mirrors" ||
		return 1
	gen0=$(super_field 0 generation)
	fsid0=$(super_field 0 fsid)
	for m in 1 2; do
		g=$(super_field $m generation)
		f=$(super_field $m fsid)
		if [ -n "$g" ] && [ "$f" = "$fsid0" ]; then
			tap ok "$name: after mkfs, dump-super -s $m finds mirror $m (generation $g)"
		else
			tap fail "$name: after mkfs, dump-super -s $m finds no mirror $m"
			"$BTRFS" inspect-internal dump-super -s $m "$nullb_big" 2>&1 |
				head -n 5 | sed 's/^/#   /'
		fi
	done
	zmath-zone report "$nullb_big" > "$work/zones.mkfs" 2>&1

	# The kernel finds the mirrors at mount (the zone rule) and appends all
	# three superblocks at every commit: the write pointer of the first
	# zone of each pair moves on, its neighbours stay empty.
	check "$name: mount" mount_btrfs "$nullb_big" || return 1
	rm -f "$work/mirrors.sums"
	check "$name: write ~13 MiB" write_files "$mnt/m" m "$work/mirrors.sums"
	check "$name: sync (commits)" sh -c "sync && '$BTRFS' filesystem sync '$mnt'"
	zmath-zone report "$nullb_big" > "$work/zones.kernel" 2>&1
	for m in 1 2; do
		z=$(sb_zone_sh "$zs" $m)
		a=$(wp_in "$work/zones.mkfs" $z) b=$(wp_in "$work/zones.kernel" $z)
		c="zone $((z - 1)): $(wp_in "$work/zones.kernel" $((z - 1))), zone $((z + 1)): $(wp_in "$work/zones.kernel" $((z + 1)))"
		if [ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ] &&
		   [ "$c" = "zone $((z - 1)): 0, zone $((z + 1)): 0" ]; then
			tap ok "$name: the kernel wrote mirror $m in zone $z (wp +$a -> +$b sectors; $c)"
		else
			tap fail "$name: mirror $m: zone $z wp +$a after mkfs, +$b after the kernel's commits; $c"
			for f in $((z - 1)) $z $((z + 1)); do
				awk -v z=$f 'NF == 7 && $1 == z' "$work/zones.kernel" | sed 's/^/#   /'
			done
		fi
	done
	check "$name: umount" umount "$mnt" || return 1
	g=$(super_field 0 generation)
	note "$name: primary generation $gen0 after mkfs, $g after the kernel's commits"
	for m in 1 2; do
		if [ -n "$g" ] && [ "$g" != "$gen0" ] &&
		   [ "$(super_field $m generation)" = "$g" ] &&
		   [ "$(super_field $m fsid)" = "$fsid0" ]; then
			tap ok "$name: dump-super -s $m reads the kernel's mirror $m, generation $g (primary $g)"
		else
			tap fail "$name: dump-super -s $m generation $(super_field $m generation), primary $g"
		fi
	done
	check "$name: mount again, every checksum matches" \
		mount_verify "$nullb_big" "$mnt/m" "$work/mirrors.sums"
	check "$name: final umount" umount "$mnt"
	note "$name: took $(($(date +%s) - t0)) s"
}

mount_verify() {
	# mount_verify DEVICE DIR SUMFILE
	mount_btrfs "$1" && verify_files "$2" "$3"
}

# --- baseline: Debian's btrfs-progs 6.2 refuses npo2 -------------------------

btrfs_baseline() {
	local dev=$1 zs rc
	zs=$(zone_bytes "$dev")
	if [ -z "$PRISTINE" ] || [ ! -x "$PRISTINE" ]; then
		tap fail "baseline: no pristine mkfs.btrfs (-p '$PRISTINE')"
		return 1
	fi
	"$PRISTINE" -f -O zoned -d single -m single "$dev" > "$work/out" 2>&1
	rc=$?
	sed 's/^/#   /' "$work/out" | tail -n 5
	if [ $((zs & (zs - 1))) = 0 ]; then
		# the control: Debian's tool formats power-of-2 zones
		if [ $rc = 0 ]; then
			tap ok "baseline: Debian mkfs.btrfs formats $((zs >> 20)) MiB zones"
		else
			tap fail "baseline: Debian mkfs.btrfs exit $rc on $((zs >> 20)) MiB zones"
		fi
	elif [ $rc != 0 ] && grep -q 'not a power of 2' "$work/out"; then
		tap ok "baseline: Debian mkfs.btrfs refuses $((zs >> 20)) MiB zones (exit $rc)"
	else
		tap fail "baseline: Debian mkfs.btrfs exit $rc on $((zs >> 20)) MiB zones"
	fi
}

btrfs_setup() {
	mkdir -p "$work" "$mnt"
	[ -n "$MKFS" ] || MKFS=$(find_tool mkfs.btrfs)
	[ -n "$BTRFS" ] || BTRFS=$(find_tool btrfs)
	[ -n "$SBZONES" ] || SBZONES=$(find_tool sb-zones)
	[ -n "$MKFS" ] && [ -n "$BTRFS" ] || {
		echo "btrfs.sh: no mkfs.btrfs/btrfs found (-m, -b)" >&2
		return 2
	}
	note "mkfs.btrfs $MKFS, btrfs $BTRFS, sb-zones ${SBZONES:-none}"
	if [ -n "$SBZONES" ] && [ $SBCHECK = 1 ]; then
		check "sb-zones --check: the rule gives today's zones for po2, 5461/43690 for 96 MiB" \
			"$SBZONES" --check
	fi
	return 0
}

[ -n "$BTRFS_SH_LIB" ] && return 0 2>/dev/null

while getopts m:b:s:p:n:t:SR: o; do
	case $o in
	m) MKFS=$OPTARG ;;
	b) BTRFS=$OPTARG ;;
	s) SBZONES=$OPTARG ;;
	p) PRISTINE=$OPTARG ;;
	n) tap_n=$OPTARG ;;
	t) mnt=$OPTARG ;;
	S) SBCHECK=0 ;;
	R) NO_RW_SCRUB=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cmd=$1
[ $# -gt 0 ] && shift
btrfs_setup || exit 2
case $cmd in
data) [ $# -ge 1 ] || exit 2; btrfs_data "$@" ;;
mirrors) btrfs_mirrors "$@" ;;
fill) [ $# -ge 1 ] || exit 2; btrfs_fill "$@" ;;
powercut) [ $# = 3 ] || exit 2; btrfs_powercut "$@" ;;
baseline) [ $# -ge 1 ] || exit 2; btrfs_baseline "$@" ;;
*) echo "usage: btrfs.sh [-m mkfs] [-b btrfs] [-s sb-zones] [-p pristine-mkfs] [-n N] data DEV [NAME] | fill DEV [NAME] | powercut DEV CUT RESTORE | mirrors DEV | mirrors [ZONE_MIB] [SIZE_GIB] | baseline DEV" >&2
   exit 2 ;;
esac
# a group that stopped early may leave its mount behind: the caller's
# device must be free again
umount "$mnt" 2>/dev/null
echo "# btrfs next $tap_n"
[ $btrfs_failed = 0 ]
