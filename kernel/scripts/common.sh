# SPDX-License-Identifier: GPL-2.0-only
# common.sh - paths, the pinned base tree and logging for the kernel scripts.
# Sourced, not run.  Progress goes to stderr; results to stdout.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
kpatches=$top/kernel/patches
kfragment=$top/kernel/config/zmath.config
kbuild=$top/build/kernel
ksrc=$kbuild/src
ksrc_pristine=$kbuild/src-pristine

# The series is made for exactly this tree.
base_tarball=${ZMATH_KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
base_pkg=linux-source-6.1
base_kver=6.1.192
base_debver=6.1.192-3

prog=$(basename "$0" .sh)
t0=$SECONDS

log() { printf '[%s %4ds] %s\n' "$prog" $((SECONDS - t0)) "$*" >&2; }
die() { printf '%s: error: %s\n' "$prog" "$*" >&2; exit 1; }

# kernel_version DIR - "6.1.192" from a tree's Makefile
kernel_version() {
	awk -F' = ' '/^VERSION =/ {v=$2} /^PATCHLEVEL =/ {p=$2}
		/^SUBLEVEL =/ {s=$2; print v "." p "." s; exit}' "$1/Makefile"
}

# series_hash - one hash over the series file and every patch it lists
series_hash() {
	local f
	{
		cat "$kpatches/series"
		for f in $(series_list); do cat "$kpatches/$f"; done
	} | sha256sum | cut -d' ' -f1
}

# series_list - patch file names in apply order (comments, blanks dropped)
series_list() {
	[ -f "$kpatches/series" ] || return 0
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$kpatches/series"
}
