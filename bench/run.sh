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
# At the end, gnuplot draws build/bench/bench.png. Outputs go to
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

# One data file per build, loop and op: a row per zone, a column per method
# that does the op.
methods="shift zmath div geom ldiv ldiv-bf floor"
ops="zone_no zone_offset is_aligned roundup nr_zones"
loops="throughput latency oneshot"
plots=()
for sfx in "" "-m32"; do
	csv=$out/bench$sfx.csv
	[ -f "$csv" ] || continue
	for loop in $loops; do
		for op in $ops; do
			dat=$out/plot$sfx-$loop-$op.dat
			awk -F, -v loop="$loop" -v op="$op" -v m="$methods" '
				BEGIN { nm = split(m, ms, " ") }
				NR > 1 && $2 == "sectors" && $5 == op &&
				$6 == loop {
					if (!($3 in seen)) {
						seen[$3] = 1; zs[++nz] = $3
					}
					v[$3, $7] = $9
					has[$7] = 1
				}
				END {
					printf "zone"
					for (j = 1; j <= nm; j++)
						if (ms[j] in has)
							printf " %s", ms[j]
					printf "\n"
					for (i = 1; i <= nz; i++) {
						printf "%s", zs[i]
						for (j = 1; j <= nm; j++) {
							if (!(ms[j] in has))
								continue
							k = zs[i] SUBSEP ms[j]
							x = (k in v) ? v[k] : "-"
							printf " %s", x
						}
						printf "\n"
					}
				}
			' "$csv" >"$dat"
		done
		plots+=("$sfx:$loop")
	done
done

log "plotting $out/bench.png"
rows=${#plots[@]}
{
	echo "set terminal pngcairo noenhanced size 2000,$((rows * 300 + 60)) font ',9'"
	echo "set output '$out/bench.png'"
	echo "set datafile missing '-'"
	echo "set style data histograms"
	echo "set style histogram clustered gap 1"
	echo "set style fill solid 0.8 border -1"
	echo "set key top left horizontal font ',8'"
	echo "set grid ytics"
	echo "set yrange [0:*]"
	echo "set offsets 0, 0, graph 0.3, 0"
	echo "set multiplot layout $rows,5 title 'zmath-bench: ns/op" \
		"(median), zone sizes in sectors; lower is better'"
	for p in "${plots[@]}"; do
		sfx=${p%%:*}
		loop=${p#*:}
		build=${sfx#-}
		build=${build:-64-bit}
		for op in $ops; do
			dat=$out/plot$sfx-$loop-$op.dat
			echo "set title '$op, $loop, $build'"
			echo "set ylabel 'ns/op'"
			echo -n "plot '$dat' using 2:xtic(1) title columnheader"
			ncol=$(head -1 "$dat" | wc -w)
			for ((col = 3; col <= ncol; col++)); do
				echo -n ", '' using $col title columnheader"
			done
			echo
		done
	done
	echo "unset multiplot"
} >"$out/bench.gp"
gnuplot "$out/bench.gp"

# goals.png: per goal, the median of its paired ratios over the goal's
# limit, with its band as error bars: met if the whole band is at or
# below 1, missed if above, else undecided.
log "plotting $out/goals.png"
dats=("$out"/goals-*.dat)
{
	echo "set terminal pngcairo noenhanced size 2400,$((${#dats[@]} * 700)) font ',9'"
	echo "set output '$out/goals.png'"
	echo "set multiplot layout ${#dats[@]},1"
	echo "set logscale y"
	echo "set yrange [0.2:4]"
	echo "set offsets 1, 1, 0, 0"
	echo "set ytics (0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4)"
	echo "set grid ytics"
	echo "set xtics rotate by 90 right font ',7'"
	echo "set bmargin 22"
	echo "set ylabel 'ratio / limit'"
	echo "set key top left"
	for dat in "${dats[@]}"; do
		build=${dat##*/goals-}
		echo "set title 'zmath-bench goals, ${build%.dat} build:" \
			"median paired ratio over its limit, band as bars;" \
			"green met, grey undecided, red missed'"
		echo "plot '$dat' using 1:(\$3/\$6):(\$4/\$6):(\$5/\$6):" \
			"(\$7 > 0 ? 0x008000 : \$7 < 0 ? 0xd00000 : 0x808080):xtic(2)" \
			"with yerrorbars pt 7 ps 0.8 lc rgb variable notitle," \
			"1 with lines dt 2 lc black title 'limit'"
	done
	echo "unset multiplot"
} >"$out/goals.gp"
gnuplot "$out/goals.gp"
log "done: $out/bench.csv $out/bench.png $out/goals.png"
