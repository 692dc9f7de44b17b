#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# merge.sh - one run's logs from the logs of its QEMU instances, for the
# judge (parse.sh), as if one guest had run every test.
#
#   merge.sh [--order "SUBJECT..."] OUTDIR PARTDIR...
#
# Each PARTDIR holds what run.sh wrote (console.log, guest.tap, qemu.rc).
# OUTDIR gets:
#   console.log  the parts' console logs one after the other, each after a
#                "# ==== QEMU part K of N" line (the judge reads the KUnit
#                suite from the first)
#   guest.tap    the parts' TAP lines, test by test in the order of the
#                suite (subjects as --order lists them, tests by number;
#                a test starts at its "# ---- SUBJECT/NNN: " line, what
#                comes before the first one stays first), numbered again
#                from 1, then one plan line and one ZMATH-GUEST-RESULT line
#                with the sums, only if every part printed its own (else
#                the judge sees a guest that did not finish)
#   qemu.rc      0, or the first part's status that is not 0
set -euo pipefail

order=
if [ "${1:-}" = --order ]; then
	order=$2
	shift 2
fi
out=${1:?usage: merge.sh [--order "SUBJECT..."] OUTDIR PARTDIR...}
shift
[ $# -ge 1 ] || { echo "merge.sh: no parts" >&2; exit 2; }
rc=0 k=0
: > "$out/console.log"
for part; do
	k=$((k + 1))
	echo "# ==== QEMU part $k of $#: $part" >> "$out/console.log"
	cat "$part/console.log" >> "$out/console.log" 2> /dev/null || true
	r=$(cat "$part/qemu.rc" 2> /dev/null || echo 1)
	[ "$rc" != 0 ] || rc=$r
done
echo "$rc" > "$out/qemu.rc"

for part; do
	tr -d '\r' < "$part/guest.tap" 2> /dev/null || true
	echo "#PART-END"
done | awk -v parts=$# -v order="$order" '
	BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) rank[o[i]] = i }
	/^# ---- [a-z0-9_-]+\/[0-9]+: / {
		id = $3; sub(/:$/, "", id); split(id, f, "/")
		key = sprintf("%04d/%s", (f[1] in rank) ? rank[f[1]] : 9999, id)
		keys[++nk] = key
	}
	/^# ---- done$/ || /^#PART-END$/ { key = ""; next }
	/^ZMATH-GUEST-RESULT: / {
		for (i = 2; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "mode") mode = kv[2]
			else sum[kv[1]] += kv[2]
		}
		finished++
		next
	}
	/^1\.\.[0-9]+$/ { next }
	{ block[key] = block[key] $0 "\n" }
	END {
		for (i = 2; i <= nk; i++)	# insertion sort of the test keys
			for (j = i; j > 1 && keys[j] < keys[j - 1]; j--) {
				k = keys[j]; keys[j] = keys[j - 1]; keys[j - 1] = k
			}
		printf "%s", block[""]
		for (i = 1; i <= nk; i++) printf "%s", block[keys[i]]
		if (finished == parts)
			printf "# ---- done\nZMATH-GUEST-RESULT: pass=%d fail=%d skip=%d mode=%s\n",
				sum["pass"], sum["fail"], sum["skip"], mode
	}' | awk '
	/^(not )?ok [0-9]+ - / { n++; sub(/ok [0-9]+ - /, "ok " n " - ") }
	/^ZMATH-GUEST-RESULT: / { print "1.." n }
	{ print }' > "$out/guest.tap"
