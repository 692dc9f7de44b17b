# SPDX-License-Identifier: GPL-2.0-only
# zone-io.sh - writes, reads and zone management on a zoned device, and
# dev_suite, the checks every zoned device of the suite gets, for suite.sh
# (sourced).
#
# Checks as zoned.sh has them: 0 holds, 1 does not (and says why), 77
# cannot run here; run through `step`.  Positions are 512-byte sectors;
# ZS is the device's zone size in sectors.

# c_write_wp DEV START SECTORS - write random data at the zone's write
# pointer (which must be START + what was written so far), O_DIRECT; the
# write pointer then moves by SECTORS
c_write_wp() {
	blkdev "$1" || return 1
	local z wp
	need zmath-zone || return 77
	z=$(zone_no_of "$2")
	wp=$(wp_of "$1" "$z")
	dd if=/dev/urandom of=/tmp/pat bs=512 count="$3" 2> /dev/null
	dd if=/tmp/pat of="$1" bs=$(($3 * 512)) count=1 seek=$((wp * 512)) \
		oflag=seek_bytes,direct conv=notrunc 2>&1 | grep -v records || true
	local now
	now=$(wp_of "$1" "$z")
	[ "$now" = $((wp + $3)) ] ||
		{ echo "zone $z: write at wp $wp: wp is now $now, want $((wp + $3))"; return 1; }
	echo "zone $z: wp $wp -> $now"
	echo "$wp" > /tmp/pat.at
}
# c_read_back DEV [SHIFT] - the last c_write_wp data reads back (O_DIRECT),
# SHIFT sectors further on DEV (a device under the one written)
c_read_back() {
	blkdev "$1" || return 1
	local at
	at=$(cat /tmp/pat.at 2>/dev/null) || { echo "nothing written"; return 1; }
	at=$((at + ${2:-0}))
	dd if="$1" of=/tmp/back bs=$(stat -c %s /tmp/pat) count=1 skip=$((at * 512)) \
		iflag=skip_bytes,direct 2> /dev/null
	cmp /tmp/pat /tmp/back || return 1
	echo "$(stat -c %s /tmp/pat) bytes at sector $at of $1"
}
# c_wp_below DEV UNDER SHIFT START - the zone of DEV at START (a table over
# UNDER from SHIFT on, or UNDER exported whole: SHIFT 0) has the write
# pointer of its zone on UNDER, SHIFT lower, in the same condition
c_wp_below() {
	blkdev "$1" || return 1
	blkdev "$2" || return 1
	need zmath-zone || return 77
	local z=$(zone_no_of "$4") u=$(zone_no_of $(($4 + $3))) w c uw uc
	w=$(wp_of "$1" "$z") c=$(cond_of "$1" "$z")
	uw=$(wp_of "$2" "$u") uc=$(cond_of "$2" "$u")
	echo "zone $z: $c, wp $w; zone $u of $2: $uc, wp $uw"
	[ -n "$uw" ] && [ "$uw" != - ] || { echo "zone $u of $2 has no write pointer"; return 1; }
	[ "$w" = $((uw - $3)) ] && [ "$c" = "$uc" ] ||
		{ echo "want wp $((uw - $3)), $uc"; return 1; }
}
# c_write_off_wp DEV START - a write 8 sectors past the write pointer is
# refused and the write pointer stays
c_write_off_wp() {
	blkdev "$1" || return 1
	local z wp now
	need zmath-zone || return 77
	z=$(zone_no_of "$2")
	wp=$(wp_of "$1" "$z")
	[ -n "$wp" ] || { echo "zone $z: no write pointer"; return 1; }
	if dd if=/dev/zero of="$1" bs=4096 count=1 seek=$(((wp + 8) * 512)) \
		oflag=seek_bytes,direct conv=notrunc 2> /tmp/err; then
		echo "write at $((wp + 8)), wp $wp: accepted"
		return 1
	fi
	grep -q 'Input/output error' /tmp/err || { cat /tmp/err; return 1; }
	now=$(wp_of "$1" "$z")
	[ "$now" = "$wp" ] || { echo "wp moved from $wp to $now"; return 1; }
	echo "refused: $(grep -v records /tmp/err | head -n 1)"
}
# c_write_at DEV ZONE OFF N WANT(ok|fails) - write N sectors at the write
# pointer of ZONE, which must be at OFF sectors into it: the write succeeds
# and moves the write pointer by N, or fails with an I/O error and leaves
# it (a bad block, or the zone capacity, lies in the range); data written
# reads back
c_write_at() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	local start=$(($2 * ZS)) wp now
	wp=$(wp_of "$1" "$2")
	[ "$wp" = $((start + $3)) ] || { echo "zone $2: wp $wp, want $((start + $3))"; return 1; }
	dd if=/dev/urandom of=/tmp/write_at.pat bs=512 count="$4" 2> /dev/null
	if dd if=/tmp/write_at.pat of="$1" bs=$(($4 * 512)) count=1 seek=$((wp * 512)) \
		oflag=seek_bytes,direct conv=notrunc 2> /tmp/write_at.err; then
		[ "$5" = ok ] || { echo "write of $4 sectors at $wp accepted"; return 1; }
		now=$(wp_of "$1" "$2")
		[ "$now" = $((wp + $4)) ] || { echo "wp $now, want $((wp + $4))"; return 1; }
		dd if="$1" of=/tmp/write_at.back bs=$(($4 * 512)) count=1 skip=$((wp * 512)) \
			iflag=skip_bytes,direct 2> /dev/null
		cmp /tmp/write_at.pat /tmp/write_at.back || return 1
		echo "$4 sectors at $wp written and read back, wp $now"
	else
		[ "$5" = fails ] || { cat /tmp/write_at.err; return 1; }
		grep -q 'Input/output error' /tmp/write_at.err || { cat /tmp/write_at.err; return 1; }
		now=$(wp_of "$1" "$2")
		[ "$now" = "$wp" ] || { echo "failed write moved the wp from $wp to $now"; return 1; }
		echo "$4 sectors at $wp refused, wp stays: $(grep -v records /tmp/write_at.err | head -n 1)"
	fi
}
# c_mgmt_einval DEV VERB OFFSET - the kernel refuses VERB at OFFSET with EINVAL
c_mgmt_einval() {
	blkdev "$1" || return 1
	local out rc=0
	need zmath-zone || return 77
	out=$(zmath-zone "$2" --offset "$3" --force-unchecked "$1" 2>&1) || rc=$?
	echo "$out"
	[ $rc = 1 ] && echo "$out" | grep -q 'kernel refused: Invalid argument'
}
# c_mgmt DEV VERB START - VERB on the zone at START succeeds
c_mgmt() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	zmath-zone "$2" --offset "$3" "$1"
}
# c_cond DEV START COND [WP] - the zone at START is in COND (at WP)
c_cond() {
	blkdev "$1" || return 1
	local z c w
	need zmath-zone || return 77
	z=$(zone_no_of "$2")
	c=$(cond_of "$1" "$z") w=$(wp_of "$1" "$z")
	[ "$c" = "$3" ] || { echo "zone $z is $c (wp $w), want $3"; return 1; }
	[ -z "${4:-}" ] || [ "$w" = "$4" ] || { echo "zone $z: wp $w, want $4"; return 1; }
	echo "zone $z: $c, wp $w"
}
# fio_totals JSON - "written W read R error E" of a fio --output-format=json
# run with one job or --group_reporting: "io_bytes" of the job's "read"
# and "write" objects, and its "error"
fio_totals() {
	awk '/"(read|write|trim|sync)" : \{/ { d = $1; gsub(/"/, "", d) }
		/"io_bytes" :/ && d != "" { v = $3; gsub(/[^0-9]/, "", v); b[d] = v; d = "" }
		/"error" :/ { e = $3; gsub(/[^0-9]/, "", e) }
		END { printf "written %s read %s error %s", b["write"], b["read"], e }' "$1"
}
# c_fio DEV OFFSET SIZE [BYTES] - fio --zonemode=zbd sequential write with
# crc32c verify over [OFFSET, OFFSET+SIZE) sectors, the zones reset first;
# fio must report BYTES written and read back (default SIZE sectors: zones
# of a smaller capacity take less)
c_fio() {
	blkdev "$1" || return 1
	need fio || return 77
	local rc want=${4:-$(($3 * 512))} got
	fio --name=zmath --filename="$1" --direct=1 --ioengine=psync \
		--zonemode=zbd --rw=write --bs=128k --offset=$(($2 * 512)) \
		--size=$(($3 * 512)) --verify=crc32c --do_verify=1 \
		--verify_fatal=1 --output-format=json --output=/tmp/fio.json \
		> /tmp/fio.err 2>&1 && rc=0 || rc=$?
	cat /tmp/fio.err
	got=$(fio_totals /tmp/fio.json)
	echo "fio: $got"
	[ $rc = 0 ] || return 1
	[ "$got" = "written $want read $want error 0" ] ||
		{ echo "want written $want read $want error 0"; return 1; }
	has zmath-zone && zone_lines "$1" | awk -v a="$2" -v e=$(($2 + $3)) '$2 >= a && $2 < e'
	return 0
}
# c_zmath_write DEV ZONE NR [full] - the liburing writer: reset, write NR
# zones from ZONE at queue depth 4 (4 MiB each and finish them, or "full":
# up to their capacity), read back
c_zmath_write() {
	blkdev "$1" || return 1
	need zmath-write || return 77
	if [ "${4:-}" = full ]; then
		zmath-write -r -z "$2" -c "$3" -d 4 -p 0 "$1"
	else
		zmath-write -r -z "$2" -c "$3" -s 4m --finish -d 4 -p 0 "$1"
	fi
}

# zone_no_of START - zone number of a sector, from the device geometry the
# caller put in $ZS (shell arithmetic: the expected value, not the device's)
zone_no_of() { echo $(($1 / ZS)); }

# dev_suite GROUP DEV ZS_MB DEV_MB CAP_MB NR_CONV - the checks every zoned
# device gets.  With SKIPPING set, every check is listed as SKIP.
dev_suite() {
	local g=$1 dev=$2
	ZS=$(($3 * 2048))
	local end=$(($4 * 2048)) cap=$(($5 * 2048)) nconv=$6
	local nz=$(((end + ZS - 1) / ZS))
	local seq=$nconv last=$((nz - 1))
	[ $seq != 0 ] || seq=1 # zone 1, whose start no power-of-2 mask keeps
	[ $seq -lt $nz ] || seq=$nconv
	local s=$((seq * ZS)) ls=$((last * ZS))

	step "$g: queue/zoned host-managed" c_queue "$dev" zoned host-managed
	step "$g: queue/chunk_sectors $ZS" c_queue "$dev" chunk_sectors "$ZS"
	step "$g: queue/nr_zones $nz" c_queue "$dev" nr_zones "$nz"
	step "$g: scheduler mq-deadline" c_sched "$dev"
	step "$g: zone report layout ($nz zones, last $((end - ls)) sectors)" \
		c_layout "$dev" "$ZS" "$end" "$cap" "$nconv"
	step "$g: zmath-zone --check, --json, --csv" c_tool_check "$dev"
	step "$g: write at the wp of zone $seq advances it" c_write_wp "$dev" "$s" 128
	step "$g: read back" c_read_back "$dev"
	step "$g: second write appends at the wp" c_write_wp "$dev" "$s" 8
	step "$g: read back appended data" c_read_back "$dev"
	step "$g: write away from the wp refused" c_write_off_wp "$dev" "$s"
	step "$g: reset mid-zone refused (EINVAL)" c_mgmt_einval "$dev" reset $((s + ZS / 2))
	if [ $((ZS & (ZS - 1))) != 0 ]; then
		local p2=1
		while [ $p2 -le "$ZS" ]; do p2=$((p2 * 2)); done
		step "$g: reset at power-of-2 sector $p2, no zone start, refused (EINVAL)" \
			c_mgmt_einval "$dev" reset "$p2"
	fi
	step "$g: reset zone $seq: empty" c_mgmt "$dev" reset "$s"
	step "$g: reset zone $seq: wp at the zone start" c_cond "$dev" "$s" empty "$s"
	step "$g: write makes zone $seq implicit-open" c_write_wp "$dev" "$s" 8
	step "$g: zone $seq implicit-open" c_cond "$dev" "$s" implicit-open
	step "$g: close zone $seq" c_mgmt "$dev" close "$s"
	step "$g: zone $seq closed" c_cond "$dev" "$s" closed $((s + 8))
	step "$g: open zone $seq" c_mgmt "$dev" open "$s"
	step "$g: zone $seq explicit-open" c_cond "$dev" "$s" explicit-open $((s + 8))
	step "$g: finish zone $seq" c_mgmt "$dev" finish "$s"
	step "$g: zone $seq full" c_cond "$dev" "$s" full
	step "$g: reset zone $seq" c_mgmt "$dev" reset "$s"
	step "$g: zone $seq empty again" c_cond "$dev" "$s" empty "$s"
	if [ $last != $seq ]; then
		step "$g: write at the wp of the last zone $last" c_write_wp "$dev" "$ls" 64
		step "$g: read back in the last zone" c_read_back "$dev"
		step "$g: finish the last zone" c_mgmt "$dev" finish "$ls"
		step "$g: last zone full" c_cond "$dev" "$ls" full
		step "$g: reset the last zone" c_mgmt "$dev" reset "$ls"
	fi
}
