#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# insn-count.sh - instructions per zone math operation, counted under
# qemu-user, for builds whose machine cannot be timed here
#
# usage: bench/insn-count.sh BUILDDIR
#
# Runs BUILDDIR/bench/zmath-insn under the qemu-user of its architecture
# (qemu-i386, qemu-arm, qemu-aarch64 or qemu-x86_64, with Debian's
# sysroots) with every instruction logged (-singlestep -d nochain,exec),
# at N = 1000 and 2000 positions: (count(2000) - count(1000)) / 1000, less
# the loop's own, is the operation's count. The process is the same up to
# N, so the rest cancels out. Prints a table, then one goal per
# non-power-of-2 zone size and operation: the geometry never takes more
# instructions than the division. A divide instruction counts as one,
# however long it takes: this is what can be measured here, not a time.
set -euo pipefail

dir=${1:?usage: $0 BUILDDIR}
bin=$dir/bench/zmath-insn
n1=1000
n2=2000
ops="zone_no zone_offset is_aligned roundup nr_zones"
# label:size in sectors; the first is a power of 2 (no goal, for scale)
zones="128MiB:262144 96MiB:196608 1077MiB:2205696 odd:68719476731"

die() { echo "insn-count.sh: $*" >&2; exit 1; }
[ -x "$bin" ] || die "$bin not built"

machine=$(readelf -h "$bin" | sed -n 's/^ *Machine: *//p')
case $machine in
"Intel 80386") wrap=(qemu-i386 -L /) ;;
ARM) wrap=(qemu-arm -L /usr/arm-linux-gnueabihf) ;;
AArch64) wrap=(qemu-aarch64 -L /usr/aarch64-linux-gnu) ;;
"Advanced Micro Devices X86-64") wrap=(qemu-x86_64 -L /) ;;
*) die "no qemu-user known for machine '$machine'" ;;
esac
command -v "${wrap[0]}" >/dev/null ||
	die "${wrap[0]} missing (apt-get install qemu-user)"

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# count ARGS...: guest instructions of one run of zmath-insn ARGS
count() {
	"${wrap[@]}" -singlestep -d nochain,exec -D "$log" "$bin" "$@" \
		>/dev/null || die "zmath-insn $* failed"
	grep -c '^Trace' "$log"
}

# per_call METHOD OP SIZE: instructions per call, loop not subtracted
per_call() {
	local a b

	a=$(count "$@" $n1)
	b=$(count "$@" $n2)
	echo $(((b - a) * 100 / (n2 - n1)))
}

loop=$(per_call loop - 1)
echo "instructions per call, ${wrap[0]} ($machine), zone sizes in sectors;"
echo "  N $n1 -> $n2, the loop's $((loop / 100)).$(printf %02d $((loop % 100))) subtracted"
printf '  %-8s %-12s %9s %9s %9s\n' zone op div geom geom/div
goals=()
for z in $zones; do
	label=${z%%:*}
	size=${z#*:}
	for op in $ops; do
		# The counted code must compute the same: compare the sums.
		[ "$("${wrap[@]}" "$bin" div "$op" "$size" $n2)" = \
		  "$("${wrap[@]}" "$bin" geom "$op" "$size" $n2)" ] ||
			die "$op, zone size $size: geom and div sums differ"
		d=$(($(per_call div "$op" "$size") - loop))
		g=$(($(per_call geom "$op" "$size") - loop))
		ratio=$(awk -v g="$g" -v d="$d" \
			'BEGIN { printf "%.2f", (d > 0 ? g / d : 99) }')
		printf '  %-8s %-12s %9.2f %9.2f %9s\n' "$label" "$op" \
			"$(awk -v x="$d" 'BEGIN { print x / 100 }')" \
			"$(awk -v x="$g" 'BEGIN { print x / 100 }')" "$ratio"
		[ "$label" = 128MiB ] && continue
		if [ "$g" -le "$d" ]; then
			goals+=("met    $label geom $op / div $ratio <= 1.00")
		else
			goals+=("missed $label geom $op / div $ratio <= 1.00")
		fi
	done
done
echo "goals (instructions, ${wrap[0]}): the geometry never above the division"
met=0
for g in "${goals[@]}"; do
	echo "  $g"
	case $g in met*) met=$((met + 1)) ;; esac
done
echo "instruction goals met: $met of ${#goals[@]}"
