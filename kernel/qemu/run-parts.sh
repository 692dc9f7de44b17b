#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# run-parts.sh - the guest suite shared out between QEMU instances that run
# at the same time, their logs merged into one run (merge.sh).
#
#   run-parts.sh BZIMAGE INITRAMFS OUTDIR MODE
#
# $ONLY (subjects or tests, "zonefs,faults/002") picks the tests, the
# default is every subject of kernel/guest/suite.sh's subjects=; $ZMATH_QEMU_JOBS (2)
# the number of instances.  A subject is never split: its tests may use
# what the ones before them left (zonefs/003-005 use the devices that
# zonefs/002 made).
# Subjects are shared out longest first, each to the instance with the
# least work so far, by the seconds the last run of OUTDIR spent on them
# ("# time ID S" lines of its console log; 60 for one never timed).
# Each instance runs in OUTDIR/part-K (run.sh); OUTDIR/only keeps $ONLY
# (the judge requires every declared group when it is empty).  Each
# subject of $own_boot runs in an instance of its own, with the set of NVMe
# namespaces it names (ZMATH_QEMU_ZNS, kernel/qemu/zns.sh): boot tests what
# a boot does before its first npo2 device (po2: no npo2 namespace),
# nvme-huge a namespace the kernel must refuse (huge).
set -euo pipefail

kernel=${1:?usage: run-parts.sh BZIMAGE INITRAMFS OUTDIR MODE}
initrd=${2:?} out=${3:?} mode=${4:?}
here=$(cd "$(dirname "$0")" && pwd)
tests=$here/../guest/tests
jobs=${ZMATH_QEMU_JOBS:-2}
# nvme-huge's namespace trips a bug of the pristine kernels as they boot
# (6.1 WARNs): a pristine boot gets it only with zmath.stable_bugs=1, which
# runs the checks of such bugs (kernel/guest/lib.sh: stable_bug_skip)
huge=huge
if [ "$mode" = baseline ] && [[ ${ZMATH_GUEST_ARGS:-} != *zmath.stable_bugs=1* ]]; then
	huge=po2
fi
own_boot="boot:po2 nvme-huge:$huge"
t0=$SECONDS

mkdir -p "$out"
# the subjects, in the suite's order
subjects=$(sed -n 's/^subjects="\(.*\)"$/\1/p' "$here/../guest/suite.sh")
[ -n "$subjects" ] || { echo "run-parts: no subjects= line in kernel/guest/suite.sh" >&2; exit 1; }
# the tests wanted, as "SUBJECT ENTRY" lines
if [ -n "${ONLY:-}" ]; then
	tr , '\n' <<< "$ONLY" | awk -F/ 'NF { print $1, $0 }'
else
	printf '%s\n' $subjects | awk '{ print $1, $1 }'
fi > "$out/wanted"

# "# time ID S" of the last run, summed per subject; then the subjects,
# longest first, given out to the least loaded instance
grep -h '^# time ' "$out/console.log" 2> /dev/null |
	awk '{ split($3, id, "/"); t[id[1]] += $4 } END { for (s in t) print s, t[s] }' \
	> "$out/times" || true
awk -v jobs="$jobs" -v own_boot="$own_boot" '
	BEGIN {
		split(own_boot, own, " ")
		for (i in own) { split(own[i], kv, ":"); zns[kv[1]] = kv[2] }
	}
	FILENAME == ARGV[1] { t[$1] = $2; next }
	{ entries[$1] = entries[$1] (entries[$1] == "" ? "" : ",") $2
	  if (!($1 in w)) { w[$1] = ($1 in t) ? t[$1] : 60; order[++n] = $1 } }
	END {
		# a subject of its own boot: an instance alone, its set on its line
		for (i = 1; i <= n; i++)
			if (order[i] in zns) {
				printf "%s %d %s\n", entries[order[i]], w[order[i]], zns[order[i]]
				order[i--] = order[n--]
			}
		for (i = 1; i <= n; i++)	# longest first (a sort by insertion)
			for (j = i; j > 1 && w[order[j]] > w[order[j - 1]]; j--) {
				s = order[j]; order[j] = order[j - 1]; order[j - 1] = s
			}
		for (i = 1; i <= n; i++) {
			best = 1
			for (k = 2; k <= jobs; k++) if (load[k] < load[best]) best = k
			load[best] += w[order[i]]
			part[best] = part[best] (part[best] == "" ? "" : ",") entries[order[i]]
		}
		for (k = 1; k <= jobs; k++)
			if (part[k] != "") printf "%s %d\n", part[k], load[k]
	}' "$out/times" "$out/wanted" > "$out/parts"
printf '%s\n' "${ONLY:-}" > "$out/only"

pids=() dirs=() k=0
while read -r list secs zns; do
	k=$((k + 1))
	dirs+=("$out/part-$k")
	echo "[run-parts] part $k: $list (last run: ${secs} s)${zns:+, NVMe namespaces: $zns}" >&2
	ZMATH_QEMU_ZNS=$zns \
		ZMATH_GUEST_ARGS="${ZMATH_GUEST_ARGS:-} zmath.only=$list" \
		"$here/run.sh" "$kernel" "$initrd" "$out/part-$k" "$mode" &
	pids+=($!)
done < "$out/parts"
[ $k -gt 0 ] || { echo "[run-parts] no tests wanted (ONLY=${ONLY:-})" >&2; exit 1; }
for p in "${pids[@]}"; do wait "$p" || true; done
"$here/merge.sh" --order "$subjects" "$out" "${dirs[@]}"
echo "[run-parts] $k QEMU instances, $((SECONDS - t0)) s" >&2
