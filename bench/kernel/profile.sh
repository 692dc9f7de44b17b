#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# profile.sh - `make bench-kernel-profile`: where a zoned I/O's instructions
# go, function by function, pristine against patched, on a power-of-2
# null_blk in a boot without a non-power-of-2 device (bench/kernel's
# "alone").  bench/kernel/run.sh says how many instructions an I/O costs;
# this says which functions pay them.
#
#   [KERNEL=6.1] bench/kernel/profile.sh [WORKLOAD]
#
# WORKLOAD is write-psync (the default), write-libaio, write-io_uring or
# read-psync, whose figures count the psync write of each block it reads
# (bench/kernel/guest.sh writes them first): subtract write-psync's table
# for the read alone.  Each kernel boots twice under -icount with QEMU
# logging every instruction it executes in the block layer and null_blk
# (-singlestep -d nochain,exec -dfilter; not lib/math, whose boot-time
# self-test would log some 70 million instructions, and whose inline
# helpers count in their callers): once with bench_n=N, once with
# 2N; the guest's workload runs 6 N I/Os more in the second boot, and what
# a boot does besides cancels out.  3 to 4 minutes per boot on one core,
# about 15 for the four.  Prints the table and keeps it in
# build/bench-kernel-profile/.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
base=${KERNEL:-6.12}
workload=${1:-write-psync}
n=64
out=$top/build/bench-kernel-profile/$base-$workload
t0=$SECONDS
log() { printf '[bench-kernel-profile %4ds] %s\n' $((SECONDS - t0)) "$*" >&2; }
die() { printf 'bench-kernel-profile: error: %s\n' "$*" >&2; exit 1; }
. "$top/bench/kernel/boot.sh"

case $workload in
write-psync | write-libaio | write-io_uring | read-psync) ;;
*) die "usage: bench/kernel/profile.sh [write-psync|write-libaio|write-io_uring|read-psync]" ;;
esac
initramfs=$("$top/kernel/qemu/guest-image.sh" | tail -n 1)

# boot KIND BZIMAGE OBJ BENCH_N - one logged boot, counted into
# $out/KIND/{short,long}.counts
boot() {
	local kind=$1 bzimage=$2 obj=$3 bn=$4 dir=$out/$1 len
	len=$([ "$bn" = $n ] && echo short || echo long)
	mkdir -p "$dir"
	rm -f "$dir/$len.log" && mkfifo "$dir/$len.log"
	"$top/bench/kernel/profile.py" count "$obj/profile.syms" "$dir/$len.log" \
		> "$dir/$len.counts" &
	ZMATH_QEMU_TIMEOUT=${ZMATH_QEMU_TIMEOUT:-7200} bench_boot "$bzimage" \
		"$initramfs" "$dir/qemu-$len" \
		"$([ "$kind" = pristine ] && echo baseline || echo patched)" po2 \
		"zmath.bench_n=$bn zmath.bench_only=$workload zmath.bench_devices=po2" \
		"-singlestep -d nochain,exec -dfilter $(cat "$obj/profile.ranges") -D $dir/$len.log"
	wait $!
	rm -f "$dir/$len.log"
	grep -q '^zmath-bench done' "$dir/qemu-$len/guest.tap" ||
		die "$kind bench_n=$bn: the guest did not finish ($dir/qemu-$len/console.log)"
}

for kind in pristine patched; do
	log "$base $kind: kernel/scripts/build.sh"
	bzimage=$(KERNEL=$base "$top/kernel/scripts/build.sh" \
		$([ $kind = pristine ] && echo --baseline) | tail -n 1)
	obj=${bzimage%/arch/*}
	"$top/bench/kernel/profile.py" ranges "$obj" block drivers/block/null_blk \
		> "$obj/profile.ranges"
	for bn in $n $((2 * n)); do
		log "$base $kind: boot with bench_n=$bn, every instruction of the block layer logged"
		boot $kind "$bzimage" "$obj" $bn
	done
done
log "instructions per I/O ($workload, nullb-po2), pristine and patched's difference"
"$top/bench/kernel/profile.py" table $((6 * n)) "$out/pristine" "$out/patched" |
	tee "$out/table.txt"
