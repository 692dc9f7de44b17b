# SPDX-License-Identifier: GPL-2.0-only
# geometry.sh - what the kernel and the tools report of a zoned device,
# checked against the geometry it was made with, for suite.sh (sourced).
#
# Checks as zoned.sh has them: 0 holds, 1 does not (and says why), 77
# cannot run here; run through `step`.  Positions are 512-byte sectors.

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
