# SPDX-License-Identifier: GPL-2.0-only
# suite.sh - the zmath guest suite, run by /init under busybox sh.
#
# Zoned devices of power-of-2 (po2) and other (npo2) zone sizes: the two
# QEMU NVMe ZNS namespaces and null_blk devices made through configfs,
# configurations the kernel must refuse, device mapper tables, the NVMe
# target over the loop transport, zonefs, btrfs and f2fs, zones that fail
# (offline, read-only, bad sectors, a power cut), and concurrent I/O under
# the zone limits.  On every kernel base ($BASE, 6.12 or 6.1)
# MODE=patched: npo2 devices work, and what the series of that base does
# not convert (dm and f2fs on 6.1: npo2_series) is refused with its
# message, a check of its own.  MODE=baseline (pristine tree): po2 devices
# work, npo2 ones are refused (TAP "# REFUSED", the rest of their checks
# SKIP); an npo2 device that the pristine kernel accepts is a failure, so
# both runs can fail.
#
# One test per file, as blktests has them: /guest/tests/SUBJECT/NNN sets
#   DESCRIPTION  the test's group: every TAP line of the test starts with
#                "DESCRIPTION: "; kernel/qemu/expect/BASE-MODE.tsv declares
#                its counts under this name.  A test run over a list of
#                devices (po2 and npo2, say) says what it checks here, and
#                names a group per device in test_main
#   REQUIRES     programs (on PATH) and files it needs: one missing fails
#                the test, it never skips it
#   BASES        the kernel bases that have the code it tests (default:
#                both); on another base it does not run, and that base's
#                expect file does not declare it
# and defines test_main, its one test function, and, if it runs its steps
# once per device, test_device; the next test never sees either.  A
# test's steps call its subject's helpers, /guest/tests/SUBJECT/rc (as in
# blktests), sourced before each of its tests, and the guest library that
# more than one subject shares, /guest/*.sh (lib.sh: TAP and the command
# line; zoned.sh: null_blk, zone reports, the po2 test; geometry.sh and
# zone-io.sh: the checks of a zoned device; one file per other concern).
# Subjects run in the order of $subjects, tests in the order of their
# numbers.
# zmath.only=SUBJECT|SUBJECT/NNN,... on the kernel command line runs those
# alone.
. /guest/lib.sh
. /guest/zoned.sh
. /guest/geometry.sh
. /guest/zone-io.sh
. /guest/nvme.sh
. /guest/nvmet.sh
. /guest/dm.sh
. /guest/btrfs.sh

TESTS=/guest/tests
subjects="boot nvme nvme-huge null_blk block dm nvmet zonefs btrfs f2fs faults tools blkzone libzbd load fio-zbd"

# run_test ID - source $TESTS/ID and run its test_main: a "# ---- ID"
# line, the test's TAP lines, "# time ID SECONDS" (kernel/qemu/run-parts.sh
# shares the tests out between QEMU instances by these times)
run_test() {
	local id=$1 p missing= t0
	unset DESCRIPTION REQUIRES BASES
	unset -f test_main test_device
	[ ! -f "$TESTS/${id%%/*}/rc" ] || . "$TESTS/${id%%/*}/rc"
	. "$TESTS/$id"
	section "$id: $DESCRIPTION"
	case " ${BASES:-6.12 6.1} " in
	*" $BASE "*) ;;
	*) comment "$id: not a test on $BASE (BASES=$BASES)"; return ;;
	esac
	for p in ${REQUIRES:-}; do
		has "$p" || [ -e "$p" ] || missing="$missing $p"
	done
	if [ -n "$missing" ]; then
		notok "$DESCRIPTION: requires$missing" "not in the initramfs (kernel/qemu/mkinitramfs.sh)"
		return
	fi
	SKIPPING=
	t0=$(date +%s)
	test_main
	SKIPPING=
	echo "# time $id $(($(date +%s) - t0))"
}

echo "# zmath guest suite, mode $MODE, base ${BASE:-unknown}${ONLY:+, only $ONLY}"
if [ -z "$BASE" ]; then
	notok "kernel base: 6.12 or 6.1" "uname -r is $(uname -r): no expectations for it"
	finish
	exit 1
fi
comment "kernel base $BASE: uname -r $(uname -r), mode $MODE"
for want in $(echo "$ONLY" | tr , ' '); do
	[ -d "$TESTS/$want" ] || [ -f "$TESTS/$want" ] ||
		notok "zmath.only=$ONLY: $want is a subject or a test" "subjects: $subjects"
done
for subject in $subjects; do
	for t in "$TESTS/$subject"/[0-9][0-9][0-9]; do
		[ -f "$t" ] || { notok "$subject: tests in $TESTS/$subject"; continue; }
		id=${t#$TESTS/}
		in_list "$ONLY" "$subject" || in_list "$ONLY" "$id" || continue
		run_test "$id"
	done
done
section "done"
finish
