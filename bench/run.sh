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
# The first process writes its tables and the figures' CSV; every one
# writes its per-round samples, and goals.py pools them all into the goals.
# Then plot.sh draws the plots (gnuplot), and summary.py makes the one
# screen that run.sh prints last; before it, only short progress lines.
# Outputs go to $ZBENCH_OUT (default build/bench):
#
#   summary.txt                 the screen printed last
#   bench.csv, bench-m32.csv    every figure of the first process: median,
#                               min, max, quartiles, ratio, insn, cycles
#   bench.txt, bench-m32.txt    its tables: every op, loop, unit and method
#   samples[-m32]-K.csv         process K's per-round samples
#   goals.txt                   goals.py over every process's samples
#   insn.csv, insn-m32.csv      instructions per operation (callgrind)
#   insn-qemu-m32.txt           the same counted under qemu-i386, with the
#                               -m32 goals, where -m32 cannot be timed
#   headline.dat, headline.png  zone_no, ns/op per zone size: shift,
#                               geometry, divide, libdivide
#   bench.png                   ns/op per method and zone size (sectors)
#   goals-BUILD.dat, goals.png  each goal's median paired ratio, band and
#                               verdict (met, missed, undecided)
#
# The summary also reports the kernel bench, from $ZBENCH_KERNEL_OUT
# (default build/bench-kernel), when `make bench-kernel` has run.
set -euo pipefail

out=${ZBENCH_OUT:-build/bench}
kout=${ZBENCH_KERNEL_OUT:-build/bench-kernel}
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
rm -f "$out"/samples*.csv "$out"/summary.txt "$out"/headline.*
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
	build=${sfx#-}
	build=${build:-64-bit}
	bin=$dir/bench/zmath-bench
	if [ "$sfx" = -m32 ] && ! "$(dirname "$0")/../scripts/m32-cross.sh" --native; then
		# under qemu-i386 a time would mean nothing
		log "-m32: not timed (this kernel runs no 32-bit x86" \
			"binaries); counting its instructions under qemu-i386"
		rm -f "$out/bench$sfx.csv" "$out/bench$sfx.txt"
		"$(dirname "$0")/insn-count.sh" "$dir" \
			>"$out/insn-qemu$sfx.txt"
		continue
	fi
	if [ ! -x "$bin" ]; then
		log "$bin not built (is libdivide-dev installed?)"
		exit 1
	fi
	insn_args=()
	if command -v valgrind >/dev/null; then
		log "$build: counting instructions (callgrind)"
		if count_insn "$bin" "$out/insn$sfx.csv"; then
			loop=$(awk -F, '$3 == "loop" { print $5 }' \
				"$out/insn$sfx.csv")
			log "$build: loop alone: $loop instructions per position"
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
		log "$build: timing, process $k of $procs" \
			"(${exe##*/}, seed $k)"
		if [ "$k" = 1 ]; then
			"$exe" --seed "$k" --samples "$samples" \
				--csv "$out/bench$sfx.csv" "${insn_args[@]}" \
				"$@" >"$out/bench$sfx.txt"
		else
			"$exe" --seed "$k" --samples "$samples" "$@" >/dev/null
		fi
	done
done

log "goals: $out/goals.txt"
rm -f "$out"/goals-*.dat
python3 "$(dirname "$0")/goals.py" --plot-data "$out" "$out"/samples*.csv \
	>"$out/goals.txt"

# summary.py writes headline.dat, which plot.sh draws
python3 "$(dirname "$0")/summary.py" "$out" "$kout"
if command -v gnuplot >/dev/null; then
	"$(dirname "$0")/plot.sh" "$out"
else
	log "no gnuplot: no plots"
fi
echo
cat "$out/summary.txt"
