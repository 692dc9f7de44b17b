#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# selftest.sh - the judge must be able to say no: feed parse.sh made-up
# logs, one fault each, and require it to fail on every fault and pass the
# clean one.
#
#   selftest.sh KERNEL_TREE   (a tree with tools/testing/kunit/kunit.py)
set -euo pipefail

tree=${1:?usage: selftest.sh KERNEL_TREE}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bad=0

ktap='KTAP version 1
1..3
    KTAP version 1
    # Subtest: zmath
    1..2
    ok 1 zmath_test_a
    ok 2 zmath_test_b
# zmath: pass:2 fail:0 skip:0 total:2
ok 1 zmath
    KTAP version 1
    # Subtest: blk_settings
    1..1
    ok 1 blk_test_a
# blk_settings: pass:1 fail:0 skip:0 total:1
ok 2 blk_settings
    KTAP version 1
    # Subtest: nvme_zns
    1..1
    ok 1 nvme_zns_test_a
# nvme_zns: pass:1 fail:0 skip:0 total:1
ok 3 nvme_zns'
tap='ok 1 - dev: created
ok 2 - dev: check # SKIP no tool
ok 3 - npo2: created # REFUSED zone_size must be power-of-two
1..3
ZMATH-GUEST-RESULT: pass=2 fail=0 skip=1 mode=MODE'
# what the groups of $tap declare (counts.sh)
expect='dev	1	0	1	no tool
npo2	0	1	0	'

# logs DIR MODE TAP - the clean console log, TAP as the guest's, qemu.rc 0
logs() {
	mkdir -p "$1"
	printf 'Linux version 6.1.192\n%s\nRun /init as init process\nzmath-guest: ok\nreboot: Restarting system\n' \
		"$ktap" > "$1/console.log"
	printf '%s\n' "$3" | sed "s/MODE/$2/" > "$1/guest.tap"
	echo 0 > "$1/qemu.rc"
}

# case NAME MODE WANT(pass|fail|fail=TEXT, TEXT in the problems) EDIT... - each EDIT (sed script, on
# "console", "tap" or "expect" as its first word; "rc N"; "only TESTS", a
# partial run; "none -") applied to the clean logs
case_() {
	local name=$1 mode=$2 want=$3 d=$work/$1 edit what script
	shift 3
	logs "$d" "$mode" "$tap"
	printf '# group\tpass\trefused\tskip\twhy\n%s\n' "$expect" > "$d/expect.tsv"
	for edit; do
		what=${edit%% *} script=${edit#* }
		case $what in
		console) sed -i "$script" "$d/console.log" ;;
		tap) sed -i "$script" "$d/guest.tap" ;;
		expect) sed -i "$script" "$d/expect.tsv" ;;
		rc) echo "$script" > "$d/qemu.rc" ;;
		only) echo "$script" > "$d/only" ;;
		none) ;;
		esac
	done
	judge "$name" "$mode" "$want" "$d"
}

# merge_case NAME WANT EDIT - $tap's groups from two QEMU instances, "dev"
# (test zonefs/001) in the first and "npo2" (nvme/002, first in the
# suite's order) in the second, merged (merge.sh); EDIT (a sed script)
# applied to the second one's TAP
merge_case() {
	local d=$work/$1
	logs "$d/part-1" patched "$(printf '# ---- zonefs/001: dev\n%s\n' "$tap" | sed '/npo2/d;s/^1\.\.3/1..2/;s/pass=2/pass=1/')"
	logs "$d/part-2" patched "$(printf '# ---- nvme/002: npo2\n%s\n' "$tap" | sed '/dev/d;s/^ok 3 /ok 1 /;s/^1\.\.3/1..1/;s/pass=2/pass=1/;s/skip=1/skip=0/')"
	sed -i "$3" "$d/part-2/guest.tap"
	"$here/merge.sh" --order "nvme zonefs" "$d" "$d/part-1" "$d/part-2"
	printf '# group\tpass\trefused\tskip\twhy\n%s\n' "$expect" > "$d/expect.tsv"
	judge "$1" patched "$2" "$d"
}

# judge NAME MODE WANT DIR - parse.sh on DIR must say WANT
judge() {
	local name=$1 mode=$2 want=$3 d=$4 rc=0
	"$here/parse.sh" "$d" "$mode" "$tree" "$d/expect.tsv" > "$d/out" 2>&1 || rc=$?
	if { [ "$want" = pass ] && [ $rc = 0 ]; } ||
	   { [ "${want%%=*}" = fail ] && [ $rc != 0 ] &&
	     { [ "$want" = fail ] || grep -qF -- "${want#fail=}" "$d/out"; }; }; then
		printf '  ok   %-40s %s\n' "$name" "$(grep -m1 '^FAIL' "$d/out" || echo PASS)"
	else
		printf '  BAD  %-40s want %s, parse.sh said %s\n' "$name" "$want" "$rc"
		sed 's/^/       /' "$d/out"
		bad=1
	fi
}

echo "selftest of kernel/qemu/parse.sh:"
case_ clean                patched  pass "none -"
case_ clean-baseline       baseline pass "console /zmath\|blk\|nvme\|KTAP\|^ *1\.\./d"
case_ guest-not-ok         patched  fail 'tap s/^ok 1 - dev: created/not ok 1 - dev: created/;s/pass=2 fail=0/pass=1 fail=1/'
case_ no-final-line        patched  fail 'tap /ZMATH-GUEST-RESULT/d'
case_ counts-mismatch      patched  fail 'tap /^ok 2 /d'
case_ no-guest-tap         patched  fail 'tap d'
case_ kunit-case-fails     patched  fail 'console s/^    ok 2 zmath_test_b/    not ok 2 zmath_test_b/'
case_ kunit-suite-missing  patched  fail "console /zmath\|blk\|nvme\|KTAP\|^ *1\.\./d"
case_ blk-suite-missing    patched  fail='no blk_settings suite' 'console /blk/d;s/^1\.\.3$/1..2/;s/^ok 3 nvme_zns/ok 2 nvme_zns/'
case_ blk-case-fails       patched  fail='KUnit blk_settings' 'console s/^    ok 1 blk_test_a/    not ok 1 blk_test_a/'
case_ nvme-suite-missing   patched  fail='no nvme_zns suite' 'console /nvme/d;s/^1\.\.3$/1..2/'
case_ nvme-case-fails      patched  fail='KUnit nvme_zns' 'console s/^    ok 1 nvme_zns_test_a/    not ok 1 nvme_zns_test_a/'
case_ kernel-panic         patched  fail 'console $a Kernel panic - not syncing: Fatal exception'
case_ oops                 patched  fail 'console $a Oops: 0000 [#1] PREEMPT'
case_ warning              patched  fail 'console $a WARNING: CPU: 0 PID: 1 at block/blk-zoned.c:1 x'
# a kernel message may land inside a guest line: the guest's own lines
# never say "WARNING:" (kernel/guest/lib.sh, comment), the judge trusts none
case_ warning-in-guest-line patched fail 'console $a #   mkfs.btrfs: zoned: WARNING: CPU: 0 PID: 1 at fs/btrfs/zoned.c:1 x'
case_ zonefs-zone-offline  patched  pass 'console $a zonefs (nullb0) WARNING: Zone 393216: offline zone'
case_ zonefs-remount-ro    patched  pass 'console $a zonefs (dm-0) WARNING: remounting filesystem read-only'
case_ zonefs-corrupted-wp  patched  fail 'console $a zonefs (nullb0) WARNING: Corrupted write pointer 524288 for zone at 524288'
case_ bug                  patched  fail 'console $a BUG: kernel NULL pointer dereference'
case_ timeout              patched  fail 'rc 124'
case_ qemu-error           patched  fail 'rc 1'
# the counts each group declares
case_ all-skipped          patched  fail='group dev: 0 pass, 0 refused, 2 skip, declared 1 pass' 'tap s/^ok 1 - dev: created/& # SKIP no tool/;s/pass=2 fail=0 skip=1/pass=1 fail=0 skip=2/'
case_ group-missing        patched  fail='group missing: npo2' 'tap /npo2/d;s/pass=2/pass=1/'
case_ fewer-than-declared  patched  fail='group dev: 1 pass, 0 refused, 0 skip, declared' 'tap /^ok 2 /d;s/skip=1/skip=0/'
case_ undeclared-skip      patched  fail='undeclared skip: dev: check (no time)' 'tap s/# SKIP no tool/# SKIP no time/'
case_ undeclared-group     patched  fail='group not declared in' 'expect /^npo2/d'
case_ no-declaration       patched  fail='no declared counts' 'expect d'
case_ partial-run          patched  pass 'tap /npo2/d;s/pass=2/pass=1/' 'only dev'
case_ parts-not-partial    patched  fail='group missing: npo2' 'tap /npo2/d;s/pass=2/pass=1/' \
	'console s/^Run \/init.*/&\n# zmath guest suite, mode patched, base 6.1, only dev/'
# two QEMU instances, one run (merge.sh)
merge_case merged-parts             pass 's/^x//'
merge_case merged-part-unfinished   fail='no final ZMATH-GUEST-RESULT' '/ZMATH-GUEST-RESULT/d'
merge_case merged-part-not-ok       fail='check(s) failed' 's/^ok 1 - npo2/not ok 1 - npo2/;s/pass=1 fail=0/pass=0 fail=1/'
# merge.sh puts the tests in the suite's order, whatever part ran them
d=$work/merged-parts
if [ "$(grep -m 1 '^ok' "$d/guest.tap")" = "ok 1 - npo2: created # REFUSED zone_size must be power-of-two" ] &&
   [ "$(grep -c '^ok' "$d/guest.tap")" = 3 ]; then
	printf '  ok   %-40s %s\n' merge-order "nvme/002 first, 3 lines"
else
	printf '  BAD  %-40s %s\n' merge-order "want nvme/002's line first:"
	sed 's/^/       /' "$d/guest.tap"
	bad=1
fi
[ $bad = 0 ] && echo "selftest: parse.sh said no to every fault" || echo "selftest: FAILED" >&2
exit $bad
