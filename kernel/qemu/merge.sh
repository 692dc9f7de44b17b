#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# merge.sh - one run's logs from the logs of its QEMU instances, for the
# judge (parse.sh), as if one guest had run every test.
#
#   merge.sh OUTDIR PARTDIR...
#
# Each PARTDIR holds what run.sh wrote (console.log, guest.tap, qemu.rc).
# OUTDIR gets:
#   console.log  the parts' console logs one after the other, each after a
#                "# ==== QEMU part K of N" line (the judge reads the KUnit
#                suite from the first)
#   guest.tap    the parts' TAP lines, numbered again from 1, then one plan
#                line and one ZMATH-GUEST-RESULT line with the sums, only
#                if every part printed its own (else the judge sees a guest
#                that did not finish)
#   qemu.rc      0, or the first part's status that is not 0
set -euo pipefail

out=${1:?usage: merge.sh OUTDIR PARTDIR...}
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
done | awk -v parts=$# '
	/^(not )?ok [0-9]+ - / {
		n++
		sub(/ok [0-9]+ - /, "ok " n " - ")
		print
		next
	}
	/^ZMATH-GUEST-RESULT: / {
		for (i = 2; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "mode") mode = kv[2]
			else sum[kv[1]] += kv[2]
		}
		finished++
		next
	}
	/^1\.\.[0-9]+$/ || /^#PART-END$/ { next }
	{ print }
	END {
		if (finished != parts)
			exit
		print "1.." n
		printf "ZMATH-GUEST-RESULT: pass=%d fail=%d skip=%d mode=%s\n",
			sum["pass"], sum["fail"], sum["skip"], mode
	}' > "$out/guest.tap"
