#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# kernel-check.sh - boot the zmath kernel in QEMU and judge it: KUnit zmath
# suite, the guest's zoned-device suite (kernel/guest/), no panic/oops/
# WARNING/BUG, no timeout.  Run by `make kernel-check`.
#
#   tests/kernel-check.sh            the patched kernel (build/kernel/src)
#   BASELINE=1 tests/kernel-check.sh the pristine tree: npo2 must be refused
#
# Reuses what is built: kernel/scripts/build.sh is incremental and the
# initramfs' large part is cached.  Outputs in build/kernel/qemu-{patched,
# baseline}/ (console.log, guest.tap, results.tsv, verdict.txt); the summary
# shows the other mode's last run beside this one.
# The guest's btrfs checks need the project's btrfs-progs and Debian's
# pristine mkfs.btrfs: examples/btrfs-progs/build.sh --pristine builds them
# (apt-get source, about 3 minutes the first time, seconds after that).
# ZMATH_QEMU_TIMEOUT (seconds, default 300) bounds the boot.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
kb=$top/build/kernel
t0=$SECONDS
log() { printf '[kernel-check %4ds] %s\n' $((SECONDS - t0)) "$*" >&2; }

if [ "${BASELINE:-0}" = 1 ]; then
	mode=baseline tree=$kb/src-pristine build_args=(--baseline)
else
	mode=patched tree=$kb/src build_args=()
fi
out=$kb/qemu-$mode

log "1/5 kernel ($mode): kernel/scripts/build.sh ${build_args[*]}"
[ -x "$top/kernel/scripts/build.sh" ] || { echo "kernel-check: kernel/scripts/build.sh missing" >&2; exit 1; }
bzimage=$("$top/kernel/scripts/build.sh" "${build_args[@]}" | tail -n 1)
[ -f "$bzimage" ] || { echo "kernel-check: build.sh gave no bzImage ('$bzimage')" >&2; exit 1; }

log "2/5 btrfs-progs on zmath.h and Debian's pristine one: examples/btrfs-progs/build.sh --pristine"
"$top/examples/btrfs-progs/build.sh" --pristine > /dev/null ||
	{ echo "kernel-check: examples/btrfs-progs/build.sh --pristine failed (see above)" >&2; exit 1; }
for f in out/mkfs.btrfs out/btrfs out/sb-zones out-pristine/mkfs.btrfs; do
	[ -x "$top/build/btrfs-progs/$f" ] ||
		{ echo "kernel-check: build/btrfs-progs/$f missing after build.sh" >&2; exit 1; }
done

log "3/5 initramfs"
"$top/kernel/qemu/mkinitramfs.sh" "$kb/qemu/initramfs.cpio.gz"

log "4/5 boot in QEMU (TCG)"
"$top/kernel/qemu/run.sh" "$bzimage" "$kb/qemu/initramfs.cpio.gz" "$out" "$mode"

log "5/5 judge the logs (first the judge itself: kernel/qemu/selftest.sh)"
"$top/kernel/qemu/selftest.sh" "$tree" > "$out/selftest.log" ||
	{ cat "$out/selftest.log"; echo "kernel-check: the log judge is broken" >&2; exit 1; }
rc=0
"$top/kernel/qemu/parse.sh" "$out" "$mode" "$tree" || rc=$?
"$top/kernel/qemu/summary.sh" "$kb/qemu-patched" "$kb/qemu-baseline"
echo
log "$mode: $([ $rc = 0 ] && echo PASS || echo FAIL) (console log: $out/console.log)"
exit $rc
