// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath-user.c - a program of an installed libzmath's user: <zmath.h>
 * with C's own types, linked with libzmath.so, built as C and as C++.
 * tests/install-check.sh builds it against `meson install`, and
 * tests/deb-check.sh against the Debian packages.
 */
#include <stdint.h>
#include <zmath.h>

int main(void)
{
	uint64_t pos = 196608ULL * 5 + 7, res;
	struct zmath_geom g;

	if (zmath_geom_init(&g, 196608))
		return 1;
	return zmath_geom_zone_no(&g, pos) != 5 ||
	       zmath_geom_roundup_overflow(&g, pos, &res) ||
	       res != 196608ULL * 6;
}
