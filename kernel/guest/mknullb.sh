# SPDX-License-Identifier: GPL-2.0-only
# mknullb.sh - the `mknullb` command of the interactive guest
# (kernel/guest/try.sh): a zoned, memory-backed null_blk through configfs,
# made by the guest suite's creator (zoned.sh: nullb_new).  Prints the
# device (6.12 names it after its configfs directory: /dev/try0, try1, ...).
#
#   mknullb ZONE [size=MiB] [cap=MiB] [conv=N] [ATTR=VALUE ...]
#
# ZONE, size (10 zones by default) and cap (the zone capacity, the zone
# size by default) in MiB, "96" or "96M"; conv: that many conventional
# zones at the start (0).  Any other ATTR=VALUE goes to the configfs
# attribute of that name (zone_max_open=4, zone_max_active=6, ...; ls
# /sys/kernel/config/nullb/features).
. /guest/lib.sh
. /guest/zoned.sh
# the suite clears the kernel's log before each device and shows why
# null_blk refused one; here the log stays, and the console shows the why
dmesg_mark() { :; }
dmesg_new() { :; }

usage() {
	echo "usage: mknullb ZONE_MiB [size=MiB] [cap=MiB] [conv=N] [ATTR=VALUE ...]" >&2
	exit 2
}
# mib VALUE - VALUE ("96", "96M", "96MiB") in whole MiB, or usage
mib() {
	local v=${1%MiB}
	v=${v%M}
	case $v in '' | *[!0-9]*) echo "mknullb: '$1' is not a size in MiB" >&2; usage ;; esac
	echo "$v"
}

[ $# -ge 1 ] || usage
case $1 in -h | --help) usage ;; esac
zone=$(mib "$1") || exit 2
shift
size= cap= conv=0 attrs=
for kv in "$@"; do
	case $kv in
	size=*) size=$(mib "${kv#*=}") || exit 2 ;;
	cap=*) cap=$(mib "${kv#*=}") || exit 2 ;;
	conv=*) conv=${kv#*=} ;;
	?*=*) attrs="$attrs $kv" ;;
	*) usage ;;
	esac
done
size=${size:-$((zone * 10))}
[ -d "$NULLB_CFS" ] || { echo "mknullb: no $NULLB_CFS (null_blk, configfs)" >&2; exit 1; }
n=0
while [ -e "$NULLB_CFS/try$n" ]; do n=$((n + 1)); done
# $attrs unquoted: one ATTR=VALUE per word
if ! nullb_new "try$n" size="$size" zone_size="$zone" ${cap:+zone_capacity=$cap} \
	zone_nr_conv="$conv" $attrs; then
	echo "mknullb: the kernel refused a null_blk of $size MiB, $zone MiB zones (dmesg says why)" >&2
	exit 1
fi
