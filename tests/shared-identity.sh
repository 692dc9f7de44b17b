#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Every kernel series (kernel/patches/*/) carries each file of
# kernel/shared-files byte for byte: what the first patch of its series
# that creates the file adds must be the file here.  A series that lists
# no patch, or a patch it lists that is missing, fails: it cannot carry
# them.  kernel/scripts/sync-shared.sh brings a series back in line.
#
#   shared-identity.sh [SOURCE_ROOT]
set -euo pipefail

. "$(cd "$(dirname "$0")/.." && pwd)/kernel/scripts/common.sh"	# shared_files, series_list
top=${1:-$top}
mapfile -t shared < <(shared_files)

# added PATCH PATH - the lines that PATCH adds to the file PATH
added() {
	awk -v dst="$2" '
		/^diff --git / { inside = ($0 ~ (" b/" dst "$")); hunk = 0; next }
		inside && /^@@/ { hunk = 1; next }
		inside && hunk && /^\+/ { print substr($0, 2) }
	' "$1"
}

status=0
for kpatches in "$top"/kernel/patches/*/; do
	kpatches=${kpatches%/}
	name=kernel/patches/${kpatches##*/}
	if [ ! -f "$kpatches/series" ]; then
		echo "FAIL: $name has no series file"; status=1; continue
	fi
	mapfile -t patches < <(series_list)
	if [ ${#patches[@]} = 0 ]; then
		echo "FAIL: $name/series lists no patches"; status=1; continue
	fi
	for p in "${patches[@]}"; do
		[ -f "$kpatches/$p" ] ||
			{ echo "FAIL: $name/series lists $p, which is missing"; status=1; }
	done
	for pair in "${shared[@]}"; do
		src=${pair% *} dst=${pair#* } patch=
		for p in "${patches[@]}"; do
			if grep -qx "+++ b/$dst" "$kpatches/$p" 2>/dev/null; then
				patch=$kpatches/$p; break
			fi
		done
		if [ -z "$patch" ]; then
			echo "FAIL: no patch of $name/series adds $dst"; status=1
		elif added "$patch" "$dst" | cmp -s - "$top/$src"; then
			echo "ok: $name/${patch##*/} carries $src byte-identically as $dst"
		else
			echo "FAIL: $dst in $name/${patch##*/} differs from $src"; status=1
		fi
	done
done
exit $status
