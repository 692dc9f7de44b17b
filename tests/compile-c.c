// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * compile-c.c - zmath.h must build as every C standard it claims; meson
 * compiles this file once per standard. It also runs one check.
 */
#include <linux/zmath.h>

int main(void)
{
	struct zmath_geom g;

	if (zmath_geom_init(&g, 196608))
		return 1;
	return zmath_geom_zone_no(&g, 196608 * 5 + 7) != 5;
}
