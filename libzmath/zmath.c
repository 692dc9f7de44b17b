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
	u64 d, quot, rem;
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
	geom->add = false;
	geom->div32_shift = 0;
	geom->div32 = 0;
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
		/* d is odd and above 1: rem is never 0, M = quot + 1. */
		if (d - rem <= (u64)1 << (k + s) || s == log2_d)
			break;
	}
	geom->post_shift = s;
	geom->magic = quot + 1;
	if (d - rem <= (u64)1 << (k + s))
		return 0;

	/* k = 0: M = 2^(65+s) / d + 1, one bit wider, its top bit implied. */
	quot <<= 1;
	if (rem >= d - rem)
		quot |= 1;
	geom->magic = quot + 1;
	geom->add = true;
	return 0;
}
EXPORT_SYMBOL_GPL(zmath_geom_init);
