#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# run.sh - boot a bzImage with the initramfs in QEMU (TCG, no KVM), NVMe
# ZNS namespaces attached (kernel/qemu/zns.sh), and collect the logs.
#
#   run.sh BZIMAGE INITRAMFS OUTDIR MODE
#
# MODE (patched|baseline) reaches the guest as zmath.mode= on the command
# line.  OUTDIR gets console.log (ttyS0: kernel and guest), guest.tap (ttyS1:
# the guest's TAP alone) and qemu.rc (QEMU's exit status, 124 on timeout);
# the NVMe backing files are there during the boot alone.  Hard timeout:
# $ZMATH_QEMU_TIMEOUT seconds (900).
# $ZMATH_GUEST_ARGS is added to the kernel command line: zmath.only=dm,nvmet/001
# (some tests of the suite), the opt-in checks of known kernel bugs
# zmath.stable_bugs=1 (pristine kernels), zmath.dmz_conv=1, zmath.nvmet_unaligned=1;
# zmath.run=bench runs the kernel bench (bench/kernel/) instead of the suite.
# $ZMATH_QEMU_SMP sets the vCPUs (2) and $ZMATH_QEMU_ARGS adds QEMU options
# (the kernel bench: -icount shift=0,sleep=off); ZMATH_QEMU_ZNS=SET attaches
# another set of namespaces (po2, huge: zns.sh).
# Guest TAP lines are echoed as they come.
set -euo pipefail

kernel=${1:?usage: run.sh BZIMAGE INITRAMFS OUTDIR MODE}
initrd=${2:?} outdir=${3:?} mode=${4:?}
timeout=${ZMATH_QEMU_TIMEOUT:-900}
t0=$SECONDS
log() { printf '[qemu %4ds] %s\n' $((SECONDS - t0)) "$*" >&2; }

mkdir -p "$outdir"
rm -f "$outdir"/console.log "$outdir"/guest.tap "$outdir"/qemu.rc
# the NVMe ZNS namespaces, fresh backing files in OUTDIR
. "$(dirname "$0")/zns.sh"
trap 'zns_cleanup "$outdir"' EXIT
zns_setup "$outdir" "${ZMATH_QEMU_ZNS:-}"

log "booting $kernel ($mode), timeout ${timeout}s, log $outdir/console.log"
set +e
timeout -k 10 "$timeout" qemu-system-x86_64 \
	-accel tcg -M q35 -cpu max -m 2G -smp "${ZMATH_QEMU_SMP:-2}" \
	${ZMATH_QEMU_ARGS:-} \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 oops=panic null_blk.nr_devices=0 zmath.mode=$mode ${ZMATH_GUEST_ARGS:-}" \
	-display none -no-reboot -monitor none \
	-serial stdio -serial "file:$outdir/guest.tap" \
	"${zns_qemu_args[@]}" \
	< /dev/null 2>&1 | tr -d '\r' | tee "$outdir/console.log" |
	grep --line-buffered -E '^(not )?ok [0-9]+ - |^zmath-bench |^ZMATH-GUEST-RESULT|^# ----|Kernel panic|Oops|BUG:|WARNING:' >&2
rc=${PIPESTATUS[0]}
set -e
echo "$rc" > "$outdir/qemu.rc"
[ "$rc" != 124 ] || log "TIMEOUT after ${timeout}s"
log "qemu exited with $rc"
