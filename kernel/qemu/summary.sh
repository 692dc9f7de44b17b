#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# summary.sh - print the results of the patched and the pristine (baseline)
# runs side by side, from the files parse.sh leaves in each run's folder.
#
#   summary.sh PATCHED_DIR BASELINE_DIR
#
# A run that has not been made shows as "-".  Two tables: per group (the
# part of each check's name before the first ':'), then every check whose
# status differs between the two kernels.
set -euo pipefail

pd=${1:?usage: summary.sh PATCHED_DIR BASELINE_DIR} bd=${2:?}
val() { sed -n "s/^$1=//p" "$2/verdict.txt" 2>/dev/null || true; }
age() {
	[ -f "$1/verdict.txt" ] || { echo "not run"; return; }
	echo "run $(date -r "$1/verdict.txt" '+%F %T')"
}

printf '\n%-34s | %-36s | %-36s\n' "" "patched ($(age "$pd"))" "pristine ($(age "$bd"))"
printf '%.0s-' {1..110}; echo
printf '%-34s | %-36s | %-36s\n' "verdict" "$(val verdict "$pd")" "$(val verdict "$bd")"
printf '%-34s | %-36s | %-36s\n' "KUnit" "$(val kunit "$pd")" "$(val kunit "$bd")"
printf '%-34s | %-36s | %-36s\n' "guest TAP" "$(val guest "$pd")" "$(val guest "$bd")"
printf '%.0s-' {1..110}; echo

# Per group: "3 pass, 1 refused" for each run.
awk -F'\t' -v pf="$pd/results.tsv" -v bf="$bd/results.tsv" '
function load(file, col,   line, a, g) {
	while ((getline line < file) > 0) {
		split(line, a, "\t")
		g = a[2]; sub(/:.*/, "", g)
		if (!(g in seen)) { seen[g] = 1; order[++n] = g }
		cnt[col, g, a[1]]++
	}
}
function cell(col, g,   s, i, st) {
	s = ""
	split("PASS FAIL REFUSED SKIP", st, " ")
	for (i = 1; i <= 4; i++)
		if (cnt[col, g, st[i]])
			s = s (s == "" ? "" : ", ") cnt[col, g, st[i]] " " tolower(st[i])
	return s == "" ? "-" : s
}
BEGIN {
	load(pf, "p"); load(bf, "b")
	for (i = 1; i <= n; i++)
		printf "%-34s | %-36s | %-36s\n", order[i], cell("p", order[i]), cell("b", order[i])
}'

# Checks whose status differs.
if [ -s "$pd/results.tsv" ] && [ -s "$bd/results.tsv" ]; then
	echo
	echo "checks whose result differs (patched | pristine):"
	awk -F'\t' 'NR == FNR { b[$2] = $1; next }
		{ s = ($2 in b) ? b[$2] : "-"; if (s != $1) printf "  %-7s | %-7s | %s\n", $1, s, $2; delete b[$2] }
		END { for (k in b) printf "  %-7s | %-7s | %s\n", "-", b[k], k }' \
		"$bd/results.tsv" "$pd/results.tsv"
fi
