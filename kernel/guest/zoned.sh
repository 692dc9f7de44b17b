# SPDX-License-Identifier: GPL-2.0-only
# zoned.sh - the suite's zoned devices, for suite.sh (sourced): `step`,
# which runs a check, null_blk made by name, QEMU's NVMe namespaces, a
# group's device created or refused, and zone reports read back.
#
# Every check is a function that returns 0 (holds), 1 (does not; it says
# why) or 77 (cannot run here; it says why), run through `step`.  Positions
# are 512-byte sectors.  Expected values come from shell arithmetic on the
# configured geometry, never from the device under test; the checks
# themselves are in geometry.sh and zone-io.sh.

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

# nullb_case GROUP NAME ATTR=VALUE... - a group's null_blk in $NB_DEV,
# made by nullb_new with those configfs attributes (zone_size in MB is
# required): created, or refused (REFUSED as the pristine kernel should
# refuse an npo2 zone size, and SKIPPING set for the group's checks)
nullb_case() {
	local g=$1 name=$2 kv zone= out npo2=0
	shift 2
	for kv; do
		[ "${kv%%=*}" != zone_size ] || zone=${kv#*=}
	done
	is_po2 $((zone * 2048)) || npo2=1
	NB_DEV=
	if out=$(nullb_new "$name" "$@"); then
		NB_DEV=$out
		created "$g" $npo2 "$NB_DEV"
	else
		not_created "$g" $npo2 "$out" "zone_size must be power-of-two"
	fi
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
