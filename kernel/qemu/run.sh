#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# run.sh - boot a bzImage with the initramfs in QEMU (TCG, no KVM), two NVMe
# ZNS namespaces attached, and collect the logs.
#
#   run.sh BZIMAGE INITRAMFS OUTDIR MODE
#
# MODE (patched|baseline) reaches the guest as zmath.mode= on the command
# line.  OUTDIR gets console.log (ttyS0: kernel and guest), guest.tap (ttyS1:
# the guest's TAP alone), the NVMe backing files, and qemu.rc (QEMU's exit
# status, 124 on timeout).  Hard timeout: $ZMATH_QEMU_TIMEOUT seconds (900).
# $ZMATH_GUEST_ARGS is added to the kernel command line: zmath.only=dm,nvmet/001
# (some tests of the suite), the opt-in checks of known kernel bugs
# zmath.stable_bugs=1 (pristine 6.1), zmath.dmz_conv=1, zmath.nvmet_unaligned=1;
# zmath.run=bench runs the kernel bench (bench/kernel/) instead of the suite.
# $ZMATH_QEMU_SMP sets the vCPUs (2) and $ZMATH_QEMU_ARGS adds QEMU options
# (the kernel bench: -icount shift=0,sleep=off).
# Guest TAP lines are echoed as they come.
set -euo pipefail

kernel=${1:?usage: run.sh BZIMAGE INITRAMFS OUTDIR MODE}
initrd=${2:?} outdir=${3:?} mode=${4:?}
timeout=${ZMATH_QEMU_TIMEOUT:-900}
t0=$SECONDS
log() { printf '[qemu %4ds] %s\n' $((SECONDS - t0)) "$*" >&2; }

mkdir -p "$outdir"
rm -f "$outdir"/console.log "$outdir"/guest.tap "$outdir"/qemu.rc
# Fresh, sparse backing files: QEMU keeps no zone state across runs, so the
# data must not outlive it either.
#   nsid 1: 96 MiB zones (npo2), 10 zones, zone capacity 80 MiB
#   nsid 2: 128 MiB zones (po2), 8 zones
for f in ns1-npo2 ns2-po2; do rm -f "$outdir/$f.img"; done
truncate -s 960M "$outdir/ns1-npo2.img"
truncate -s 1024M "$outdir/ns2-po2.img"

log "booting $kernel ($mode), timeout ${timeout}s, log $outdir/console.log"
set +e
timeout -k 10 "$timeout" qemu-system-x86_64 \
	-accel tcg -M q35 -cpu max -m 2G -smp "${ZMATH_QEMU_SMP:-2}" \
	${ZMATH_QEMU_ARGS:-} \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 oops=panic null_blk.nr_devices=0 zmath.mode=$mode ${ZMATH_GUEST_ARGS:-}" \
	-display none -no-reboot -monitor none \
	-serial stdio -serial "file:$outdir/guest.tap" \
	-drive "file=$outdir/ns1-npo2.img,id=ns1,format=raw,if=none" \
	-drive "file=$outdir/ns2-po2.img,id=ns2,format=raw,if=none" \
	-device nvme,id=nvme0,serial=zmath0001 \
	-device nvme-ns,drive=ns1,bus=nvme0,nsid=1,logical_block_size=4096,physical_block_size=4096,zoned=true,zoned.zone_size=96M,zoned.zone_capacity=80M \
	-device nvme-ns,drive=ns2,bus=nvme0,nsid=2,logical_block_size=4096,physical_block_size=4096,zoned=true,zoned.zone_size=128M \
	< /dev/null 2>&1 | tr -d '\r' | tee "$outdir/console.log" |
	grep --line-buffered -E '^(not )?ok [0-9]+ - |^zmath-bench |^ZMATH-GUEST-RESULT|^# ----|Kernel panic|Oops|BUG:|WARNING:' >&2
rc=${PIPESTATUS[0]}
set -e
echo "$rc" > "$outdir/qemu.rc"
[ "$rc" != 124 ] || log "TIMEOUT after ${timeout}s"
log "qemu exited with $rc"
