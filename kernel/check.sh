#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# check.sh - boot the zmath kernel of one base in QEMU and judge it:
# KUnit zmath suite, the guest's zoned-device suite (kernel/guest/), no
# panic/oops/WARNING/BUG, no timeout.  Run by `make kernel-check`.
#
#   kernel/check.sh                     6.12, the patched kernel
#   KERNEL=6.1 kernel/check.sh          6.1, the patched kernel
#   BASELINE=1 kernel/check.sh          the pristine tree: npo2 must
#                                             be refused
#
# Each group of checks declares what it runs, per base and mode, in
# kernel/qemu/expect/BASE-MODE.tsv (kernel/qemu/counts.sh): a group that
# runs fewer checks, skips for a reason it does not declare, or is
# missing fails the run.
# Reuses what is built: kernel/scripts/build.sh is incremental and the
# initramfs' large part is cached.  Outputs in build/kernel/$KERNEL/
# qemu-{patched,baseline}/ (console.log, guest.tap, results.tsv,
# verdict.txt); the initramfs (build/kernel/qemu/) is the same for every
# base.  The summary shows the last run of each base and mode.
# The guest's btrfs, f2fs and fio-zbd checks need the project's
# btrfs-progs, f2fs-tools and blkzone, Debian's pristine ones and fio's
# zoned test suite: kernel/qemu/guest-image.sh builds them (apt-get
# source, 2-5 minutes each the first time, seconds after that).
# ZMATH_QEMU_TIMEOUT (seconds, default 900) bounds each boot; ONLY=SUBJECT,
# SUBJECT/NNN,... runs those tests of the guest suite alone (zmath.only=,
# see kernel/guest/suite.sh); ZMATH_QEMU_JOBS (2) QEMU instances share the
# tests out (kernel/qemu/run-parts.sh); ZMATH_GUEST_ARGS adds to the kernel
# command line.
set -euo pipefail
. "$(dirname "$0")/scripts/common.sh"

if [ "${BASELINE:-0}" = 1 ]; then
	mode=baseline tree=$ksrc_pristine build_args=(--baseline)
else
	mode=patched tree=$ksrc build_args=()
fi
out=$kbuild/qemu-$mode

log "1/4 kernel $base ($mode): kernel/scripts/build.sh ${build_args[*]}"
bzimage=$("$top/kernel/scripts/build.sh" "${build_args[@]}" | tail -n 1)
[ -f "$bzimage" ] || die "build.sh gave no bzImage ('$bzimage')"

log "2/4 guest tools and initramfs: kernel/qemu/guest-image.sh"
initramfs=$("$top/kernel/qemu/guest-image.sh" | tail -n 1)

log "3/4 boot $base ($mode) in ${ZMATH_QEMU_JOBS:-2} QEMU instances (TCG)${ONLY:+, tests $ONLY}"
"$top/kernel/qemu/run-parts.sh" "$bzimage" "$initramfs" "$out" "$mode"

log "4/4 judge the logs (first the judge itself: kernel/qemu/selftest.sh)"
"$top/kernel/qemu/selftest.sh" "$tree" > "$out/selftest.log" ||
	{ cat "$out/selftest.log"; die "the log judge is broken"; }
rc=0
expect=$top/kernel/qemu/expect/$base-$mode.tsv
"$top/kernel/qemu/parse.sh" "$out" "$mode" "$tree" "$expect" || rc=$?
[ $rc = 0 ] || [ -s "$expect" ] ||
	log "no declared counts: after reading the run, kernel/qemu/counts.sh declare $out/results.tsv > $expect"
"$top/kernel/qemu/summary.sh"
echo
log "$base $mode: $([ $rc = 0 ] && echo PASS || echo FAIL) (console log: $out/console.log)"
exit $rc
