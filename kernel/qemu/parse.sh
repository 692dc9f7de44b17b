#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# parse.sh - judge one QEMU run from its logs.
#
#   parse.sh OUTDIR MODE KERNEL_TREE EXPECT.TSV
#
# OUTDIR holds console.log, guest.tap and qemu.rc (run.sh).  Judged:
#  - KUnit: the KTAP before /init, parsed by KERNEL_TREE's own
#    tools/testing/kunit/kunit.py parse; every case of the zmath,
#    blk_settings and nvme_zns suites must pass (patched mode: the suites
#    must be there; baseline: they are absent);
#  - the guest's TAP (guest.tap): no "not ok", a final ZMATH-GUEST-RESULT
#    line whose counts match the lines, and per group of checks the counts
#    and skip reasons EXPECT.TSV declares (kernel/qemu/expect/BASE-MODE.tsv,
#    judged by counts.sh; a run of some tests, ONLY= in OUTDIR/only, is not
#    required to run every group);
#  - the console: no "Kernel panic", "Oops", "WARNING:" (but zonefs' of a
#    zone offline or read-only at mount), "BUG:"; no timeout.
# Writes OUTDIR/results.tsv (status, check, why it skipped or was
# refused) and OUTDIR/verdict.txt, prints
# the problems, and exits 0 only if there are none.
set -euo pipefail

usage="usage: parse.sh OUTDIR MODE KERNEL_TREE EXPECT.TSV"
out=${1:?$usage} mode=${2:?$usage} tree=${3:?$usage} expect=${4:?$usage}
out=$(cd "$out" && pwd)	# kunit.py changes directory
console=$out/console.log tap=$out/guest.tap
problems=()
problem() { problems+=("$*"); }

[ -s "$console" ] || { echo "parse: no console log in $out" >&2; exit 1; }
rc=$(cat "$out/qemu.rc" 2>/dev/null || echo missing)
case $rc in
0) ;;
124) problem "QEMU timed out (hard timeout)" ;;
*) problem "QEMU exited with status $rc" ;;
esac

# --- KUnit ------------------------------------------------------------------
. "$(dirname "$0")/kunit-lib.sh"
kunit_parse "$console" "$out" "$tree"
# The series' suites, each with the option that builds it: the zone math
# (lib/math/zmath_kunit.c) and the stacked limits' chunk_sectors
# reciprocal (block/tests/blk_settings_kunit.c) and the zone sizes the NVMe
# host takes (drivers/nvme/host/tests/zns_kunit.c).  kunit_line:
# "37/37, 3/3, 2/2"
kunit_line= kunit_all=0
for spec in zmath:ZMATH_KUNIT_TEST blk_settings:BLK_SETTINGS_KUNIT_TEST \
	nvme_zns:NVME_ZNS_KUNIT_TEST; do
	suite=${spec%%:*}
	kunit_suite "$out" "$suite"
	kunit_all=$((kunit_all + kunit_total))
	if [ "$kunit_total" -gt 0 ]; then
		[ "$kunit_pass" = "$kunit_total" ] ||
			problem "KUnit $suite: $((kunit_total - kunit_pass)) of $kunit_total cases did not pass: $(printf '%s\n' "$kunit_cases" | grep -v '^PASS	' | cut -f2 | head -5 | paste -sd, -)"
		cell=$kunit_pass/$kunit_total
	elif [ "$mode" = patched ]; then
		problem "KUnit: no $suite suite in the console log (CONFIG_${spec#*:}?)"
		cell=MISSING
	else
		cell=absent
	fi
	kunit_line+=${kunit_line:+, }$cell
done
[ "$mode" = patched ] || [ "$kunit_all" != 0 ] || kunit_line="absent (pristine kernel)"
# The pristine tree has no KUnit suite built in: "0 tests run" is its normal.
if [ "$kunit_rc" != 0 ] && ! { [ "$mode" = baseline ] && [ "$kunit_all" = 0 ] &&
	grep -q 'Ran 0 tests' "$out/kunit.txt"; }; then
	problem "kunit.py parse failed (rc $kunit_rc), see $out/kunit.txt"
fi

# --- kernel console ---------------------------------------------------------
# A "WARNING:" anywhere in a line is the kernel's: the guest says a tool's
# (btrfs-progs') in lower case (kernel/guest/lib.sh, comment), so that a
# kernel message that lands inside one of the guest's lines is still seen.
# zonefs says "WARNING" of a zone found offline or read-only at mount,
# which the faults section makes on purpose: that alone is no trouble.
bad=$(grep -nE 'Kernel panic|Oops|WARNING:|BUG:' "$console" |
	grep -vE '^[0-9]+:zonefs \([^)]*\) WARNING: (Zone [0-9]+: (offline|read-only) zone|remounting filesystem read-only)$' |
	head -5 || true)
[ -z "$bad" ] || problem "kernel trouble in the console log:"$'\n'"$bad"

# --- guest TAP --------------------------------------------------------------
: > "$out/results.tsv"
if [ ! -s "$tap" ]; then
	problem "no guest TAP output ($tap)"
else
	tr -d '\r' < "$tap" | awk -F'\t' '
		/^not ok [0-9]+ - / { sub(/^not ok [0-9]+ - /, ""); print "FAIL\t" $0; next }
		/^ok [0-9]+ - .* # (SKIP|REFUSED)/ {
			sub(/^ok [0-9]+ - /, "")
			st = $0; sub(/.* # /, "", st); why = st
			sub(/ .*/, "", st); sub(/^[A-Z]+ ?/, "", why)
			sub(/ # (SKIP|REFUSED).*/, "")
			print st "\t" $0 "\t" why; next }
		/^ok [0-9]+ - / { sub(/^ok [0-9]+ - /, ""); print "PASS\t" $0 }
	' > "$out/results.tsv"
fi
final=$(tr -d '\r' < "$tap" 2>/dev/null | grep '^ZMATH-GUEST-RESULT:' | tail -n 1 || true)
n() { grep -c "^$1	" "$out/results.tsv" || true; }
pass=$(n PASS) refused=$(n REFUSED) fail=$(n FAIL) skip=$(n SKIP)
if [ -z "$final" ]; then
	problem "no final ZMATH-GUEST-RESULT line: the guest suite did not finish"
else
	want="pass=$((pass + refused)) fail=$fail skip=$skip mode=$mode"
	[ "${final#ZMATH-GUEST-RESULT: }" = "$want" ] ||
		problem "final line '$final' does not match the TAP lines ($want)"
fi
# OUTDIR/only: the tests a partial run asked for (run-parts.sh)
partial=$(grep -q . "$out/only" 2> /dev/null && echo partial || true)
if [ -s "$out/results.tsv" ] &&
   ! counts=$("$(dirname "$0")/counts.sh" judge "$out/results.tsv" "$expect" $partial); then
	problem "guest: the counts declared in $expect do not hold:"$'\n'"$(sed 's/^/  /' <<< "$counts" | head -n 20)$([ "$(wc -l <<< "$counts")" -le 20 ] || echo $'\n'"  ... $(($(wc -l <<< "$counts") - 20)) more")"
fi
[ "$fail" = 0 ] || problem "guest: $fail check(s) failed:"$'\n'"$(grep '^FAIL' "$out/results.tsv" | cut -f2 | sed 's/^/  /')"

{
	echo "mode=$mode"
	echo "kunit=$kunit_line"
	echo "guest=pass $pass, refused $refused, fail $fail, skip $skip"
	echo "verdict=$([ ${#problems[@]} = 0 ] && echo PASS || echo FAIL)"
} > "$out/verdict.txt"

if [ ${#problems[@]} != 0 ]; then
	printf 'FAIL: %s\n' "${problems[@]}" >&2
	exit 1
fi
