#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# run.sh - run zmath-bench from one or more meson build dirs
#
# usage: bench/run.sh BUILDDIR [BUILDDIR_M32] [-- zmath-bench options]
#
# For each build dir (the first is the 64-bit one, the second the -m32 one):
# counts instructions per operation under valgrind --tool=callgrind (when
# valgrind is there), then runs the timed benchmark in $ZBENCH_PROCS
# processes (default 10), one after the other, each with its own seed, taking
# turns between the two code layouts, zmath-bench and zmath-bench-layout2.
# The first process prints its tables and writes the summary CSV; every one
# writes its per-round samples, and goals.py pools them all into the goals.
# At the end, plot.sh draws build/bench/bench.png. Outputs go to
# $ZBENCH_OUT (default build/bench):
#
#   bench.csv, bench-m32.csv    every figure of the first process: median,
#                               min, max, quartiles, ratio, insn, cycles
#   bench.txt, bench-m32.txt    the tables as printed
#   samples[-m32]-K.csv         process K's per-round samples
#   goals.txt                   goals.py over every process's samples
#   insn.csv, insn-m32.csv      instructions per operation (callgrind)
#   insn-qemu-m32.txt           the same counted under qemu-i386, with the
#                               -m32 goals, where -m32 cannot be timed
#   bench.png                   ns/op per method and zone size (sectors)
#   goals-BUILD.dat, goals.png  each goal's median paired ratio, band and
#                               verdict (met, missed, undecided)
set -euo pipefail

out=${ZBENCH_OUT:-build/bench}
procs=${ZBENCH_PROCS:-10}
dirs=()
while [ $# -gt 0 ]; do
	if [ "$1" = "--" ]; then
		shift
		break
	fi
	dirs+=("$1")
	shift
done
if [ ${#dirs[@]} -eq 0 ]; then
	echo "usage: $0 BUILDDIR [BUILDDIR_M32] [-- zmath-bench options]" >&2
	exit 2
fi

mkdir -p "$out"
rm -f "$out"/samples*.csv
log() { echo "run.sh: $*" >&2; }

# insn.csv from callgrind dumps "zb:unit:zone:op:method:n": the per-op
# count is the difference between the two lengths, so the call, the
# prologue and the client requests cancel out.
count_insn() {
	local bin=$1 csv=$2 tmp

	tmp=$(mktemp -d)
	if ! valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
		"$bin" --count >"$tmp/log" 2>&1; then
		log "callgrind failed; no instruction counts (see below)"
		tail -5 "$tmp/log" >&2
		rm -rf "$tmp"
		return 1
	fi
	awk '
		/^desc: Trigger: Client Request: zb:/ {
			split($0, a, "Client Request: ")
			label = a[2]
		}
		/^summary:/ && label != "" {
			n = split(label, f, ":")
			key = f[2] "," f[3] "," f[4] "," f[5]
			if (!(key in lo)) {
				lo[key] = $2; nlo[key] = f[6]
			} else {
				hi[key] = $2; nhi[key] = f[6]
			}
			label = ""
		}
		END {
			for (k in hi)
				printf "%s,%.2f\n", k,
				       (hi[k] - lo[k]) / (nhi[k] - nlo[k])
		}
	' "$tmp"/cg.out.* | sort >"$csv"
	rm -rf "$tmp"
}

for i in "${!dirs[@]}"; do
	dir=${dirs[$i]}
	case $i in
	0) sfx= ;;
	1) sfx=-m32 ;;
	*) sfx=-$i ;;
	esac
	bin=$dir/bench/zmath-bench
	if [ "$sfx" = -m32 ] && ! "$(dirname "$0")/../scripts/m32-cross.sh" --native; then
		log "SKIPPED -m32 timing: this kernel cannot run 32-bit x86" \
			"binaries (no IA32 emulation); under qemu-i386 times" \
			"mean nothing, so instructions are counted there instead"
		rm -f "$out/bench$sfx.csv" "$out/bench$sfx.txt"
		"$(dirname "$0")/insn-count.sh" "$dir" |
			tee "$out/insn-qemu$sfx.txt"
		echo
		continue
	fi
	if [ ! -x "$bin" ]; then
		log "$bin not built (is libdivide-dev installed?)"
		exit 1
	fi
	insn_args=()
	if command -v valgrind >/dev/null; then
		log "counting instructions: callgrind $bin --count"
		if count_insn "$bin" "$out/insn$sfx.csv"; then
			loop=$(awk -F, '$3 == "loop" { print $5 }' \
				"$out/insn$sfx.csv")
			log "loop alone: $loop instructions per position"
			insn_args=(--insn "$out/insn$sfx.csv")
		fi
	else
		log "no valgrind: no instruction counts"
	fi
	layouts=("$bin")
	if command -v ninja >/dev/null &&
		ninja -C "$dir" bench/zmath-bench-layout2 >/dev/null; then
		layouts+=("$dir/bench/zmath-bench-layout2")
	else
		log "no zmath-bench-layout2: one code layout only"
	fi
	for ((k = 1; k <= procs; k++)); do
		exe=${layouts[$(((k - 1) % ${#layouts[@]}))]}
		samples=$out/samples$sfx-$k.csv
		log "timing, process $k of $procs: $exe --seed $k" \
			"--samples $samples $*"
		if [ "$k" = 1 ]; then
			"$exe" --seed "$k" --samples "$samples" \
				--csv "$out/bench$sfx.csv" "${insn_args[@]}" \
				"$@" | tee "$out/bench$sfx.txt"
		else
			"$exe" --seed "$k" --samples "$samples" "$@" >/dev/null
		fi
	done
	echo
done

rm -f "$out"/goals-*.dat
python3 "$(dirname "$0")/goals.py" --plot-data "$out" "$out"/samples*.csv |
	tee "$out/goals.txt"

if ! command -v gnuplot >/dev/null; then
	log "no gnuplot: no plot"
	exit 0
fi
"$(dirname "$0")/plot.sh" "$out"
