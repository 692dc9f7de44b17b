// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath.c - the reciprocal of a zone geometry, computed once per device
 *
 * The encoding is described at struct zmath_geom in include/linux/zmath.h;
 * why it is exact follows. Write the zone size as 2^k * d with d odd, and
 * the position shifted right by k as n = q * d + r, 0 <= r < d; n has at
 * most 64 - k bits.
 *
 * Rounded up, M = floor(2^(64+s) / d) + 1 has the error
 * e = M * d - 2^(64+s), 0 < e < d, and
 * n * M / 2^(64+s) = q + (r + n * e / 2^(64+s)) / d. The fraction is below 1
 * because r <= d - 1 and n * e < 2^(64-k) * 2^(k+s) whenever e <= 2^(k+s):
 * mulhi(n, M) >> s is q. As e < d, s = 0 is enough whenever d <= 2^k.
 *
 * Rounded down, at s = floor(log2(d)) where the round-up failed (e > 2^s,
 * which takes k = 0), M = floor(2^(64+s) / d) fits in 64 bits, its error
 * e' = 2^(64+s) - M * d = d - e is below 2^s (as d < 2^(s+1)), and
 * (n + 1) * M / 2^(64+s) = q + (r + 1 - (n + 1) * e' / 2^(64+s)) / d, with
 * a fraction in [0, 1) for every n + 1 <= 2^64. The saturated
 * n = 2^64 - 1 gives q + (r - n * e' / 2^(64+s)) / d instead, still q
 * unless r = 0, that is unless d divides 2^64 - 1; but then
 * 2^(64+s) = 2^s modulo d, so e = d - 2^s < 2^s and M was rounded up.
 *
 * These are Granlund and Montgomery's Theorem 4.2 with N = 64, and Robison's
 * "N-bit unsigned division via N-bit multiply-add" (ARITH 2005), which
 * replaces the 65-bit multiplier of libdivide's "add indicator".
 *
 * Alignment needs no quotient (Granlund and Montgomery, section 9): pos is
 * a multiple of the zone size if and only if pos * inverse modulo 2^64,
 * rotated right by k bits, is at most max_zone_no = (2^64 - 1) / zone size.
 * A multiple q * 2^k * d gives q. Otherwise either the low k bits of pos are
 * not all 0, which the odd inverse keeps and the rotation moves to the top,
 * above max_zone_no < 2^(64-k); or n is not a multiple of d, and
 * n * inverse modulo 2^(64-k), a bijection, maps the multiples of d onto 0
 * to max_zone_no and n above.
 *
 * Where the architecture divides 64 by 32 bits in a few instructions
 * (ZMATH_USE_DIV32: x86-32's div_u64_rem() is two divl), the zone number is
 * (pos >> div32_shift) / div32 instead, div32 being the zone size itself if
 * it is below 2^32 (div32_shift = 0), else its odd part d if that is
 * (div32_shift = k); only larger odd parts take the reciprocal there.
 * Instructions per zone number of a 96 MiB zone in sectors, for positions
 * over the whole 64-bit range, counted under qemu-user: 41 by division
 * against 74 by the reciprocal on i386 (gcc 12, -O2); 483 against 27 on
 * armhf (clang 14, -O2), where the division is a libgcc call. Alignment
 * never divides.
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
