#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# plot.sh - the plots of bench/run.sh, with gnuplot
#
# usage: bench/plot.sh OUT
#
# Reads what run.sh and its scripts wrote in OUT (build/bench) and draws:
#   headline.png  zone_no, ns/op of the shift, the geometry, a divide and
#                 libdivide per zone size, all processes pooled
#                 (headline.dat, from summary.py): the one to look at
#   bench.png     every table of the first process: ns/op per method and
#                 zone size, per operation, loop and build (sectors)
#   goals.png     per goal, its median paired ratio over its limit, with
#                 its band, coloured by verdict (goals-BUILD.dat)
set -euo pipefail

out=${1:?usage: $0 OUT}
log() { echo "plot.sh: $*" >&2; }
drawn=()

# headline.png: zone_no per zone size, a bar per method, its value above
# it; large fonts and few labels, to read at screen size. The first line
# of headline.dat says what was measured and where.
dat=$out/headline.dat
if [ -s "$dat" ]; then
	what=$(sed -n '1s/^# //p' "$dat")
	nz=$(grep -vc "^#" "$dat")
	{
		echo "set terminal pngcairo noenhanced size 1280,720 font ',18'"
		echo "set output '$out/headline.png'"
		echo "set title 'Zone number: ns per operation, lower is better'" \
			"font ',24'"
		echo "set label 1 '$what' at graph 0.5, graph 1.04 center" \
			"font ',12'"
		echo "set datafile missing '-'"
		echo "set style data histograms"
		echo "set style histogram clustered gap 1"
		echo "set style fill solid 0.9 border -1"
		echo "set key below horizontal font ',18'"
		echo "set grid ytics"
		echo "set ylabel 'ns/op'"
		echo "set xrange [-0.5:$nz - 0.5]"
		echo "set yrange [0:*]"
		echo "set offsets 0, 0, graph 0.08, 0"
		echo "set xlabel 'zone size (odd: 2^36-5 sectors)'"
		echo -n "plot '$dat' using 2:xtic(1) lc rgb '#7f7f7f'" \
			"title 'shift (power of 2 only)'," \
			"'' using 3 lc rgb '#2ca02c' title 'zmath geometry'," \
			"'' using 4 lc rgb '#d62728' title 'divide'," \
			"'' using 5 lc rgb '#ff7f0e' title 'libdivide, faster flavour'"
		for col in 2 3 4 5; do
			echo -n ", '' using (\$0 + $((2 * col - 7)) * 0.1):$col:" \
				"(sprintf('%.2f', \$$col)) with labels" \
				"offset 0,0.6 font ',12' notitle"
		done
		echo
	} >"$out/headline.gp"
	gnuplot "$out/headline.gp"
	drawn+=(headline.png)
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
drawn+=(bench.png)

# goals.png: per goal, the median of its paired ratios over the goal's
# limit, with its band as error bars: met if the whole band is at or
# below 1, missed if above, else undecided.
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
drawn+=(goals.png)
log "$out: ${drawn[*]}"
