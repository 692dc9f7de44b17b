# SPDX-License-Identifier: GPL-2.0-only
# zoned.sh - checks of one zoned block device, for suite.sh (sourced).
#
# Every check is a function that returns 0 (holds), 1 (does not; it says
# why) or 77 (cannot run here; it says why), run through `step`.  Positions
# are 512-byte sectors.  Expected values come from shell arithmetic on the
# configured geometry, never from the device under test.

SKIPPING=	# set: every step is reported as SKIP with this reason

# step DESC FUNC ARGS... - one TAP line from a check function, run in a
# subshell; fails when the check did (not when it skipped), so that a
# sequence can stop where the steps after it cannot hold: "step ... || return"
step() {
	local d=$1 out rc
	shift
	if [ -n "$SKIPPING" ]; then
		skip "$d" "$SKIPPING"
		return 0
	fi
	out=$("$@" 2>&1) && rc=0 || rc=$?
	case $rc in
	0) ok "$d" "$out" ;;
	77) skip "$d" "$out" ;;
	*) notok "$d" "$out"; return 1 ;;
	esac
}

# need TOOL - exit status 77 (with a reason) when TOOL is not in the initramfs
need() {
	has "$1" && return 0
	echo "$1 is not in the initramfs"
	return 77
}

# --- null_blk through configfs ----------------------------------------------
NULLB_CFS=/sys/kernel/config/nullb

# nullb_new NAME ATTR=VALUE... - power on a null_blk made through configfs,
# its settings given by the names of its configfs attributes, as blktests'
# _configure_null_blk takes them: "nullb_new zf1 size=1024 zone_size=96
# zone_capacity=80 zone_nr_conv=2" (sizes in MB, as null_blk reads them).
# zoned=1 and memory_backed=1 unless given.  Prints the device, or the
# kernel's complaint (and fails) when an attribute or the power-on is
# refused.  dmesg is cleared first.
nullb_new() {
	local name=$1 d=$NULLB_CFS/$1 kv
	shift
	dmesg_mark
	mkdir "$d" || return 1
	echo 1 > "$d/zoned"
	echo 1 > "$d/memory_backed"
	for kv; do
		if ! echo "${kv#*=}" 2> /dev/null > "$d/${kv%%=*}"; then
			echo "null_blk refused ${kv%%=*} = ${kv#*=} (ls $NULLB_CFS/features)"
			rmdir "$d"
			return 1
		fi
	done
	if ! echo 1 > "$d/power" 2> /dev/null; then
		dmesg_new | grep -i null_blk | tail -n 3
		rmdir "$d"
		return 1
	fi
	# configfs devices take the directory's name (6.1), else nullbN
	if [ -b "/dev/$name" ]; then echo "/dev/$name"; else echo "/dev/nullb$(cat "$d/index")"; fi
}
nullb_del() {
	[ -d "$NULLB_CFS/$1" ] || return 0
	echo 0 > "$NULLB_CFS/$1/power"
	rmdir "$NULLB_CFS/$1"
}

# c_bad NAME SIZE ZONE CAP PATCHED_MSG BASELINE_MSG - power-on refused, the
# kernel says why (the message of this kernel), and no device is left
c_bad() {
	local out want=$5
	[ "$MODE" = patched ] || want=$6
	if out=$(nullb_new "$1" size="$2" zone_size="$3" ${4:+zone_capacity=$4}); then
		echo "accepted: $out"
		nullb_del "$1"
		return 1
	fi
	echo "$out"
	[ ! -e "/dev/$1" ] || { echo "/dev/$1 exists"; return 1; }
	echo "$out" | grep -qi "$want" || { echo "no kernel message like '$want'"; return 1; }
}
# --- QEMU's NVMe ZNS namespaces ------------------------------------------
# nvme_inst NSID - Y of /dev/ng0nY and /dev/nvme0nY, namespace NSID of the
# QEMU controller (6.12 scans namespaces asynchronously: Y follows the
# order they came in, not the nsid); NSID if nvme-cli does not say
nvme_inst() {
	local d
	for d in /dev/ng0n*; do
		nvme get-ns-id "$d" 2> /dev/null | grep -q "namespace-id:$1\$" || continue
		echo "${d#/dev/ng0n}"
		return 0
	done
	echo "$1"
}

# --- a group's device: created, or refused as this kernel should ------------
is_po2() { [ $(($1 & ($1 - 1))) = 0 ]; }

# created GROUP NPO2 OK_TEXT - the device exists: right unless baseline+npo2
created() {
	SKIPPING=
	if [ "$MODE" = baseline ] && [ "$2" = 1 ]; then
		notok "$1: created" "the pristine kernel accepted an npo2 zone size: $3"
	else
		ok "$1: created" "$3"
	fi
}
# not_created GROUP NPO2 WHY REFUSAL_PATTERN - the device is missing:
# REFUSED when the pristine kernel refused an npo2 one as expected
not_created() {
	if [ "$MODE" = baseline ] && [ "$2" = 1 ] && echo "$3" | grep -q "$4"; then
		refused "$1: created" "$(echo $3)"
		SKIPPING="refused by the pristine kernel"
	else
		notok "$1: created" "$3"
		SKIPPING="device not created"
	fi
}

# nullb_case GROUP NAME SIZE_MB ZONE_MB CAP_MB NR_CONV [quiet] [ATTR=VALUE...]
# - a group's null_blk in $NB_DEV (created, or REFUSED and SKIPPING set),
# with more configfs attributes if given, then, unless quiet, the checks
# every zoned device gets
nullb_case() {
	local g=$1 name=$2 size=$3 zone=$4 cap=$5 conv=$6 quiet= out npo2=0
	shift 6
	[ "${1:-}" != quiet ] || { quiet=1; shift; }
	is_po2 $((zone * 2048)) || npo2=1
	NB_DEV=
	if out=$(nullb_new "$name" size="$size" zone_size="$zone" \
		${cap:+zone_capacity=$cap} ${conv:+zone_nr_conv=$conv} "$@"); then
		NB_DEV=$out
		created "$g" $npo2 "$NB_DEV"
	else
		not_created "$g" $npo2 "$out" "zone_size must be power-of-two"
	fi
	[ -n "$quiet" ] || dev_suite "$g" "$NB_DEV" "$zone" "$size" "$cap" "$conv"
}

# --- zone state through the project's report tool ---------------------------
# zone_lines DEV - the zone lines of the report, nothing else:
# "zone start length capacity wp type cond" (wp "-": conventional, or full
# with a write pointer outside the zone)
zone_lines() {
	zmath-zone report "$1" | awk 'NF == 7 && $2 ~ /^[0-9]+$/'
}
# zone_field DEV ZONE FIELD - one column of a zone's line in the report
# (1 zone, 2 start, 3 length, 4 capacity, 5 wp, 6 type, 7 cond)
zone_field() {
	zone_lines "$1" | awk -v z="$2" -v f="$3" '$1 == z { print $f; exit }'
}
# zone_states DEV [ZONE] - "zone wp cond" of every zone but ZONE: what a
# check compares before and after something that must change nothing
zone_states() {
	zone_lines "$1" | awk -v skip="${2:--1}" '$1 != skip { print $1, $5, $7 }'
}
wp_of() { zone_field "$1" "$2" 5; }
# nvmecli_zones NG [ARGS] - Debian's nvme-cli, a witness: its zone report
# (nvme zns report-zones NG ARGS) as one "SLBA WP Cap State" line per
# zone, in its own notation (%#x: "0" or "0x..."; State is the Zone State
# byte, ZS in bits 7:4); its output goes to stderr when it fails
nvmecli_zones() {
	local ng=$1
	shift
	nvme zns report-zones "$ng" "$@" > /tmp/nvmecli.out 2>&1 ||
		{ cat /tmp/nvmecli.out >&2; return 1; }
	awk '/SLBA:/ {
		for (i = 1; i < NF; i++) {
			if ($i == "SLBA:") s = $(i + 1)
			if ($i == "WP:") w = $(i + 1)
			if ($i == "Cap:") c = $(i + 1)
			if ($i == "State:") t = $(i + 1)
		}
		print s, w, c, t
	}' /tmp/nvmecli.out
}
cond_of() { zone_field "$1" "$2" 7; }

# --- checks -----------------------------------------------------------------
# blkdev DEV - DEV is a block device (each check starts with this, so that a
# missing device never makes a refusal check pass)
blkdev() {
	[ -b "$1" ] || { echo "$1 is not a block device"; return 1; }
}
# c_queue DEV ATTR WANT - /sys/block/X/queue/ATTR reads WANT
c_queue() {
	blkdev "$1" || return 1
	local v
	v=$(cat "/sys/block/${1##*/}/queue/$2" 2>&1)
	[ "$v" = "$3" ] || { echo "queue/$2 is '$v', want '$3'"; return 1; }
	echo "queue/$2 = $v"
}
# c_sched DEV - select mq-deadline
c_sched() {
	blkdev "$1" || return 1
	local f=/sys/block/${1##*/}/queue/scheduler
	echo mq-deadline > "$f" || { echo "cannot select mq-deadline: $(cat "$f")"; return 1; }
	grep -q '\[mq-deadline\]' "$f" || { echo "scheduler: $(cat "$f")"; return 1; }
	cat "$f"
}
# c_layout DEV ZS DEVSECT CAP NRCONV - the zone report, zone by zone:
# zone i starts at i*ZS, is ZS long but a smaller last one ending at
# DEVSECT, has capacity min(CAP, length) (conventional: its length), type
# and condition of a fresh device
c_layout() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	zmath-zone report "$1" > /tmp/report || { cat /tmp/report; return 1; }
	cat /tmp/report
	awk -v zs="$2" -v end="$3" -v cap="$4" -v nconv="$5" '
	NF == 7 && $2 ~ /^[0-9]+$/ {
		i = n++
		start = i * zs; len = end - start < zs ? end - start : zs
		c = i < nconv ? len : (cap < len ? cap : len)
		type = i < nconv ? "conventional" : "seq-write-required"
		cond = i < nconv ? "not-wp" : "empty"
		want = i " " start " " len " " c " " type " " cond
		got = $1 " " $2 " " $3 " " $4 " " $6 " " $7
		if (got != want) { print "zone " i ": got \"" got "\", want \"" want "\""; bad = 1 }
	}
	END {
		nz = int((end + zs - 1) / zs)
		if (n != nz) { print n " zones reported, want " nz; bad = 1 }
		exit bad
	}' /tmp/report
}
# c_report_shifted DEV UNDER OFFSET NZ - DEV, which maps UNDER from sector
# OFFSET (a zone boundary) on, reports NZ zones, zone i the zone of UNDER
# that starts OFFSET further on: same length, capacity, type and condition,
# start and write pointer OFFSET lower (OFFSET 0: the same zones)
c_report_shifted() {
	blkdev "$1" || return 1
	blkdev "$2" || return 1
	need zmath-zone || return 77
	zone_lines "$1" > /tmp/rep.top || { cat /tmp/rep.top; return 1; }
	zone_lines "$2" > /tmp/rep.under || { cat /tmp/rep.under; return 1; }
	cat /tmp/rep.top
	awk -v off="$3" -v nz="$4" '
	FILENAME == "/tmp/rep.under" { u[$2 - off] = $0; next }
	{
		if ($1 != n) { print "zone " n " is numbered " $1; bad = 1 }
		n++
		if (!($2 in u)) { print "zone " $1 " at " $2 ": no zone of the device at " $2 + off; bad = 1; next }
		split(u[$2], z, " ")
		want = $2 " " z[3] " " z[4] " " (z[5] == "-" ? "-" : z[5] - off) " " z[6] " " z[7]
		got = $2 " " $3 " " $4 " " $5 " " $6 " " $7
		if (got != want) { print "zone " $1 ": \"" got "\", device zone " z[1] " shifted: \"" want "\""; bad = 1 }
	}
	END { if (n != nz) { print n " zones, want " nz; bad = 1 } exit bad }' /tmp/rep.under /tmp/rep.top
}
# blkzone_zones DEV - util-linux blkzone report, a witness that owes
# nothing to libzmath, as one "start len cap wp cond" line per zone:
# sectors in decimal (wp from the device start) and the zone condition
# code (1 empty, 2 implicitly open, 3 explicitly open, 4 closed, 14
# full); its output goes to stderr when it fails
blkzone_zones() {
	local s l c w cond
	blkzone report "$1" > /tmp/bz 2>&1 || { cat /tmp/bz >&2; return 1; }
	# "start: 0x..., len 0x..., cap 0x..., wptr 0x... reset:... zcond:14(fu)"
	sed -n 's/.*start: *\(0x[0-9a-f]*\), len \(0x[0-9a-f]*\), cap \(0x[0-9a-f]*\), wptr \(0x[0-9a-f]*\) .*zcond: *\([0-9]*\).*/\1 \2 \3 \4 \5/p' /tmp/bz |
		while read -r s l c w cond; do
			echo "$((s)) $((l)) $((c)) $((s + w)) $cond"
		done
}
# c_blkzone DEV - blkzone report (blkzone_zones) agrees with zmath-zone
# report zone by zone (start, length, capacity, condition, write pointer
# of sequential zones).  Only its report: Debian 12's blkzone 2.38 checks
# the offsets of reset, open, close and finish with a power-of-2 mask (96
# MiB zones: "offset 196608 is not aligned to zone size 196608", and
# 262144 goes to the kernel).
c_blkzone() {
	blkdev "$1" || return 1
	need blkzone || return 77
	need zmath-zone || return 77
	blkzone_zones "$1" > /tmp/bz.dec || return 1
	head -n 2 /tmp/bz.dec
	zone_lines "$1" | awk '
	BEGIN {
		split("not-wp empty implicit-open explicit-open closed", cn, " ")
		for (i = 1; i <= 5; i++) code[cn[i]] = i - 1
		code["read-only"] = 13; code["full"] = 14; code["offline"] = 15
	}
	FILENAME == "/tmp/bz.dec" { b[++nb] = $0; next }
	{
		n++
		split(b[n], z, " ")
		seq = $6 != "conventional" && $5 != "-"
		got = z[1] " " z[2] " " z[3] " " (seq ? z[4] : "-") " " z[5]
		want = $2 " " $3 " " $4 " " (seq ? $5 : "-") " " code[$7]
		if (got != want) { print "zone " $1 ": blkzone \"" got "\", zmath-zone \"" want "\""; bad = 1 }
	}
	END { if (n != nb + 0) { print "blkzone: " nb + 0 " zones, zmath-zone: " n + 0; bad = 1 } exit bad }' /tmp/bz.dec -
}
# tool_formats DEV - zmath-zone report --json and --csv list the zones of
# its table, zone by zone (number, start, length, capacity, write pointer:
# "-", null and an empty field where there is none), in sectors ("units"
# "sectors", "unit_bytes" 512); nr_zones counts the zones listed, and
# dev_nr_zones and zmath_nr_zones are as many
tool_formats() {
	zone_lines "$1" > /tmp/tf.table || return 1
	zmath-zone report --json "$1" > /tmp/tf.json || return 1
	zmath-zone report --csv "$1" > /tmp/tf.csv || return 1
	awk '
	# a number of the CSV (%014llu) without its leading zeros, as text
	function strip0(x) { sub(/^0+/, "", x); return x == "" ? "0" : x }
	FILENAME == "/tmp/tf.table" { t[n++] = $1 " " $2 " " $3 " " $4 " " $5; next }
	FILENAME == "/tmp/tf.json" {
		gsub(/[{}",:]/, " ")
		if ($1 != "slba") { h[$1] = $2; next }
		for (i = 1; i < NF; i++) v[$i] = $(i + 1)
		j[nj++] = v["zone"] " " v["slba"] " " v["len"] " " v["cap"] " " (v["wp"] == "null" ? "-" : v["wp"])
		next
	}
	FNR > 1 {
		split($0, f, ", ")
		c[nc++] = strip0(f[1]) " " strip0(f[3]) " " strip0(f[4]) " " strip0(f[5]) " " (f[6] == "" ? "-" : strip0(f[6]))
	}
	END {
		for (i = 0; i < n; i++) {
			if (j[i] != t[i]) { print "zone " i ": --json \"" j[i] "\", table \"" t[i] "\""; bad = 1 }
			if (c[i] != t[i]) { print "zone " i ": --csv \"" c[i] "\", table \"" t[i] "\""; bad = 1 }
		}
		if (nj != n || nc != n) { print "table " n " zones, --json " nj + 0 ", --csv " nc + 0; bad = 1 }
		if (h["nr_zones"] != n || h["dev_nr_zones"] != n || h["zmath_nr_zones"] != n) {
			print "nr_zones " h["nr_zones"] ", dev_nr_zones " h["dev_nr_zones"] ", zmath_nr_zones " h["zmath_nr_zones"] ", want " n; bad = 1
		}
		if (h["units"] != "sectors" || h["unit_bytes"] != 512) { print "units " h["units"] ", unit_bytes " h["unit_bytes"]; bad = 1 }
		if (!bad) print "--json and --csv: the " n " zones of the table, in sectors"
		exit bad
	}' /tmp/tf.table /tmp/tf.json /tmp/tf.csv
}
# c_tool_check DEV - zmath-zone --check (libzmath geometry vs the report),
# and the same zones in its table, --json and --csv
c_tool_check() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	zmath-zone report --check --quiet "$1" || return 1
	tool_formats "$1"
}
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
