#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# libzmath.so against the last release (libzmath/ABI.md): abidiff of the
# freshly built library against the release's ABI dump for its
# architecture, libzmath/abi/SONAME.CPU.abi. Any change fails (no
# function gone, no type of an exported function changed: struct
# zmath_geom's size and offsets among them, no soname changed), added
# symbols aside, which abi-symbols.sh holds to libzmath0.symbols.
# --update writes the dump instead, from a release's build.
#
#   abi-diff.sh [--update] SOURCE_ROOT LIBZMATH_SO CPU_FAMILY
set -euo pipefail

update=false
if [ "$1" = --update ]; then update=true; shift; fi
top=$1 so=$2 cpu=$3
fail() { echo "FAIL: $*"; exit 1; }

soname=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
ref=$top/libzmath/abi/$soname.$cpu.abi
# Without DWARF abidiff compares the symbols alone, and says nothing.
readelf -S -W "$so" | grep -q ' \.debug_info ' ||
	fail "$so has no debug info: abidiff needs a build with -g (meson's debug=true)"

if $update; then
	abidw --no-corpus-path --no-comp-dir-path --no-show-locs "$so" > "$ref"
	echo "wrote ${ref#"$top"/}"
	exit 0
fi
if ! command -v abidiff > /dev/null; then
	echo "SKIP: abidiff is not installed (apt-get install abigail-tools)"
	exit 77
fi
[ -f "$ref" ] ||
	fail "no ABI dump of the last release for $cpu: ${ref#"$top"/} (--update)"
if ! out=$(abidiff --no-added-syms "$ref" "$so" 2>&1); then
	echo "FAIL: $so differs from the last release (${ref#"$top"/}):"
	echo "$out"
	exit 1
fi
echo "ok: $soname ($cpu) keeps the ABI of ${ref#"$top"/}"
