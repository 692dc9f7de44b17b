#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# <zmath.h> adds zmath_ and ZMATH_ names to a program, internal __zmath_
# and __ZMATH_ ones, its include guards, and nothing else: compare the
# macros the preprocessor knows with and without it (-dM), and list what
# it declares (clang's AST, where clang is installed), as C and as C++.
#
#   namespace-check.sh SOURCE_ROOT BUILD_ROOT
set -euo pipefail

src=$1 build=$2
read -r -a cc <<< "${CC:-cc}"
read -r -a cxx <<< "${CXX:-}"	# C++ too if set
inc=(-I"$src/libzmath/include" -I"$src/libzmath/compat"
	-I"$build/libzmath")
# zmath's, and the include guard of the kernel's header
ours='^(_*(zmath|ZMATH)_|_LINUX_ZMATH_H$)'
status=0

# defines LANG COMPILER... - the macros of a file that includes $header
defines() {
	local lang=$1; shift
	printf '%s' "$header" | "$@" -x "$lang" -dM -E "${inc[@]}" - |
		sed -n 's/^#define \([A-Za-z0-9_]*\).*/\1/p' | sort
}

# declared LANG - what a file that includes $header declares, by name
declared() {
	printf '%s' "$header" |
		clang -x "$1" -fsyntax-only -Xclang -ast-dump=json "${inc[@]}" - |
		python3 -c '
import json, sys
def names(nodes):
    for n in nodes:
        if n.get("isImplicit"):
            continue
        if n["kind"] in ("LinkageSpecDecl", "EnumDecl"):
            yield from names(n.get("inner", []))
        if "name" in n:
            yield n["name"]
print("\n".join(names(json.load(sys.stdin).get("inner", []))))'
}

# check WHAT NAME... - fail on the names that are not zmath's
check() {
	local what=$1 bad; shift
	bad=$(printf '%s\n' "$@" | grep -Ev "$ours" | tr '\n' ' ') || true
	if [ -n "$bad" ]; then
		echo "FAIL: <zmath.h> $what $bad"; status=1
	else
		echo "ok: <zmath.h> $what zmath's names alone ($# of them)"
	fi
}

langs=(c)
[ ${#cxx[@]} = 0 ] || langs+=(c++)
for lang in "${langs[@]}"; do
	comp=("${cc[@]}")
	[ "$lang" = c ] || comp=("${cxx[@]}")
	header=
	before=$(defines "$lang" "${comp[@]}")
	header='#include <zmath.h>'
	mapfile -t added < <(comm -13 <(echo "$before") \
		<(defines "$lang" "${comp[@]}"))
	check "as $lang (${comp[*]}) defines the macros" "${added[@]}"
	if command -v clang > /dev/null; then
		mapfile -t decls < <(declared "$lang")
		check "as $lang (clang) declares" "${decls[@]}"
	else
		echo "note: no clang: what <zmath.h> declares as $lang is unchecked"
	fi
done
exit $status
