#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# What `meson install` gives a user of libzmath: install the build into a
# scratch root and check that
#  - no installed header has the name of a header on the compiler's own
#    search path (a uapi <linux/types.h> must stay the system's);
#  - libzmath.so has the soname of libzmath/libzmath0.symbols and
#    exports the functions it lists, and no other;
#  - a program that includes the system's <linux/types.h> and
#    <linux/zmath.h> builds with `pkg-config libzmath` and runs, linked
#    with libzmath.so and with libzmath.a;
#  - a program that includes <zmath.h> builds with it as C, and as C++
#    (CXX) without extern "C", warnings as errors, and runs.
#
#   install-check.sh BUILD_DIR
set -euo pipefail

build=$1
read -r -a cc <<< "${CC:-cc}"	# a command and its arguments
read -r -a cxx <<< "${CXX:-}"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

meson install -C "$build" --no-rebuild --quiet --destdir "$root" > /dev/null
pc=$(find "$root" -name libzmath.pc)
[ -n "$pc" ] || fail "no libzmath.pc installed"
prefix=$(sed -n 's/^prefix=//p' "$pc")
incdir=$root$prefix/include/zmath
for h in zmath.h zmath-shared.h linux/zmath.h; do
	[ -f "$incdir/$h" ] || fail "no $h under $incdir"
done
libdir=$(dirname "$(dirname "$pc")")

# The compiler's own include directories, as `cc -v` lists them.
mapfile -t sysdirs < <(echo | "${cc[@]}" -xc -E -v - 2>&1 |
	sed -n '/^#include <...> search starts here:/,/^End of search list/p' |
	sed -n 's/^ //p')
[ ${#sysdirs[@]} -gt 0 ] || fail "no system include directories from ${cc[*]} -v"
n=0
while read -r h; do
	rel=${h#"$incdir"/}
	for d in "${sysdirs[@]}"; do
		[ ! -e "$d/$rel" ] || fail "installed <$rel> shadows $d/$rel"
	done
	n=$((n + 1))
done < <(find "$incdir" -name '*.h')
echo "ok: none of the $n installed headers shadows a system header"

so=$(find "$libdir" -name 'libzmath.so.*.*')
symbols=$(dirname "$0")/../libzmath/libzmath0.symbols
read -r want _ < <(grep -v '^#' "$symbols")
soname=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = "$want" ] || fail "soname of $so is '$soname', not '$want'"
exports=$(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' |
	sort | tr '\n' ' ')
listed=$(sed -n 's/^ \([^ @]*\)@\([^ ]*\) .*/\1@@\2/p' "$symbols" |
	grep -v '^\(.*\)@@\1$' | sort | tr '\n' ' ')
[ "$exports" = "$listed" ] ||
	fail "libzmath.so exports '$exports', not the symbols file's '$listed'"
echo "ok: $(basename "$so"): soname $soname, exports ${exports% }"

cat > "$root/user.c" <<'EOC'
#include <linux/types.h>
#include <linux/zmath.h>

int main(void)
{
	__u64 pos = 196608ULL * 5 + 7;	/* the system's uapi type */
	struct zmath_geom g;

	if (zmath_geom_init(&g, 196608) || zmath_geom_init(&g, 0) != -22)
		return 1;
	return zmath_geom_zone_no(&g, pos) != 5 ||
	       zmath_zone_offset(pos, 196608) != 7;
}
EOC
pkg() {
	PKG_CONFIG_PATH=$(dirname "$pc") pkg-config \
		--define-variable=prefix="$root$prefix" "$@" libzmath
}
# shellcheck disable=SC2046
"${cc[@]}" -Wall -Werror -o "$root/user-so" "$root/user.c" $(pkg --cflags --libs)
LD_LIBRARY_PATH=$libdir "$root/user-so" || fail "linked with libzmath.so, it failed"
# shellcheck disable=SC2046
"${cc[@]}" -Wall -Werror -o "$root/user-a" "$root/user.c" $(pkg --cflags) \
	"$libdir/libzmath.a"
"$root/user-a" || fail "linked with libzmath.a, it failed"
! ldd "$root/user-a" | grep -q libzmath || fail "user-a needs libzmath.so"
echo "ok: a user builds with pkg-config libzmath, and runs with libzmath.so and libzmath.a"

clean=$(dirname "$0")/zmath-user.c
strict=(-Wall -Wextra -Wconversion -Wsign-conversion -pedantic -Werror)
# shellcheck disable=SC2046
"${cc[@]}" "${strict[@]}" -o "$root/clean" "$clean" $(pkg --cflags --libs)
LD_LIBRARY_PATH=$libdir "$root/clean" || fail "a C user of <zmath.h> failed"
langs=C
if [ ${#cxx[@]} -gt 0 ]; then
	# shellcheck disable=SC2046
	"${cxx[@]}" "${strict[@]}" -o "$root/clean-cxx" -x c++ "$clean" \
		-x none $(pkg --cflags --libs)
	LD_LIBRARY_PATH=$libdir "$root/clean-cxx" ||
		fail "a C++ user of <zmath.h> failed"
	langs="C and C++"
fi
echo "ok: a $langs user of <zmath.h> builds with pkg-config libzmath and runs"
