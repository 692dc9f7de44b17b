#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# libzmath is kernel code too: the kernel's own checks on the files every
# series carries (kernel/shared-files), on <zmath.h> and on the compat
# headers, with the scripts of Debian's linux-source-6.12 tarball.
#
#   kernel-lint.sh checkpatch [SOURCE_ROOT]   checkpatch.pl --strict, in
#                                             80 columns
#   kernel-lint.sh kernel-doc [SOURCE_ROOT]   kernel-doc -none: no warning
set -euo pipefail

check=${1:?usage: kernel-lint.sh checkpatch|kernel-doc [SOURCE_ROOT]}
. "$(cd "$(dirname "$0")/.." && pwd)/kernel/scripts/common.sh"	# shared_files
top=${2:-$top}
scripts=$top/build/linux-scripts

files=($(shared_files | cut -d' ' -f1) libzmath/include/zmath.h)
for f in "$top"/libzmath/compat/*.h "$top"/libzmath/compat/linux/*.h; do
	files+=("${f#"$top"/}")
done

# The scripts of the tarball, extracted once (scripts/linux-scripts.sh).
"$top/scripts/linux-scripts.sh" "$scripts" ||
	{ echo "FAIL: no checkpatch and kernel-doc"; exit 1; }

status=0
for f in "${files[@]}"; do
	case $check in
	checkpatch)
		# compat/ is userspace code: it picks per machine what arch/
		# would, it defines EXPORT_SYMBOL_GPL() as
		# include/linux/export.h does, and it names C99's _Bool, which
		# checkpatch reads as CamelCase
		ignore=()
		[[ $f != libzmath/compat/* ]] ||
			ignore=(--ignore ARCH_DEFINES,EXPORT_SYMBOL,CAMELCASE)
		out=$("$scripts/scripts/checkpatch.pl" --strict --no-tree -q \
			--max-line-length=80 \
			"${ignore[@]}" -f "$top/$f" 2>&1) && out= ||
			out=${out:-checkpatch failed} ;;
	kernel-doc)
		out=$("$scripts/scripts/kernel-doc" -none "$top/$f" 2>&1) ||
			out=${out:-kernel-doc failed} ;;
	*)
		echo "kernel-lint.sh: unknown check '$check' (checkpatch or kernel-doc)" >&2
		exit 2 ;;
	esac
	if [ -z "$out" ]; then
		echo "ok: $check $f"
	else
		echo "FAIL: $check $f"; echo "$out"; status=1
	fi
done
exit $status
