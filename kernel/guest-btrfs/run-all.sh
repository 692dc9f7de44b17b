#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run-all.sh - every btrfs case of btrfs.sh on null_blk devices it makes.
#
#   run-all.sh [-n FIRST_TAP_NUMBER] [-p PRISTINE_MKFS] [NVME_ZNS_DEVICE...]
#
# Creates two memory-backed zoned null_blk devices through configfs, 1 GiB
# each, with 96 MiB (npo2, so a smaller last zone) and 128 MiB (po2) zones,
# then runs: baseline (Debian's mkfs.btrfs refuses npo2, if -p is given),
# data on both, data on every extra device named (e.g. an npo2 NVMe ZNS
# namespace), and mirrors (96 MiB zones, 5120 GiB sparse).  The tools are
# looked up as btrfs.sh does (next to it, bin/, $PATH).  TAP lines as
# btrfs.sh, numbered on from -n; the last line is "# btrfs next N".
# Exit status 0 if every group passed.
here=$(cd "$(dirname "$0")" && pwd)
n=1 pristine='' fails=0
while getopts n:p: o; do
	case $o in
	n) n=$OPTARG ;;
	p) pristine=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))

cfg=/sys/kernel/config/nullb
[ -d "$cfg" ] || mount -t configfs none /sys/kernel/config 2>/dev/null

mknb() {
	# mknb NAME ZONE_MIB SIZE_MIB: prints the device path
	local d=$cfg/$1
	rmdir "$d" 2>/dev/null
	mkdir "$d" || return 1
	echo 4096 > "$d/blocksize" && echo "$3" > "$d/size" &&
		echo 1 > "$d/memory_backed" && echo 1 > "$d/zoned" &&
		echo "$2" > "$d/zone_size" && echo 0 > "$d/zone_nr_conv" &&
		echo 1 > "$d/power" || return 1
	# 6.1 names the disk after the directory, older kernels nullb<index>
	if [ -b "/dev/$1" ]; then echo "/dev/$1"; else echo "/dev/nullb$(cat "$d/index")"; fi
}

run() {
	sh "$here/btrfs.sh" -n "$n" ${pristine:+-p "$pristine"} "$@" > /tmp/btrfs-run.out 2>&1
	local rc=$?
	cat /tmp/btrfs-run.out
	n=$(sed -n 's/^# btrfs next //p' /tmp/btrfs-run.out)
	if [ -z "$n" ]; then
		echo "not ok 9999 - btrfs: btrfs.sh $* ended without its last line"
		n=10000
		fails=$((fails + 1))
	elif [ $rc != 0 ]; then
		fails=$((fails + 1))
	fi
}

npo2=$(mknb btrfs_npo2 96 1024) || { echo "not ok $n - btrfs: make npo2 null_blk"; exit 1; }
po2=$(mknb btrfs_po2 128 1024) || { echo "not ok $n - btrfs: make po2 null_blk"; exit 1; }
[ -z "$pristine" ] || run baseline "$npo2"
run data "$npo2" npo2-96M
run data "$po2" po2-128M
for dev in "$@"; do
	run data "$dev"
done
run mirrors 96 5120
echo "# btrfs: $fails failing group(s)"
echo "# btrfs next $n"
[ $fails = 0 ]
