# SPDX-License-Identifier: GPL-2.0-only
# kunit-lib.sh - read the KUnit suites' results from a console log.
# Sourced by parse.sh (full guest runs) and kunit.sh (KUnit-only boots).
#
# kunit_parse CONSOLE OUTDIR TREE - the first KTAP part of CONSOLE (up to
# /init, if the kernel got that far) goes to OUTDIR/ktap.log, TREE's own
# kunit.py parses it (OUTDIR/kunit.txt, kunit.json); sets kunit_rc
# (kunit.py's exit status: not 0 if any case of any suite failed).
kunit_parse() {
	local console=$1 out=$2 tree=$3
	# the first boot's (merge.sh puts one boot after another)
	sed -n '/KTAP version\|TAP version/,/Run \/init as init process/{p;/Run \/init as init process/q}' \
		"$console" > "$out/ktap.log"
	kunit_rc=0
	/usr/bin/python3 "$tree/tools/testing/kunit/kunit.py" parse \
		--json="$out/kunit.json" "$out/ktap.log" > "$out/kunit.txt" 2>&1 ||
		kunit_rc=$?
}

# kunit_suite OUTDIR NAME - after kunit_parse, the cases of suite NAME:
# sets kunit_cases ("STATUS<TAB>name" per case), kunit_total and kunit_pass
kunit_suite() {
	kunit_cases=$(jq -r --arg name "$2" '[.. | objects | select(.name? == $name)] | first // empty
		| [.. | objects | .test_cases? // empty | .[]] | .[] | "\(.status)\t\(.name)"' \
		"$1/kunit.json" 2>/dev/null || true)
	kunit_total=$(printf '%s' "$kunit_cases" | grep -c . || true)
	kunit_pass=$(printf '%s\n' "$kunit_cases" | grep -c '^PASS	' || true)
}
