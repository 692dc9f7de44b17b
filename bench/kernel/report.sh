#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# report.sh - the kernel bench's figures from its runs (bench/kernel/run.sh)
#
#   bench/kernel/report.sh [--smoke] DIR
#
# DIR/runs.csv has one line per guest run: N and 2N I/Os, two repeats.  A
# figure is (ns(2N) - ns(N)) / N, instructions per I/O with what a run pays
# once cancelled out, for each repeat; the figure is their mean and its
# noise their difference.  Writes DIR/results.csv and DIR/report.txt (the
# table and the goals, also printed) and DIR/bench-kernel.png (gnuplot).
# Goals, per base and workload, printed as MET, MISSED or UNDECIDED (the
# repeats differ by more than the margin between the figure and the goal):
#   po2    patched po2 at or below pristine po2, in a boot without a
#          non-power-of-2 device ("alone"; "patched" where there is no such
#          run): a power-of-2 device pays nothing for the series
#   npo2   patched npo2 within +0.5% of patched po2 in the same boot
#   fewer  (6.12) patched po2 alone below pristine po2
# The table adds patched po2 beside npo2 devices: what a power-of-2 device
# pays once a non-power-of-2 one has been set up.
# --smoke: only check that every figure exists, is positive and that its
# repeats agree within 1%; exit 1 if not.
set -euo pipefail
smoke=0
[ "${1:-}" != --smoke ] || { smoke=1; shift; }
dir=${1:?usage: report.sh [--smoke] DIR}
runs=$dir/runs.csv
[ -s "$runs" ] || { echo "report.sh: no $runs" >&2; exit 1; }

# results.csv: one figure per base, mode, workload and device
awk -F, '
	NR == 1 || $4 == "refused" || $4 ~ /^skipped:/ { next }
	{
		k = $1 "," $2 "," $3 "," $4 "," $5; rev = $9
		if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
		ns[k, $6, $7] = $8
		if (!((k, $6) in n1) || $7 < n1[k, $6]) n1[k, $6] = $7
	}
	END {
		print "base,kernel,mode,workload,device,insn_rep1,insn_rep2,insn,noise_pct,revision"
		for (i = 1; i <= nk; i++) {
			k = order[i]
			for (r = 1; r <= 2; r++) {
				n = n1[k, r]
				if (n == "" || ns[k, r, 2 * n] == "") { f[r] = ""; continue }
				f[r] = (ns[k, r, 2 * n] - ns[k, r, n]) / n
			}
			if (f[1] == "" || f[2] == "") { printf "%s,,,,,%s\n", k, rev; continue }
			m = (f[1] + f[2]) / 2
			printf "%s,%.1f,%.1f,%.1f,%.3f,%s\n", k, f[1], f[2], m,
				100 * (f[1] > f[2] ? f[1] - f[2] : f[2] - f[1]) / m, rev
		}
	}' "$runs" > "$dir/results.csv"

if [ $smoke = 1 ]; then
	awk -F, 'NR > 1 {
		printf "%s %s %s %s: %s instructions per I/O (repeats %s, %s; %s%%)\n",
			$1, $3, $4, $5, $8, $6, $7, $9
		if ($8 == "" || $8 <= 0 || $9 > 1) { print "  not a figure, or repeats more than 1% apart"; bad = 1 }
		n++
	}
	END { if (n < 2) { print "fewer than 2 figures"; bad = 1 } exit bad }' "$dir/results.csv"
	exit
fi

# report.txt: per base, a table and the goals
awk -F, '
	function pct(a, b) { return 100 * (a - b) / b }
	# goal NAME LABEL D LIMIT STRICT NOISE - D (%) must be <= LIMIT (%),
	# or < LIMIT if STRICT, by a margin the repeats cannot erase
	function goal(name, label, d, limit, strict, noise,   v, m) {
		m = limit - d
		if (strict ? m > noise : m >= noise) v = "MET"
		else if (strict ? -m >= noise : -m > noise) v = "MISSED"
		else v = "UNDECIDED"
		printf "  %-9s %-6s %-15s %+7.3f%% (goal %s %+.1f%%, repeats %.3f%%)\n",
			v, name, label, d, strict ? "<" : "<=", limit, noise
		count[v]++
	}
	NR == 1 { next }
	{
		if (!($1 in bseen)) { bseen[$1] = 1; bases[++nb] = $1 }
		if (!($4 in wseen)) { wseen[$4] = 1; wl[++nw] = $4 }
		po2 = $5 ~ /npo2/ ? "npo2" : "po2"
		v[$1, $3, $4, po2] = $8; nz[$1, $3, $4, po2] = $9
		kern[$1, $3] = $2
	}
	END {
		for (i = 1; i <= nb; i++) {
			b = bases[i]
			printf "\n%s: pristine %s, patched %s; instructions per I/O (ratio to pristine po2)\n",
				b, kern[b, "baseline"], kern[b, "patched"]
			printf "  %-15s %18s %18s %18s %18s\n", "workload", "pristine po2",
				"patched po2 alone", "po2 beside npo2", "patched npo2"
			for (j = 1; j <= nw; j++) {
				w = wl[j]; ref = v[b, "baseline", w, "po2"]
				printf "  %-15s", w
				split("baseline po2,alone po2,patched po2,patched npo2", cols, ",")
				for (c = 1; c <= 4; c++) {
					split(cols[c], mp, " ")
					x = v[b, mp[1], w, mp[2]]
					if (x == "") printf " %18s", "-"
					else if (ref == "") printf " %18.0f", x
					else printf " %10.0f (%5.3f)", x, x / ref
				}
				printf "\n"
			}
			printf "goals on %s:\n", b
			for (j = 1; j <= nw; j++) {
				w = wl[j]
				pb = v[b, "baseline", w, "po2"]; pp = v[b, "patched", w, "po2"]; np = v[b, "patched", w, "npo2"]
				am = v[b, "alone", w, "po2"] != "" ? "alone" : "patched"; pa = v[b, am, w, "po2"]
				if (pb != "" && pa != "") {
					noise = nz[b, "baseline", w, "po2"] > nz[b, am, w, "po2"] ? nz[b, "baseline", w, "po2"] : nz[b, am, w, "po2"]
					goal("po2", w, pct(pa, pb), 0, 0, noise)
					if (b == "6.12") goal("fewer", w, pct(pa, pb), 0, 1, noise)
				}
				if (pp != "" && np != "") {
					noise = nz[b, "patched", w, "npo2"] > nz[b, "patched", w, "po2"] ? nz[b, "patched", w, "npo2"] : nz[b, "patched", w, "po2"]
					goal("npo2", w, pct(np, pp), 0.5, 0, noise)
				}
			}
		}
		printf "\ngoals: %d met, %d missed, %d undecided\n", count["MET"], count["MISSED"], count["UNDECIDED"]
	}' "$dir/results.csv" | tee "$dir/report.txt"
awk -F, 'NR > 1 && $4 == "refused" { printf "refused: %s %s %s\n", $1, $3, $5 }
	NR > 1 && $4 ~ /^skipped:/ { printf "skipped (a known bug of that kernel): %s %s %s %s\n", $1, $3, substr($4, 9), $5 }' "$runs" |
	sort -u | tee -a "$dir/report.txt"

# bench-kernel.png: per base, each workload's patched po2 (alone and beside
# npo2) and npo2 figures as ratios to pristine po2
command -v gnuplot > /dev/null || { echo "report.sh: no gnuplot: no plot" >&2; exit 0; }
awk -F, 'NR > 1 { po2 = $5 ~ /npo2/ ? "npo2" : "po2"; v[$1 " " $4, $3 "-" po2] = $8; if (!(($1 " " $4) in s)) { s[$1 " " $4] = 1; k[++n] = $1 " " $4 } }
	END { for (i = 1; i <= n; i++) { r = v[k[i], "baseline-po2"]; if (r == "") continue
		split(k[i], f, " "); printf "%s:%s %.4f %.4f %.4f\n", f[1], f[2], v[k[i], "alone-po2"] / r, v[k[i], "patched-po2"] / r, v[k[i], "patched-npo2"] == "" ? 0 : v[k[i], "patched-npo2"] / r } }' \
	"$dir/results.csv" > "$dir/plot.dat"
gnuplot <<EOF
set terminal pngcairo size 1200,500 noenhanced
set output "$dir/bench-kernel.png"
set title "Instructions per I/O, ratio to the pristine kernel on a power-of-2 device (QEMU -icount)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set yrange [0.9:*]
set xtics rotate by -30
set grid ytics
set key top left
plot "$dir/plot.dat" using 2:xtic(1) title "patched, po2 alone", "" using 3 title "patched, po2 beside npo2", "" using 4 title "patched, npo2"
EOF
echo "report.sh: $dir/report.txt, $dir/results.csv, $dir/bench-kernel.png" >&2
