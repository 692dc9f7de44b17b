// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath.c - the reciprocal of a zone geometry, computed once per device
 *
 * The encoding, and why it is exact, is described at struct zmath_geom in
 * include/linux/zmath.h.
 */
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/log2.h>
#include <linux/zmath.h>

/**
 * zmath_geom_init() - compute a zone geometry
 * @geom: the geometry to fill in
 * @zone_size: the zone size, any unit
 *
 * Runs a 64-step long division to find the reciprocal: call it once, when the
 * zone size becomes known, not per I/O. @geom is left untouched on error.
 *
 * Return: 0, or -EINVAL if @zone_size is 0.
 */
int zmath_geom_init(struct zmath_geom *geom, u64 zone_size)
{
	u64 d, quot, rem, inverse;
	unsigned int k, s, i, log2_d;
	bool carry;

	if (!zone_size)
		return -EINVAL;

	k = __ffs64(zone_size);
	d = zone_size >> k;
	geom->zone_size = zone_size;
	geom->pre_shift = k;
	geom->post_shift = 0;
	geom->magic = 0;
	geom->round_down = false;
	geom->div32_shift = 0;
	geom->div32 = 0;

	/*
	 * Newton's iteration x = x * (2 - d * x) doubles the number of low
	 * bits in which x is d's inverse; d * d = 1 modulo 8 gives 3 to
	 * start with, so 5 steps reach 96 >= 64.
	 */
	inverse = d;
	for (i = 0; i < 5; i++)
		inverse *= 2 - d * inverse;
	geom->inverse = inverse;
	geom->max_zone_no = U64_MAX >> k;
	if (d == 1)
		return 0;
	log2_d = ilog2(d);
	if (!(zone_size >> 32)) {
		geom->div32 = (u32)zone_size;
	} else if (!(d >> 32)) {
		geom->div32 = (u32)d;
		geom->div32_shift = k;
	}

	/*
	 * quot, rem = 2^64 / d by long division: d > 1, so the quotient fits
	 * in 64 bits. rem << 1 can carry out of 64 bits when d > 2^63; the
	 * carry is the top bit. Each further s doubles both.
	 */
	rem = 1;
	quot = 0;
	for (s = 0;; s++) {
		for (i = 0; i < (s ? 1 : 64); i++) {
			carry = rem >> 63;
			rem <<= 1;
			quot <<= 1;
			if (carry || rem >= d) {
				rem -= d;
				quot |= 1;
			}
		}
		/* (2^64 - 1) / d = 2^64 / d: odd d > 1 does not divide 2^64. */
		if (!s)
			geom->max_zone_no = quot >> k;
		/* d is odd and above 1: rem is never 0, M = quot + 1. */
		if (d - rem <= (u64)1 << (k + s) || s == log2_d)
			break;
	}
	geom->post_shift = s;
	geom->magic = quot + 1;
	if (d - rem <= (u64)1 << (k + s))
		return 0;

	/* k = 0 and the round-up fails at the widest s: round down. */
	geom->magic = quot;
	geom->round_down = true;
	return 0;
}
EXPORT_SYMBOL_GPL(zmath_geom_init);
