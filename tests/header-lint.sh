#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# libzmath is kernel code too: run the kernel's checkpatch.pl --strict and
# kernel-doc on the shared files (zmath.h, zmath.c, the case table), on
# the compat headers and on <zmath.h>, from Debian's linux-source-6.12
# tarball, and check that every kernel series (kernel/patches/*/) carries
# the shared files byte-identically.  A series that lists no patch fails:
# it cannot carry them.
#
#   header-lint.sh [SOURCE_ROOT]
set -euo pipefail

top=${1:-$(git rev-parse --show-toplevel)}
. "$top/kernel/scripts/common.sh"	# series_list
scripts=$top/build/linux-scripts
shared=(libzmath/include/linux/zmath.h libzmath/zmath.c tests/zmath-cases.h)
files=("${shared[@]}" libzmath/include/zmath.h)
for f in "$top"/libzmath/compat/*.h "$top"/libzmath/compat/linux/*.h; do
	files+=("${f#"$top"/}")
done

# The scripts of the tarball, extracted once (scripts/linux-scripts.sh).
"$top/scripts/linux-scripts.sh" "$scripts" ||
	{ echo "FAIL: no checkpatch and kernel-doc"; exit 1; }

status=0
for f in "${files[@]}"; do
	# compat/ is userspace code: it picks per machine what arch/ would,
	# it defines EXPORT_SYMBOL_GPL() as include/linux/export.h does, and
	# it names C99's _Bool, which checkpatch reads as CamelCase
	ignore=
	[[ $f != libzmath/compat/* ]] ||
		ignore="--ignore ARCH_DEFINES,EXPORT_SYMBOL,CAMELCASE"
	if out=$("$scripts/scripts/checkpatch.pl" --strict --no-tree -q $ignore -f "$top/$f" 2>&1); then
		echo "ok: checkpatch --strict $f"
	else
		echo "FAIL: checkpatch --strict $f"; echo "$out"; status=1
	fi
	out=$("$scripts/scripts/kernel-doc" -none "$top/$f" 2>&1) || true
	if [ -z "$out" ]; then
		echo "ok: kernel-doc -none $f"
	else
		echo "FAIL: kernel-doc -none $f"; echo "$out"; status=1
	fi
done

# Each series adds the same files: compare what the first patch of its
# series that creates them adds.
declare -A kernel_path=(
	[libzmath/include/linux/zmath.h]=include/linux/zmath.h
	[libzmath/zmath.c]=lib/math/zmath.c
	[tests/zmath-cases.h]=lib/math/zmath-cases.h
)
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
	for f in "${shared[@]}"; do
		dst=${kernel_path[$f]} patch=
		for p in "${patches[@]}"; do
			if grep -qx "+++ b/$dst" "$kpatches/$p" 2>/dev/null; then
				patch=$kpatches/$p; break
			fi
		done
		if [ -z "$patch" ]; then
			echo "FAIL: no patch of $name/series adds $dst"; status=1; continue
		fi
		if awk -v dst="$dst" '
			/^diff --git / { inside = ($0 ~ (" b/" dst "$")); hunk = 0; next }
			inside && /^@@/ { hunk = 1; next }
			inside && hunk && /^\+/ { print substr($0, 2) }
		' "$patch" | cmp -s - "$top/$f"; then
			echo "ok: $name/${patch##*/} carries $f byte-identically as $dst"
		else
			echo "FAIL: $dst in $name/${patch##*/} differs from $f"; status=1
		fi
	done
done
exit $status
