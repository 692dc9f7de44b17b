# SPDX-License-Identifier: GPL-2.0-only
# tools.sh - the zmath tools do not reset the zones of a mounted device
# (busybox sh, sourced by suite.sh after lib.sh and zoned.sh), for
# tests/tools/001.
#
# zmath-zone (reset, open, close, finish) and zmath-write open the device
# with O_EXCL, as blkzone does: while zonefs is mounted on it the kernel
# answers EBUSY, and the tools must say so, exit 1 and change no zone.
# Once zonefs is unmounted the same commands work, and -f/--force opens
# the device without O_EXCL.
#
# The device: an npo2 null_blk of 8 zones of 48 MiB, zone 0 conventional
# (zonefs keeps its super block there), so seq/N is zone N + 1.  Before the
# refusals, zonefs holds data in two zones: 64 KiB in seq/0 (zone 1) and
# seq/2 (zone 3) truncated to its capacity, which finishes the zone.  The
# pristine kernel refuses the device (REFUSED), and every check SKIPs.

TL_MNT=/mnt/zmath-tools
TL_NAME=tlnpo2
TL_ZONE_MB=48

# c_tl_mkfs_mount DEV - format zonefs (-f) and mount it
c_tl_mkfs_mount() {
	blkdev "$1" || return 1
	need zmath-zonefs-mkfs || return 77
	zmath-zonefs-mkfs -f "$1" > /tmp/tl.mkfs 2>&1 || { cat /tmp/tl.mkfs; return 1; }
	grep -E 'files:|Done' /tmp/tl.mkfs
	mkdir -p "$TL_MNT"
	mount -t zonefs "$1" "$TL_MNT" || return 1
	grep " $TL_MNT zonefs " /proc/mounts
}

# c_tl_write_files DEV - 64 KiB into seq/0 (zone 1), seq/2 (zone 3) to its
# capacity: zone 1 has its write pointer 128 sectors in, zone 3 is full
c_tl_write_files() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	local cap
	dd if=/dev/urandom of="$TL_MNT/seq/0" bs=64K count=1 \
		oflag=direct,append conv=notrunc 2> /tmp/tl.err ||
		{ cat /tmp/tl.err; return 1; }
	cap=$(($(zone_field "$1" 3 4) * 512))
	truncate -s "$cap" "$TL_MNT/seq/2" || return 1
	[ "$(wp_of "$1" 1)" = $((ZS + 128)) ] ||
		{ echo "zone 1: wp $(wp_of "$1" 1), want $((ZS + 128))"; return 1; }
	[ "$(cond_of "$1" 3)" = full ] ||
		{ echo "zone 3 is $(cond_of "$1" 3), want full"; return 1; }
	zone_states "$1"
}

# c_tl_refused DEV TOOL ARGS... - TOOL ARGS... DEV, while zonefs is mounted
# on DEV: exit status 1, a message that the device is busy and names
# --force, every zone's write pointer and condition as before, zonefs still
# mounted and seq/0 still 64 KiB
c_tl_refused() {
	local dev=$1 tool=$2 before after out rc=0
	shift 2
	blkdev "$dev" || return 1
	need "$tool" || return 77
	need zmath-zone || return 77
	grep -q " $TL_MNT zonefs " /proc/mounts || { echo "zonefs is not mounted"; return 1; }
	before=$(zone_states "$dev")
	[ -n "$before" ] || { echo "no zone report"; return 1; }
	out=$("$tool" "$@" "$dev" 2>&1) || rc=$?
	echo "$out" | tail -n 3
	after=$(zone_states "$dev")
	[ $rc = 1 ] || { echo "$tool $*: exit status $rc, want 1"; return 1; }
	echo "$out" | grep -q 'busy' || { echo "no 'busy' in the message"; return 1; }
	echo "$out" | grep -q -- '--force' || { echo "the message does not name --force"; return 1; }
	if [ "$before" != "$after" ]; then
		echo "the zones changed:"
		printf '%s\n' "$before" > /tmp/tl.before
		printf '%s\n' "$after" | diff /tmp/tl.before - | head -n 6
		return 1
	fi
	grep -q " $TL_MNT zonefs " /proc/mounts || { echo "zonefs is no longer mounted"; return 1; }
	[ "$(stat -c %s "$TL_MNT/seq/0")" = 65536 ] ||
		{ echo "seq/0: $(stat -c %s "$TL_MNT/seq/0") bytes, want 65536"; return 1; }
	echo "refused; zone 1 wp $(wp_of "$dev" 1), zone 3 $(cond_of "$dev" 3), as before"
}

# c_tl_umount - zonefs unmounted
c_tl_umount() {
	umount "$TL_MNT" || return 1
	! grep -q " $TL_MNT " /proc/mounts || { echo "still mounted"; return 1; }
}

# c_tl_all_empty DEV - every sequential zone is empty at its start
c_tl_all_empty() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	zone_lines "$1" | awk '
		$6 != "conventional" { n++; if ($7 != "empty" || $5 != $2) { print "zone " $1 ": " $7 ", wp " $5; bad = 1 } }
		END { if (n != 7) { print n + 0 " sequential zones, want 7"; bad = 1 } exit bad }'
}

# c_tl_reset_all DEV [ARGS...] - zmath-zone reset --all ARGS... DEV, the
# device not mounted: exit status 0, every sequential zone empty
c_tl_reset_all() {
	local dev=$1
	shift
	blkdev "$dev" || return 1
	need zmath-zone || return 77
	zmath-zone reset --all "$@" "$dev" > /tmp/tl.out 2>&1 || { cat /tmp/tl.out; return 1; }
	head -n 1 /tmp/tl.out
	c_tl_all_empty "$dev"
}

# c_tl_force_reset DEV - with --force (no O_EXCL), on the unmounted device:
# 64 KiB written at zone 1's start, then zmath-zone -f reset of zone 1
# empties it
c_tl_force_reset() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	c_write_wp "$1" "$ZS" 128 || return 1
	zmath-zone reset -f -o "$ZS" "$1" > /tmp/tl.out 2>&1 || { cat /tmp/tl.out; return 1; }
	head -n 1 /tmp/tl.out
	[ "$(cond_of "$1" 1)" = empty ] && [ "$(wp_of "$1" 1)" = "$ZS" ] ||
		{ echo "zone 1: $(cond_of "$1" 1), wp $(wp_of "$1" 1), want empty at $ZS"; return 1; }
}

# c_tl_write_unmounted DEV ARGS... - zmath-write -r ARGS... writes zones 1
# and 2 of the unmounted device (1 MiB each, then finished), reads them back
c_tl_write_unmounted() {
	local dev=$1
	shift
	blkdev "$dev" || return 1
	need zmath-write || return 77
	zmath-write -r -z 1 -c 2 -s 1m --finish -p 0 "$@" "$dev" > /tmp/tl.out 2>&1 ||
		{ cat /tmp/tl.out; return 1; }
	tail -n 3 /tmp/tl.out
	[ "$(cond_of "$dev" 1)" = full ] && [ "$(cond_of "$dev" 2)" = full ] ||
		{ echo "zones 1, 2: $(cond_of "$dev" 1), $(cond_of "$dev" 2), want full"; return 1; }
}

# tl_group GROUP - the refusals on a mounted zonefs, then the same
# commands on the unmounted device
tl_group() {
	local g=$1 npo2=1 out
	SKIPPING=
	ZS=$((TL_ZONE_MB * 2048))
	is_po2 $ZS && npo2=0
	if out=$(nullb_new "$TL_NAME" size=$((8 * TL_ZONE_MB)) \
		zone_size="$TL_ZONE_MB" zone_capacity="$TL_ZONE_MB" zone_nr_conv=1); then
		created "$g" $npo2 "$out, 8 zones of $TL_ZONE_MB MiB, zone 0 conventional"
		NB_DEV=$out
	else
		not_created "$g" $npo2 "$out" "zone_size must be power-of-two"
		NB_DEV=
	fi
	local dev=$NB_DEV
	step "$g: zonefs formatted and mounted" c_tl_mkfs_mount "$dev"
	step "$g: zonefs writes seq/0 (zone 1), fills seq/2 (zone 3)" c_tl_write_files "$dev"
	step "$g: mounted: zmath-zone reset --all refused (busy), no zone changed" \
		c_tl_refused "$dev" zmath-zone reset --all
	step "$g: mounted: zmath-zone reset of zone 1 refused (busy), no zone changed" \
		c_tl_refused "$dev" zmath-zone reset -o "$ZS"
	step "$g: mounted: zmath-zone finish of zone 2 refused (busy), no zone changed" \
		c_tl_refused "$dev" zmath-zone finish -o $((2 * ZS))
	step "$g: mounted: zmath-write -r refused (busy), no zone changed" \
		c_tl_refused "$dev" zmath-write -r -z 1 -c 2 -p 0
	step "$g: mounted: zmath-write (no -r) refused (busy), no zone changed" \
		c_tl_refused "$dev" zmath-write -z 2 -c 1 -p 0
	step "$g: umount" c_tl_umount
	step "$g: unmounted: zmath-zone reset --all empties every sequential zone" \
		c_tl_reset_all "$dev"
	step "$g: unmounted: zmath-zone -f reset of zone 1 (no O_EXCL) empties it" \
		c_tl_force_reset "$dev"
	step "$g: unmounted: zmath-write -r writes zones 1-2" c_tl_write_unmounted "$dev"
	step "$g: unmounted: zmath-write -f -r (no O_EXCL) writes zones 1-2" \
		c_tl_write_unmounted "$dev" -f
	step "$g: unmounted: zmath-zone -f reset --all empties every sequential zone" \
		c_tl_reset_all "$dev" -f
	grep -q " $TL_MNT " /proc/mounts && umount "$TL_MNT"
	nullb_del "$TL_NAME"
	SKIPPING=
}
