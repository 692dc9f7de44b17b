#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# kernel-check.sh - boot the zmath kernel of one base in QEMU and judge it:
# KUnit zmath suite, the guest's zoned-device suite (kernel/guest/), no
# panic/oops/WARNING/BUG, no timeout.  Run by `make kernel-check`.
#
#   tests/kernel-check.sh                     6.12, the patched kernel
#   KERNEL=6.1 tests/kernel-check.sh          6.1, the patched kernel
#   BASELINE=1 tests/kernel-check.sh          the pristine tree: npo2 must
#                                             be refused
#
# Reuses what is built: kernel/scripts/build.sh is incremental and the
# initramfs' large part is cached.  Outputs in build/kernel/$KERNEL/
# qemu-{patched,baseline}/ (console.log, guest.tap, results.tsv,
# verdict.txt); the initramfs (build/kernel/qemu/) is the same for every
# base.  The summary shows the last run of each base and mode.
# The guest's btrfs checks need the project's btrfs-progs and Debian's
# pristine mkfs.btrfs: examples/btrfs-progs/build.sh --pristine builds them
# (apt-get source, about 3 minutes the first time, seconds after that).
# ZMATH_QEMU_TIMEOUT (seconds, default 300) bounds the boot.
set -euo pipefail
. "$(dirname "$0")/../kernel/scripts/common.sh"

if [ "${BASELINE:-0}" = 1 ]; then
	mode=baseline tree=$ksrc_pristine build_args=(--baseline)
else
	mode=patched tree=$ksrc build_args=()
fi
out=$kbuild/qemu-$mode
initramfs=$top/build/kernel/qemu/initramfs.cpio.gz

log "1/5 kernel $base ($mode): kernel/scripts/build.sh ${build_args[*]}"
bzimage=$("$top/kernel/scripts/build.sh" "${build_args[@]}" | tail -n 1)
[ -f "$bzimage" ] || die "build.sh gave no bzImage ('$bzimage')"

log "2/5 btrfs-progs on zmath.h and Debian's pristine one: examples/btrfs-progs/build.sh --pristine"
"$top/examples/btrfs-progs/build.sh" --pristine > /dev/null ||
	die "examples/btrfs-progs/build.sh --pristine failed (see above)"
for f in out/mkfs.btrfs out/btrfs out/sb-zones out-pristine/mkfs.btrfs; do
	[ -x "$top/build/btrfs-progs/$f" ] || die "build/btrfs-progs/$f missing after build.sh"
done

log "3/5 initramfs"
"$top/kernel/qemu/mkinitramfs.sh" "$initramfs"

log "4/5 boot $base ($mode) in QEMU (TCG)"
"$top/kernel/qemu/run.sh" "$bzimage" "$initramfs" "$out" "$mode"

log "5/5 judge the logs (first the judge itself: kernel/qemu/selftest.sh)"
"$top/kernel/qemu/selftest.sh" "$tree" > "$out/selftest.log" ||
	{ cat "$out/selftest.log"; die "the log judge is broken"; }
rc=0
"$top/kernel/qemu/parse.sh" "$out" "$mode" "$tree" || rc=$?
"$top/kernel/qemu/summary.sh"
echo
log "$base $mode: $([ $rc = 0 ] && echo PASS || echo FAIL) (console log: $out/console.log)"
exit $rc
