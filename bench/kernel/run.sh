#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# run.sh - `make bench-kernel`: what a zoned I/O costs in the kernel, in
# guest instructions, pristine against patched, po2 against npo2, on every
# kernel base.
#
#   bench/kernel/run.sh            every base (BENCH_KERNELS, "6.12 6.1"),
#                                  pristine, patched alone (no npo2 device
#                                  in the boot) and patched beside npo2
#                                  devices, BENCH_N I/Os (16384);
#                                  BENCH_ONLY=W,W: those workloads alone;
#                                  BENCH_PREFIX=N: "patched" is the
#                                  series' first N patches, to measure
#                                  a patch on its own (build.sh --prefix)
#   bench/kernel/run.sh --smoke    6.12 patched, one workload, a small N:
#                                  `make check` runs it so that it cannot rot;
#                                  without NVMe namespace 1, so that the
#                                  power-of-2 null_blk runs before any npo2
#                                  device exists and the npo2 one right
#                                  after the first appears (the block
#                                  layer's static key turns on between)
#
# Each kernel (kernel/scripts/build.sh, built or reused) boots in QEMU with
# one vCPU under -icount shift=0,sleep=off: the guest clock advances one
# nanosecond per guest instruction, so the guest's times are instruction
# counts, the same from run to run however busy the host is.  The kernels
# are built in turn, then booted $ZMATH_QEMU_JOBS (2) at a time.  idle=poll
# keeps the vCPU executing while it waits (a halted vCPU's clock would jump
# to its next timer), and tsc=reliable keeps the TSC, which is that clock,
# as the clocksource.  The guest side is bench/kernel/guest.sh;
# bench/kernel/report.sh turns the runs into a table, a CSV, the goals and
# a plot.  Outputs in
# build/bench-kernel/ ($ZBENCH_KERNEL_OUT): runs.csv (every run; workload
# "refused": the kernel refused that device; "skipped:WORKLOAD": a known
# bug of that kernel fails the workload),
# results.csv, report.txt, bench-kernel.png, and one QEMU directory per
# kernel (console.log, guest.tap).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${ZBENCH_KERNEL_OUT:-$top/build/bench-kernel}
t0=$SECONDS
log() { printf '[bench-kernel %4ds] %s\n' $((SECONDS - t0)) "$*" >&2; }
die() { printf 'bench-kernel: error: %s\n' "$*" >&2; exit 1; }
. "$top/bench/kernel/boot.sh"

smoke=0
case ${1:-} in
--smoke) smoke=1 ;;
"") ;;
*) die "usage: bench/kernel/run.sh [--smoke]" ;;
esac
if [ $smoke = 1 ]; then
	kernels=6.12 modes=patched
	guest_args="zmath.bench_n=2048 zmath.bench_only=write-psync"
	out=$out/smoke
else
	kernels=${BENCH_KERNELS:-6.12 6.1} modes="baseline alone patched"
	guest_args="zmath.bench_n=${BENCH_N:-16384}${BENCH_ONLY:+ zmath.bench_only=$BENCH_ONLY}"
fi
mkdir -p "$out"
rev=$(git -C "$top" describe --always --dirty 2> /dev/null || echo unknown)

log "guest tools and initramfs: kernel/qemu/guest-image.sh"
initramfs=$("$top/kernel/qemu/guest-image.sh" | tail -n 1)

# bench_one BASE MODE BZIMAGE - one boot under -icount, its runs as CSV
# lines in its directory's runs.part
bench_one() {
	local base=$1 mode=$2 bzimage=$3 dir=$out/$1-$2
	# alone: the patched kernel in a boot without any device whose zone
	# size is not a power of 2 (no NVMe namespace 1, no npo2 null_blk),
	# where the block layer's npo2 paths stay patched out
	local kmode=$mode zns= devices_arg= btrfs_arg=
	[ $smoke = 0 ] || zns=po2
	if [ $mode = alone ]; then
		kmode=patched zns=po2 devices_arg=" zmath.bench_devices=po2"
	fi
	# 6.1's zoned btrfs takes about 170000 guest instructions per O_DIRECT
	# write (6.12: 94000), and TCG about 4 minutes per 8192 of them: a
	# quarter of 6.12's count keeps 6.1's run within the hour
	[ $base != 6.1 ] || btrfs_arg=" zmath.bench_btrfs_div=16"
	log "$base $mode: boot under -icount (one vCPU), log $dir/console.log"
	bench_boot "$bzimage" "$initramfs" "$dir" "$kmode" "$zns" \
		"$guest_args$btrfs_arg$devices_arg"
	[ "$(cat "$dir/qemu.rc")" = 0 ] || die "$base $mode: QEMU exited with $(cat "$dir/qemu.rc")"
	! grep '^zmath-bench error' "$dir/guest.tap" ||
		die "$base $mode: the guest's runs failed (above; $dir/console.log)"
	grep -q '^zmath-bench done' "$dir/guest.tap" ||
		die "$base $mode: the guest did not finish ($dir/console.log)"
	tr -d '\r' < "$dir/guest.tap" | awk -v base="$base" -v mode="$mode" -v rev="$rev" '
		$2 == "start" { kernel = $3 }
		$2 == "run" { print base "," kernel "," mode "," $3 "," $4 "," $5 "," $6 "," $7 "," rev }
		$2 == "refused" { print base "," kernel "," mode ",refused," $3 ",0,0,0," rev }
		$2 == "skipped" { print base "," kernel "," mode ",skipped:" $3 "," $4 ",0,0,0," rev }
		' > "$dir/runs.part"
	log "$base $mode: done"
}

# every kernel first, built in turn (each build takes both cores)
boots=()
for base in $kernels; do
	for mode in $modes; do
		log "$base $mode: kernel/scripts/build.sh"
		build_args=()
		if [ $mode = baseline ]; then
			build_args=(--baseline)
		elif [ -n "${BENCH_PREFIX:-}" ]; then
			build_args=(--prefix "$BENCH_PREFIX")
		fi
		bzimage=$(KERNEL=$base "$top/kernel/scripts/build.sh" \
			"${build_args[@]}" | tail -n 1)
		boots+=("$base $mode $bzimage")
	done
done

# then the boots, $ZMATH_QEMU_JOBS (2) at a time: each is one vCPU, and a
# guest's instruction counts do not depend on what else the host runs
jobs=${ZMATH_QEMU_JOBS:-2} running=0 failed=0
for b in "${boots[@]}"; do
	if [ $running -ge "$jobs" ]; then
		wait -n || failed=1
		running=$((running - 1))
	fi
	bench_one $b &
	running=$((running + 1))
done
while [ $running -gt 0 ]; do
	wait -n || failed=1
	running=$((running - 1))
done
[ $failed = 0 ] || die "a boot failed (above)"

echo "base,kernel,mode,workload,device,rep,n,ns,revision" > "$out/runs.csv"
for b in "${boots[@]}"; do
	set -- $b
	cat "$out/$1-$2/runs.part" >> "$out/runs.csv"
done
log "report: bench/kernel/report.sh"
"$top/bench/kernel/report.sh" $([ $smoke = 1 ] && echo --smoke) "$out"
