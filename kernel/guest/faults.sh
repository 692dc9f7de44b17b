# SPDX-License-Identifier: GPL-2.0-only
# faults.sh - zones that fail, for suite.sh (busybox sh, sourced after
# zoned.sh): null_blk's configfs zone_offline and zone_readonly set a zone
# offline or read-only, on a po2 and an npo2 device.  The zone is named by
# a sector in its middle, so that null_blk's zone number of that sector is
# checked too (a power-of-2 shift finds another zone for npo2 sizes).
# Then: the report shows that zone, and only that zone, changed; writes to
# it and resets of it fail cleanly and change nothing; its neighbours
# still work; data written before reads back; zonefs turns the zone's
# file immutable, leaving the other files writable.  And bad sectors
# (null_blk's badblocks) inside a zone: a write over them fails with an
# I/O error and leaves the write pointer where the data ends.  And I/O at
# the zone's edges: a write across a zone boundary is split and lands in
# both zones, one past the zone capacity is refused.  And a power cut
# under zonefs and btrfs (powercut.sh, faults/003).

FT_MNT=/mnt/faults

# c_ft_set DEV NAME ZONE ATTR COND - write a mid-zone sector of ZONE to
# null_blk's ATTR; the report then shows ZONE in COND, every other zone as
# it was
c_ft_set() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	local before after sector=$(($3 * ZS + ZS / 2 + 8)) c
	before=$(zone_states "$1" "$3")
	echo "$sector" > "$NULLB_CFS/$2/$4" || { echo "$4: write of $sector refused"; return 1; }
	c=$(cond_of "$1" "$3")
	[ "$c" = "$5" ] || { echo "$4 $sector: zone $3 is $c, want $5"; return 1; }
	after=$(zone_states "$1" "$3")
	[ "$before" = "$after" ] || {
		echo "$4 $sector: other zones changed:"
		printf '%s\n' "$before" > /tmp/ft.before
		printf '%s\n' "$after" | diff /tmp/ft.before - | head -n 6
		return 1
	}
	echo "$4 $sector (zone $3 + $((ZS / 2 + 8))): zone $3 $c, the others unchanged"
}

# c_ft_write_fails DEV ZONE - a write at the start of ZONE fails with an
# I/O error; the report does not change
c_ft_write_fails() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	local before after
	before=$(zone_states "$1")
	if dd if=/dev/urandom of="$1" bs=4096 count=1 seek=$(($2 * ZS * 512)) \
		oflag=seek_bytes,direct conv=notrunc 2> /tmp/ft.err; then
		echo "write to zone $2 accepted"
		return 1
	fi
	grep -q 'Input/output error' /tmp/ft.err || { cat /tmp/ft.err; return 1; }
	after=$(zone_states "$1")
	[ "$before" = "$after" ] || { echo "the report changed"; return 1; }
	echo "refused: $(grep -v records /tmp/ft.err | head -n 1)"
}

# c_ft_mgmt_fails DEV ZONE VERB - VERB on ZONE fails; the report does not
# change
c_ft_mgmt_fails() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	local before after out rc=0
	before=$(zone_states "$1")
	out=$(zmath-zone "$3" --offset $(($2 * ZS)) --force-unchecked "$1" 2>&1) || rc=$?
	echo "$out"
	[ $rc = 1 ] && echo "$out" | grep -q 'kernel refused' ||
		{ echo "zmath-zone $3: exit status $rc, want 1 and 'kernel refused'"; return 1; }
	after=$(zone_states "$1")
	[ "$before" = "$after" ] || { echo "the report changed"; return 1; }
}

# c_ft_read DEV ZONE WANT(ok|fails) [OFF] - read 4K at OFF sectors (0)
# into ZONE
c_ft_read() {
	blkdev "$1" || return 1
	if dd if="$1" of=/dev/null bs=4096 count=1 skip=$((($2 * ZS + ${4:-0}) * 512)) \
		iflag=skip_bytes,direct 2> /tmp/ft.err; then
		[ "$3" = ok ] || { echo "read of zone $2 succeeded"; return 1; }
		echo "read of zone $2: ok"
	else
		[ "$3" = fails ] || { cat /tmp/ft.err; return 1; }
		echo "read of zone $2 refused: $(grep -v records /tmp/ft.err | head -n 1)"
	fi
}

# c_ft_bad_write DEV NAME ZONE OFF N WANT(ok|fails) - write N sectors at the
# write pointer of ZONE, which must be at OFF sectors into it: the write
# succeeds and moves the write pointer by N, or fails with an I/O error
# and leaves it (a bad block lies in the range); data written reads back
c_ft_bad_write() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	local start=$(($3 * ZS)) wp now
	wp=$(wp_of "$1" "$3")
	[ "$wp" = $((start + $4)) ] || { echo "zone $3: wp $wp, want $((start + $4))"; return 1; }
	dd if=/dev/urandom of=/tmp/ft.pat bs=512 count="$5" 2> /dev/null
	if dd if=/tmp/ft.pat of="$1" bs=$(($5 * 512)) count=1 seek=$((wp * 512)) \
		oflag=seek_bytes,direct conv=notrunc 2> /tmp/ft.err; then
		[ "$6" = ok ] || { echo "write of $5 sectors at $wp accepted"; return 1; }
		now=$(wp_of "$1" "$3")
		[ "$now" = $((wp + $5)) ] || { echo "wp $now, want $((wp + $5))"; return 1; }
		dd if="$1" of=/tmp/ft.back bs=$(($5 * 512)) count=1 skip=$((wp * 512)) \
			iflag=skip_bytes,direct 2> /dev/null
		cmp /tmp/ft.pat /tmp/ft.back || return 1
		echo "$5 sectors at $wp written and read back, wp $now"
	else
		[ "$6" = fails ] || { cat /tmp/ft.err; return 1; }
		grep -q 'Input/output error' /tmp/ft.err || { cat /tmp/ft.err; return 1; }
		now=$(wp_of "$1" "$3")
		[ "$now" = "$wp" ] || { echo "failed write moved the wp from $wp to $now"; return 1; }
		echo "$5 sectors at $wp refused, wp stays: $(grep -v records /tmp/ft.err | head -n 1)"
	fi
}

# c_ft_badblocks NAME OP START END - null_blk's badblocks: OP + sets, -
# clears sectors START..END
c_ft_badblocks() {
	echo "$2$3-$4" > "$NULLB_CFS/$1/badblocks" || return 1
	echo "badblocks: $(cat "$NULLB_CFS/$1/badblocks" | tr '\n' ' ')"
}

# c_ft_zonefs_file FILE WANT(immutable|writable) - zonefs' file of a zone:
# immutable (no write permission bit, a write fails) or writable (a 4K
# direct write at its end lands)
c_ft_zonefs_file() {
	local mode size
	[ -f "$1" ] || { echo "no $1"; return 1; }
	mode=$(stat -c %a "$1") size=$(stat -c %s "$1")
	if [ "$2" = immutable ]; then
		[ $((0$mode & 0222)) = 0 ] || { echo "$1: mode $mode"; return 1; }
		if dd if=/dev/zero of="$1" bs=4096 count=1 oflag=direct,append \
			conv=notrunc 2> /tmp/ft.err; then
			echo "$1 (mode $mode): write accepted"
			return 1
		fi
		echo "$1: mode $mode, write refused: $(grep -v records /tmp/ft.err | head -n 1)"
	else
		dd if=/dev/urandom of="$1" bs=4096 count=1 oflag=direct,append \
			conv=notrunc 2> /tmp/ft.err || { cat /tmp/ft.err; return 1; }
		[ "$(stat -c %s "$1")" = $((size + 4096)) ] ||
			{ echo "$1: size $(stat -c %s "$1"), want $((size + 4096))"; return 1; }
		echo "$1: mode $mode, 4096 bytes appended"
	fi
}

# c_ft_zonefs_mount DEV - format (-f) and mount zonefs on DEV
c_ft_zonefs_mount() {
	blkdev "$1" || return 1
	need zmath-zonefs-mkfs || return 77
	zmath-zonefs-mkfs -f "$1" || return 1
	mkdir -p "$FT_MNT"
	mount -t zonefs "$1" "$FT_MNT"
}

# ft_group GROUP NAME ZONE_MB - 8 zones, zone 0 conventional: zone 2
# written, then offline; zone 3 written, then read-only; zone 4 untouched
ft_group() {
	local g=$1 dev s
	nullb_case "$g" "$2" $((8 * $3)) "$3" "$3" 1 quiet
	dev=$NB_DEV ZS=$(($3 * 2048))
	for s in 2 3; do
		step "$g: write 64K at the wp of zone $s" c_write_wp "$dev" $((s * ZS)) 128
	done
	step "$g: zone_offline, mid-zone 2: zone 2 offline" \
		c_ft_set "$dev" "$2" 2 zone_offline offline
	step "$g: zone_readonly, mid-zone 3: zone 3 read-only" \
		c_ft_set "$dev" "$2" 3 zone_readonly read-only
	step "$g: write to offline zone 2 fails, report unchanged" c_ft_write_fails "$dev" 2
	step "$g: write to read-only zone 3 fails, report unchanged" c_ft_write_fails "$dev" 3
	step "$g: read of offline zone 2 fails" c_ft_read "$dev" 2 fails
	step "$g: the data of read-only zone 3 reads back" c_read_back "$dev"
	for s in reset finish; do
		step "$g: $s of offline zone 2 fails, report unchanged" \
			c_ft_mgmt_fails "$dev" 2 $s
		step "$g: $s of read-only zone 3 fails, report unchanged" \
			c_ft_mgmt_fails "$dev" 3 $s
	done
	step "$g: zone 4 beside them still takes writes" c_write_wp "$dev" $((4 * ZS)) 64
	step "$g: and reads them back" c_read_back "$dev"
	# bad sectors 64-71 of zone 5: writes over them fail, the write
	# pointer stays where the data ends
	s=$((5 * ZS))
	step "$g: badblocks: sectors 64-71 of zone 5 bad" \
		c_ft_badblocks "$2" + $((s + 64)) $((s + 71))
	step "$g: write over the bad sectors fails, wp stays at 0" \
		c_ft_bad_write "$dev" "$2" 5 0 128 fails
	step "$g: write below them lands, wp 32" c_ft_bad_write "$dev" "$2" 5 0 32 ok
	step "$g: write from 32 over them fails, wp stays at 32" \
		c_ft_bad_write "$dev" "$2" 5 32 64 fails
	step "$g: read of the bad sectors fails" c_ft_read "$dev" 5 fails 64
	step "$g: badblocks cleared" c_ft_badblocks "$2" - $((s + 64)) $((s + 71))
	step "$g: the same write from 32 lands, wp 96" c_ft_bad_write "$dev" "$2" 5 32 64 ok
	step "$g: zonefs formats and mounts with zones 2 and 3 failed" \
		c_ft_zonefs_mount "$dev"
	# seq/i is zone 1 + i (zone 0 holds the super block)
	step "$g: zonefs seq/1 (offline zone 2) immutable" \
		c_ft_zonefs_file "$FT_MNT/seq/1" immutable
	step "$g: zonefs seq/2 (read-only zone 3) immutable" \
		c_ft_zonefs_file "$FT_MNT/seq/2" immutable
	# a synchronous O_DIRECT append: pristine 6.1.192's zonefs fails it
	if why=$(stable_bug_skip zonefs-sync-dio); then
		skip "$g: zonefs seq/3 (zone 4) writable" "$why"
	else
		step "$g: zonefs seq/3 (zone 4) writable" \
			c_ft_zonefs_file "$FT_MNT/seq/3" writable
	fi
	grep -q " $FT_MNT " /proc/mounts && umount "$FT_MNT"
	nullb_del "$2"
}

# c_ft_fill DEV ZONE LEFT - write the empty ZONE up to LEFT sectors before
# its capacity end (32K writes)
c_ft_fill() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	local start=$(($2 * ZS)) cap n wp
	cap=$(zone_field "$1" "$2" 4)
	n=$(((cap - $3) / 64))
	[ $((n * 64)) = $((cap - $3)) ] || { echo "capacity $cap - $3: not 32K writes"; return 1; }
	dd if=/dev/zero of="$1" bs=32768 count="$n" seek=$((start * 512)) \
		oflag=seek_bytes,direct conv=notrunc 2> /tmp/ft.err || { cat /tmp/ft.err; return 1; }
	wp=$(wp_of "$1" "$2")
	[ "$wp" = $((start + cap - $3)) ] || { echo "zone $2: wp $wp, want $((start + cap - $3))"; return 1; }
	echo "zone $2: wp $wp, $3 sectors before its capacity $cap"
}

# c_ft_straddle DEV ZONE - a 64K write at the write pointer of ZONE, 32K
# before its end, with ZONE + 1 empty: the block layer splits it at the
# zone boundary, both halves land, ZONE is full, ZONE + 1 has 32K, and the
# 64K read back across the boundary are the ones written
c_ft_straddle() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	local end=$((($2 + 1) * ZS)) next=$(($2 + 1))
	dd if=/dev/urandom of=/tmp/ft.pat bs=65536 count=1 2> /dev/null
	dd if=/tmp/ft.pat of="$1" bs=65536 count=1 seek=$(((end - 64) * 512)) \
		oflag=seek_bytes,direct conv=notrunc 2> /tmp/ft.err || { cat /tmp/ft.err; return 1; }
	[ "$(cond_of "$1" "$2")" = full ] || { echo "zone $2: $(cond_of "$1" "$2")"; return 1; }
	[ "$(wp_of "$1" $next)" = $((end + 64)) ] ||
		{ echo "zone $next: wp $(wp_of "$1" $next), want $((end + 64))"; return 1; }
	dd if="$1" of=/tmp/ft.back bs=65536 count=1 skip=$(((end - 64) * 512)) \
		iflag=skip_bytes,direct 2> /dev/null
	cmp /tmp/ft.pat /tmp/ft.back || return 1
	echo "64K at $((end - 64)): zone $2 full, zone $next wp $((end + 64)), data read back"
}

# bd_group GROUP NAME ZONE_MB CAP_MB - a write across a zone boundary
# lands in both zones (capacity = size), or one past the capacity is
# refused with the write pointer unchanged (capacity < size)
bd_group() {
	local g=$1 dev
	nullb_case "$g" "$2" $((6 * $3)) "$3" "$4" 1 quiet
	dev=$NB_DEV ZS=$(($3 * 2048))
	step "$g: fill zone 2 up to 32K before its capacity" c_ft_fill "$dev" 2 64
	if [ "$3" = "$4" ]; then
		step "$g: 64K write across the end of zone 2 split, both halves land" \
			c_ft_straddle "$dev" 2
	else
		step "$g: 64K write past the capacity of zone 2 fails, wp stays" \
			c_ft_bad_write "$dev" "$2" 2 $(($4 * 2048 - 64)) 128 fails
		step "$g: 32K write up to the capacity lands" \
			c_ft_bad_write "$dev" "$2" 2 $(($4 * 2048 - 64)) 64 ok
		step "$g: zone 2 full at its capacity" c_cond "$dev" $((2 * ZS)) full
	fi
	nullb_del "$2"
}
