# SPDX-License-Identifier: GPL-2.0-only
# boot.sh - the kernel bench's QEMU boot, shared by run.sh and profile.sh
# (bash, sourced; $top is the checkout).
#
# bench_boot BZIMAGE INITRAMFS DIR MODE ZNS GUEST_ARGS [QEMU_ARGS] - boot
# BZIMAGE (kernel/qemu/run.sh, MODE patched|baseline, NVMe namespace set
# ZNS) with one vCPU under -icount shift=0,sleep=off, so that guest time is
# an instruction count, and run bench/kernel/guest.sh with GUEST_ARGS on
# the command line: idle=poll keeps the vCPU executing while it waits (a
# halted vCPU's clock would jump to its next timer), tsc=reliable keeps the
# TSC, which is that clock, as the clocksource; -seed and a fixed -rtc give
# every boot the same randomness (RDRAND of -cpu max draws from the host's
# random source otherwise) and the same wall clock: without them two boots
# of one kernel differed by up to 6 instructions per write, where the
# repeats within one boot differ by about 1; kunit.enable=0 keeps the
# built-in KUnit suites from running: 6.1's blk_settings suite stacks a
# 96 MiB chunk, which turns the block layer's npo2 static key on, and a
# boot without an npo2 device must measure it off.  An hour by default
# ($ZMATH_QEMU_TIMEOUT): -icount counts the same on a busy host, but runs
# slower; 6.1 patched took more than 30 minutes beside two kernel builds.
bench_qemu_args="-icount shift=0,sleep=off -seed 1"
bench_qemu_args+=" -rtc base=2026-01-01T00:00:00,clock=vm"
bench_boot() {
	ZMATH_QEMU_SMP=1 ZMATH_QEMU_TIMEOUT=${ZMATH_QEMU_TIMEOUT:-3600} \
		ZMATH_QEMU_ARGS="$bench_qemu_args${7:+ $7}" \
		ZMATH_QEMU_ZNS=$5 \
		ZMATH_GUEST_ARGS="zmath.run=bench tsc=reliable idle=poll kunit.enable=0 $6" \
		"$top/kernel/qemu/run.sh" "$1" "$2" "$3" "$4"
}
