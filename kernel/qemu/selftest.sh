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
1..1
    KTAP version 1
    # Subtest: zmath
    1..2
    ok 1 zmath_test_a
    ok 2 zmath_test_b
# zmath: pass:2 fail:0 skip:0 total:2
ok 1 zmath'
tap='ok 1 - dev: created
ok 2 - dev: check # SKIP no tool
ok 3 - npo2: created # REFUSED zone_size must be power-of-two
1..3
ZMATH-GUEST-RESULT: pass=2 fail=0 skip=1 mode=MODE'

# case NAME MODE WANT(pass|fail) EDIT - EDIT (sed script, on "console" or
# "tap" as its first word) applied to the clean logs
case_() {
	local name=$1 mode=$2 want=$3 what=${4%% *} script=${4#* } d=$work/$1 rc=0
	mkdir -p "$d"
	printf 'Linux version 6.1.192\n%s\nRun /init as init process\nzmath-guest: ok\nreboot: Restarting system\n' \
		"$ktap" > "$d/console.log"
	printf '%s\n' "$tap" | sed "s/MODE/$mode/" > "$d/guest.tap"
	echo 0 > "$d/qemu.rc"
	case $what in
	console) sed -i "$script" "$d/console.log" ;;
	tap) sed -i "$script" "$d/guest.tap" ;;
	rc) echo "$script" > "$d/qemu.rc" ;;
	none) ;;
	esac
	"$here/parse.sh" "$d" "$mode" "$tree" > "$d/out" 2>&1 || rc=$?
	if { [ "$want" = pass ] && [ $rc = 0 ]; } || { [ "$want" = fail ] && [ $rc != 0 ]; }; then
		printf '  ok   %-40s %s\n' "$name" "$(grep -m1 '^FAIL' "$d/out" || echo PASS)"
	else
		printf '  BAD  %-40s want %s, parse.sh said %s\n' "$name" "$want" "$rc"
		sed 's/^/       /' "$d/out"
		bad=1
	fi
}

echo "selftest of kernel/qemu/parse.sh:"
case_ clean                patched  pass "none -"
case_ clean-baseline       baseline pass "console /zmath\|KTAP\|^ *1\.\./d;s/^ok 1 zmath//"
case_ guest-not-ok         patched  fail 'tap s/^ok 1 - dev: created/not ok 1 - dev: created/;s/pass=2 fail=0/pass=1 fail=1/'
case_ no-final-line        patched  fail 'tap /ZMATH-GUEST-RESULT/d'
case_ counts-mismatch      patched  fail 'tap /^ok 2 /d'
case_ no-guest-tap         patched  fail 'tap d'
case_ kunit-case-fails     patched  fail 'console s/^    ok 2 zmath_test_b/    not ok 2 zmath_test_b/'
case_ kunit-suite-missing  patched  fail "console /zmath\|KTAP\|^ *1\.\./d;s/^ok 1 zmath//"
case_ kernel-panic         patched  fail 'console $a Kernel panic - not syncing: Fatal exception'
case_ oops                 patched  fail 'console $a Oops: 0000 [#1] PREEMPT'
case_ warning              patched  fail 'console $a WARNING: CPU: 0 PID: 1 at block/blk-zoned.c:1 x'
case_ bug                  patched  fail 'console $a BUG: kernel NULL pointer dereference'
case_ timeout              patched  fail 'rc 124'
case_ qemu-error           patched  fail 'rc 1'
[ $bad = 0 ] && echo "selftest: parse.sh said no to every fault" || echo "selftest: FAILED" >&2
exit $bad
