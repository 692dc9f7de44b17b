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

printf '\n%-44s | %-36s | %-36s\n' "" "patched ($(age "$pd"))" "pristine ($(age "$bd"))"
printf '%.0s-' {1..120}; echo
printf '%-44s | %-36s | %-36s\n' "verdict" "$(val verdict "$pd")" "$(val verdict "$bd")"
printf '%-44s | %-36s | %-36s\n' "KUnit" "$(val kunit "$pd")" "$(val kunit "$bd")"
printf '%-44s | %-36s | %-36s\n' "guest TAP" "$(val guest "$pd")" "$(val guest "$bd")"
printf '%.0s-' {1..120}; echo

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
		printf "%-44s | %-36s | %-36s\n", order[i], cell("p", order[i]), cell("b", order[i])
}'

# Checks whose status differs; those one run skipped because its kernel
# refused the device are only counted (the full list: OUTDIR/../qemu-diff.tsv).
if [ -s "$pd/results.tsv" ] && [ -s "$bd/results.tsv" ]; then
	diff=$(dirname "$pd")/qemu-diff.tsv
	awk -F'\t' 'NR == FNR { b[$2] = $1; border[++nb] = $2; next }
		{ s = ($2 in b) ? b[$2] : "-"; if (s != $1) print $1 "\t" s "\t" $2; seen[$2] = 1 }
		END { for (i = 1; i <= nb; i++) if (!(border[i] in seen))
			print "-\t" b[border[i]] "\t" border[i] }' \
		"$bd/results.tsv" "$pd/results.tsv" > "$diff"
	echo
	echo "checks whose result differs (patched | pristine), $diff:"
	awk -F'\t' '$1 != "SKIP" && $2 != "SKIP" { printf "  %-7s | %-7s | %s\n", $1, $2, $3 }
		$1 == "SKIP" || $2 == "SKIP" { n++ }
		END { if (n) printf "  ... and %d checks that one kernel SKIPs: it refused their device\n", n }' "$diff"
fi
