// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * own-names.c - <zmath.h> in a program that has its own u64, ror64(),
 * U64_MAX, check_add_overflow() and the other kernel names
 * (own-names.h): the header must neither use nor declare them. meson
 * builds it as each C and C++ standard, with the program's names defined
 * before the include (OWN_NAMES_FIRST) or after it, with -Wconversion and
 * warnings as errors, as C++ without extern "C", and runs it linked with
 * libzmath.so.
 */
#ifdef OWN_NAMES_FIRST
#include "own-names.h"
#endif
#include <zmath.h>
#ifndef OWN_NAMES_FIRST
#include "own-names.h"
#endif

#include <stdio.h>

static int failed;

static void check(int ok, const char *what)
{
	if (!ok) {
		printf("FAIL: %s\n", what);
		failed = 1;
	}
}

int main(void)
{
	const u64 zone = 196608;	/* 96 MiB in 512-byte sectors */
	u64 pos = zone * 5 + 7, res = 0, rem;
	struct zmath_geom geom;
	bool own = true;
	u32 rem32;

	check(zmath_geom_init(&geom, 0) != 0, "zmath_geom_init() refuses 0");
	check(zmath_geom_init(&geom, zone) == 0, "zmath_geom_init()");
	check(!zmath_geom_is_po2(&geom), "96 MiB is not a power of 2");
	check(zmath_geom_zone_no(&geom, pos) == 5, "zmath_geom_zone_no()");
	check(zmath_geom_zone_offset(&geom, pos) == 7,
	      "zmath_geom_zone_offset()");
	check(zmath_geom_zone_start(&geom, pos) == zone * 5,
	      "zmath_geom_zone_start()");
	check(zmath_geom_is_aligned(&geom, zone * 3) &&
	      !zmath_geom_is_aligned(&geom, pos), "zmath_geom_is_aligned()");
	check(!zmath_geom_roundup_overflow(&geom, pos, &res) && res == zone * 6,
	      "zmath_geom_roundup_overflow()");
	check(zmath_geom_roundup_overflow(&geom, U64_MAX, &res),
	      "zmath_geom_roundup_overflow() past 2^64");
	check(zmath_geom_nr_zones(&geom, pos) == 6, "zmath_geom_nr_zones()");
	check(zmath_zone_no(pos, zone) == 5 && zmath_zone_no(pos, 1024) == 960,
	      "zmath_zone_no()");
	check(zmath_roundup(pos, zone) == zone * 6 &&
	      zmath_roundup(U64_MAX, zone) == 0, "zmath_roundup()");
	check(zmath_nr_zones(pos, zone) == 6, "zmath_nr_zones()");

	/* The program's own names are still its own. */
	check(div64_u64_rem(pos, zone, &rem) == 5 && rem == 7,
	      "own div64_u64_rem()");
	check(div_u64_rem(pos, (u32)zone, &rem32) == 5 && rem32 == 7,
	      "own div_u64_rem()");
	check(mul_u64_u64_hi(U64_MAX, 4) == 3 &&
	      mul_u64_u64_shr(U64_MAX, 4, 65) == 1, "own mul_u64_u64_*()");
	check(ror64(1, 1) == (u64)1 << 63 && __ffs64(zone) == 16 &&
	      ilog2(zone) == 17, "own ror64(), __ffs64(), ilog2()");
	check(check_add_overflow(U64_MAX, 1, &res) && res == 0 && own,
	      "own check_add_overflow(), bool");
	check(BIT(3) == 8 && !IS_ENABLED(CONFIG_ZMATH) &&
	      BITS_PER_LONG == 8 * (int)sizeof(long),
	      "own BIT(), IS_ENABLED(), BITS_PER_LONG");
	if (!failed)
		printf("ok: <zmath.h> beside a program's own kernel names\n");
	return failed;
}
