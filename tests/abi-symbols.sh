#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# libzmath.so exports what libzmath/libzmath0.symbols lists, which is
# what libzmath.map makes global: the soname, and each symbol with its
# version node, as dpkg-gensymbols writes them (NODE@NODE for a node).
#
#   abi-symbols.sh SOURCE_ROOT LIBZMATH_SO
set -euo pipefail

top=$1 so=$2
symbols=$top/libzmath/libzmath0.symbols
map=$top/libzmath/libzmath.map
fail() { echo "FAIL: $*"; exit 1; }
words() { tr '\n' ' ' <<< "$1" | sed 's/ $//'; }

read -r soname _ < <(grep -v '^#' "$symbols")
listed=$(sed -n 's/^ \([^ ]*\) .*/\1/p' "$symbols" | sort)

# the version script, as it is written: one symbol per line
mapped=$(sed 's|/\*.*\*/||' "$map" | awk '
	/^[A-Za-z_][A-Za-z0-9_.]* *\{/ { node = $1; print node "@" node; next }
	/global:/ { global = 1; next }
	/local:|}/ { global = 0; next }
	global { gsub(/[ \t;]/, ""); if ($0 != "") print $0 "@" node }' | sort)

built=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
exported=$(readelf --dyn-syms -W "$so" | awk '
	($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" {
		n = $8; sub(/@@/, "@", n)
		if (n !~ /@/) n = n "@" ($7 == "ABS" ? n : "Base")
		print n
	}' | sort)

[ "$built" = "$soname" ] ||
	fail "the soname of $so is '$built'; ${symbols##*/} says '$soname'"
[ "$mapped" = "$listed" ] ||
	fail "libzmath.map makes $(words "$mapped") global;" \
		"${symbols##*/} lists $(words "$listed")"
[ "$exported" = "$listed" ] ||
	fail "$so exports $(words "$exported");" \
		"${symbols##*/} lists $(words "$listed")"
echo "ok: $soname exports $(words "$listed"), as libzmath.map and ${symbols##*/} say"
