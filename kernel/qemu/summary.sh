#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# summary.sh - print the last QEMU run of every base, patched and pristine
# (baseline), side by side, from the files parse.sh leaves in
# build/kernel/BASE/qemu-{patched,baseline}/.
#
#   [KERNEL=6.1] summary.sh
#
# Four columns (6.12 and 6.1, patched and pristine; a run that has not been
# made shows "not run" and "-"), 160 wide: the verdicts, then each group of
# checks (the part of a check's name before the first ':').  Then, for the
# base KERNEL only, every check whose status differs between its two
# kernels, also written to build/kernel/KERNEL/qemu-diff.tsv.
set -euo pipefail
. "$(dirname "$0")/../scripts/common.sh"

runs=() heads=()
for b in "${kbases[@]}"; do
	runs+=("$top/build/kernel/$b/qemu-patched" "$top/build/kernel/$b/qemu-baseline")
	heads+=("$b patched" "$b pristine")
done

# row LABEL CELL... - one line of the table (cells cut to fit)
row() {
	local line c
	printf -v line '%-44.44s' "$1"
	shift
	for c; do printf -v line '%s | %-26.26s' "$line" "$c"; done
	echo "${line%"${line##*[! ]}"}"
}
rule() { printf '%.0s-' {1..160}; echo; }
val() { sed -n "s/^$1=//p" "$2/verdict.txt" 2>/dev/null || true; }
# per_run LABEL FUNC - a row of FUNC RUNDIR for each run ("-" if empty)
per_run() {
	local label=$1 f=$2 r c cells=()
	for r in "${runs[@]}"; do
		c=$("$f" "$r")
		cells+=("${c:--}")
	done
	row "$label" "${cells[@]}"
}
run_date() {
	[ -f "$1/verdict.txt" ] || { echo "not run"; return; }
	date -r "$1/verdict.txt" '+%F %H:%M'
}
verdict() { val verdict "$1"; }
kunit() { val kunit "$1"; }
guest() {	# "pass 452, refused 0, fail 0, skip 2" -> "452/0/0/2"
	val guest "$1" | sed -E 's/^pass ([0-9]+), refused ([0-9]+), fail ([0-9]+), skip ([0-9]+)$/\1\/\2\/\3\/\4/'
}

echo
row "QEMU runs (build/kernel/BASE/qemu-MODE)" "${heads[@]}"
rule
per_run "last run" run_date
per_run "verdict" verdict
per_run "KUnit zmath, blk_settings, nvme_zns: pass/cases" kunit
per_run "guest TAP: pass/refused/fail/skip" guest
rule

# Per group: "3 pass, 1 refused" for each run, groups in first-seen order.
results=()
for r in "${runs[@]}"; do results+=("$r/results.tsv"); done
awk -F'\t' '
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
	for (c = 1; c < ARGC; c++)
		load(ARGV[c], c)
	for (i = 1; i <= n; i++) {
		line = sprintf("%-44.44s", order[i])
		for (c = 1; c < ARGC; c++)
			line = line sprintf(" | %-26.26s", cell(c, order[i]))
		sub(/ +$/, "", line)
		print line
	}
}' "${results[@]}"

# Checks of this base whose status differs; those one run skipped or did
# not run because its kernel refused the device are only counted (the full
# list is in the file).
pd=$kbuild/qemu-patched bd=$kbuild/qemu-baseline
if [ -s "$pd/results.tsv" ] && [ -s "$bd/results.tsv" ]; then
	diff=$kbuild/qemu-diff.tsv
	awk -F'\t' 'NR == FNR { b[$2] = $1; border[++nb] = $2; next }
		{ s = ($2 in b) ? b[$2] : "-"; if (s != $1) print $1 "\t" s "\t" $2; seen[$2] = 1 }
		END { for (i = 1; i <= nb; i++) if (!(border[i] in seen))
			print "-\t" b[border[i]] "\t" border[i] }' \
		"$bd/results.tsv" "$pd/results.tsv" > "$diff"
	echo
	echo "$base: checks whose result differs (patched | pristine), $diff:"
	awk -F'\t' '$1 ~ /^(SKIP|-)$/ || $2 ~ /^(SKIP|-)$/ { n++; next }
		{ printf "  %-7s | %-7s | %s\n", $1, $2, $3 }
		END { if (n) printf "  ... and %d checks that one kernel skips or does not run (mostly: it refused their device)\n", n }' "$diff"
else
	echo
	echo "$base: the checks whose result differs need both runs" \
		"(make kernel-check KERNEL=$base [BASELINE=1])"
fi
