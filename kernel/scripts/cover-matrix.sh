#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# cover-matrix.sh - the cover letter's QEMU test matrix of one base, made
# from the last runs (kernel/qemu/summary.sh: the per-group counts of the
# pristine and the patched kernel), never typed by hand.
#
#   [KERNEL=6.1] cover-matrix.sh            print it
#   [KERNEL=6.1] cover-matrix.sh --write    and put it in the cover letter
#
# --write replaces the cover letter's table under "Test matrix": the lines
# from its "  group" header to the next blank line.
set -euo pipefail
. "$(dirname "$0")/common.sh"

write=
case ${1:-} in
--write) write=1 ;;
"") ;;
*) die "usage: cover-matrix.sh [--write]" ;;
esac

for mode in patched baseline; do
	[ -f "$kbuild/qemu-$mode/verdict.txt" ] ||
		die "no $mode run of $base: make kernel-check KERNEL=$base$([ $mode = patched ] || echo ' BASELINE=1')"
	! grep -q . "$kbuild/qemu-$mode/only" 2> /dev/null ||
		die "the last $mode run of $base ran some tests only (ONLY=$(cat "$kbuild/qemu-$mode/only")): run them all"
done
col=$(printf '%s\n' "${kbases[@]}" | grep -nx "$base" | cut -d: -f1)
"$top/kernel/qemu/summary.sh" |
	awk -F' *[|] *' -v p=$((2 * col)) -v b=$((2 * col + 1)) '
		/checks whose result differs/ { exit }
		NF > 2 {
			sub(/^ +/, "", $1)
			# a group of the other base only (f2fs pinned files)
			if ($b == "-" && $p == "-") next
			sub(/^QEMU runs.*/, "group", $1)
			printf "  %-41.41s %-28s %s\n", $1, $b, $p
		}' > "$kbuild/cover-matrix.txt"
if [ -z "$write" ]; then
	cat "$kbuild/cover-matrix.txt"
	exit 0
fi
cover=$kpatches/0000-cover-letter.patch
grep -qE '^  group( |$)' "$cover" || die "no '  group' table in $cover to replace"
awk -v table="$kbuild/cover-matrix.txt" '
	/^Test matrix$/ { in_section = 1 }
	in_section && !done && /^  group( |$)/ {
		while ((getline line < table) > 0) print line
		skipping = 1; done = 1; next
	}
	skipping && /^$/ { skipping = 0 }
	!skipping { print }' "$cover" > "$cover.new"
mv "$cover.new" "$cover"
log "wrote the test matrix into $cover"
