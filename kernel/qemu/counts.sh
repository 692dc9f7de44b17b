#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# counts.sh - what each group of the guest suite declares it runs, per
# kernel base and mode, and the judgement of a run against it.
#
#   counts.sh declare RESULTS.TSV > kernel/qemu/expect/BASE-MODE.tsv
#   counts.sh judge RESULTS.TSV EXPECT.TSV [partial]
#
# A group is the part of a check's name before its first ':'.  EXPECT.TSV
# has one line per group: the group, how many checks pass, are refused
# (the pristine kernel refusing an npo2 device, as it must) and skip, and
# why they may skip: the reasons, " || " between them, each a text that a
# SKIP's reason starts with.  "declare" writes it from a run, to be read
# and committed as a reviewed change; "judge" fails, one line per problem,
# on a group whose counts differ from the declared ones (fewer checks, or
# passes turned into skips), a SKIP whose reason its group does not
# declare, a group that is not declared, and a declared group that did not
# run.  "partial" (a run of some tests, ONLY=) leaves out the last
# rule.  RESULTS.TSV is parse.sh's: status, check, reason.
set -euo pipefail

usage() {
	echo "usage: counts.sh declare RESULTS.TSV | judge RESULTS.TSV EXPECT.TSV [partial]" >&2
	exit 2
}

# tally RESULTS.TSV - group, pass, refused, skip and the skip reasons
# (each once, in first-seen order), a line per group in first-seen order
tally() {
	awk -F'\t' '
	{
		g = $2; sub(/:.*/, "", g)
		if (!(g in seen)) { seen[g] = 1; order[++n] = g }
		if ($1 == "PASS") pass[g]++
		else if ($1 == "REFUSED") refused[g]++
		else if ($1 == "SKIP") {
			skip[g]++
			if (!((g, $3) in why_seen)) {
				why_seen[g, $3] = 1
				why[g] = why[g] (why[g] == "" ? "" : " || ") $3
			}
		} else if ($1 == "FAIL") fail[g]++
	}
	END {
		for (i = 1; i <= n; i++) {
			g = order[i]
			printf "%s\t%d\t%d\t%d\t%s\n", g, pass[g], refused[g], skip[g], why[g]
		}
	}' "$1"
}

case ${1:-} in
declare)
	[ $# = 2 ] || usage
	echo "# group	pass	refused	skip	why they may skip (' || ' between reasons)"
	tally "$2"
	;;
judge)
	[ $# -ge 3 ] || usage
	[ -s "$3" ] || { echo "no declared counts: $3 is missing or empty (counts.sh declare)"; exit 1; }
	tally "$2" | awk -F'\t' -v partial="${4:-}" -v expect="$3" -v results="$2" '
	function problem(s) { print s; bad = 1 }
	BEGIN {
		while ((getline line < expect) > 0) {
			if (line ~ /^#/ || line == "") continue
			split(line, f, "\t")
			g = f[1]; declared[g] = 1; dorder[++nd] = g
			want[g] = f[2] " pass, " f[3] " refused, " f[4] " skip"
			nwhy[g] = split(f[5], reasons, / \|\| /)
			for (i = 1; i <= nwhy[g]; i++) reason[g, i] = reasons[i]
		}
		# every SKIP must give a reason its group declares
		while ((getline line < results) > 0) {
			split(line, r, "\t")
			if (r[1] != "SKIP") continue
			g = r[2]; sub(/:.*/, "", g)
			if (!(g in declared)) continue
			ok = 0
			for (i = 1; i <= nwhy[g]; i++)
				if (reason[g, i] != "" && index(r[3], reason[g, i]) == 1) ok = 1
			if (!ok) problem("undeclared skip: " r[2] " (" r[3] ")")
		}
	}
	{
		ran[$1] = 1
		got = $2 " pass, " $3 " refused, " $4 " skip"
		if (!($1 in declared)) problem("group not declared in " expect ": " $1 " (" got ")")
		else if (got != want[$1]) problem("group " $1 ": " got ", declared " want[$1])
	}
	END {
		if (partial == "")
			for (i = 1; i <= nd; i++)
				if (!(dorder[i] in ran)) problem("group missing: " dorder[i] " (declared " want[dorder[i]] ")")
		exit bad
	}'
	;;
*) usage ;;
esac
