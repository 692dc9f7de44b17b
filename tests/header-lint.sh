#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# zmath.h is kernel code too: run the kernel's checkpatch.pl --strict and
# kernel-doc on it and on the shared case table, from Debian's linux-source
# tarball, and check that the kernel series carries them byte-identically.
set -euo pipefail

top=${1:-$(git rev-parse --show-toplevel)}
tarball=${ZMATH_LINUX_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
scripts=$top/build/linux-scripts
files=(libzmath/zmath.h tests/zmath-cases.h)

if [ ! -x "$scripts/scripts/checkpatch.pl" ]; then
	[ -r "$tarball" ] || { echo "FAIL: $tarball missing (apt-get install linux-source-6.1)"; exit 1; }
	echo "header-lint: extracting checkpatch and kernel-doc from $tarball"
	mkdir -p "$scripts"
	tar -xJf "$tarball" -C "$scripts" --strip-components=1 --wildcards \
		'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
		'*/scripts/const_structs.checkpatch' '*/scripts/kernel-doc'
fi

status=0
for f in "${files[@]}"; do
	if out=$("$scripts/scripts/checkpatch.pl" --strict --no-tree -q -f "$top/$f" 2>&1); then
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

# The kernel series adds the same files: compare what the patch creates.
declare -A kernel_path=(
	[libzmath/zmath.h]=include/linux/zmath.h
	[tests/zmath-cases.h]=lib/math/zmath-cases.h
)
for f in "${files[@]}"; do
	dst=${kernel_path[$f]}
	patch=$(grep -l "^+++ b/$dst\$" "$top"/kernel/patches/*.patch 2>/dev/null | head -n 1) || true
	if [ -z "$patch" ]; then
		echo "FAIL: no patch in kernel/patches adds $dst"; status=1; continue
	fi
	if awk -v dst="$dst" '
		/^diff --git / { inside = ($0 ~ (" b/" dst "$")); hunk = 0; next }
		inside && /^@@/ { hunk = 1; next }
		inside && hunk && /^\+/ { print substr($0, 2) }
	' "$patch" | cmp -s - "$top/$f"; then
		echo "ok: $(basename "$patch") carries $f byte-identically as $dst"
	else
		echo "FAIL: $dst in $(basename "$patch") differs from $f"; status=1
	fi
done
exit $status
