/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zmath.h - zone math for zoned block devices of any zone size
 *
 * Zoned devices (SMR disks, NVMe ZNS) split their capacity into zones of a
 * fixed size. Much code assumes that size is a power of 2 and turns zone
 * math into shifts and masks. NVMe ZNS allows any zone size, and NAND does
 * not naturally come in powers of 2. This header does the zone math once,
 * exactly, for every zone size, in two layers:
 *
 * 1. Stateless helpers, zmath_*(pos, zone_size): a power-of-2 size takes a
 *    shift or a mask, any other size a 64-bit division.
 *
 * 2. A geometry, struct zmath_geom, set up once per device by
 *    zmath_geom_init(). Its helpers, zmath_geom_*(geom, pos), replace the
 *    division by a multiplication with a precomputed reciprocal, so that a
 *    device whose zone size is not a power of 2 pays a few cycles more than
 *    one whose zone size is, not a division.
 *
 * Positions, sizes and capacities are unsigned 64-bit numbers in any unit
 * (sectors or bytes) as long as the caller uses one unit throughout. Every
 * helper returns exactly what integer division returns, for every 64-bit
 * position and every zone size from 1 to 2^64 - 1.
 *
 * The same file builds in the Linux kernel (as linux/zmath.h) and in
 * userspace (C99 or later, C++); the block below maps the few primitives.
 * In userspace, u64 and u32 are the kernel's unsigned long long and unsigned
 * int; define ZMATH_HAVE_U64 if the includer already has them.
 *
 * The reciprocal (see zmath_geom_init()) follows Granlund and Montgomery,
 * "Division by Invariant Integers using Multiplication" (PLDI 1994), and
 * libdivide's encoding, with one twist: the zone size's power-of-2 factor
 * is shifted out of the position first. Zone sizes are whole MiB in
 * practice, so that factor is large, the remaining odd divisor is small
 * and a single 64-bit multiply-high is exact.
 */
#ifndef _ZMATH_H
#define _ZMATH_H

#ifdef __KERNEL__
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/limits.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/types.h>

#define ZMATH_U64_MAX	U64_MAX

static inline u64 zmath_div64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	return div64_u64_rem(dividend, divisor, remainder);
}

static inline u64 zmath_div64_u32_rem(u64 dividend, u32 divisor,
				      u32 *remainder)
{
	return div_u64_rem(dividend, divisor, remainder);
}

/* 64-bit kernels multiply 64x64->128 in one instruction. */
#define ZMATH_HAVE_FAST_MUL_HI	(BITS_PER_LONG == 64)

static inline u64 zmath_mul_hi(u64 a, u64 b)
{
	return mul_u64_u64_shr(a, b, 64);
}

static inline unsigned int zmath_ctz64(u64 x)
{
	return __ffs64(x);
}

static inline unsigned int zmath_ilog2(u64 x)
{
	return ilog2(x);
}

#else /* !__KERNEL__ */
#include <errno.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifndef ZMATH_HAVE_U64
typedef unsigned long long u64;
typedef unsigned int u32;
#endif

#define ZMATH_U64_MAX	(~0ULL)

static inline u64 zmath_div64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

#ifdef __i386
/*
 * x86-32 userspace: two divl at most, as the kernel's do_div() does there,
 * instead of a libgcc __udivdi3() call. Other machines divide in C.
 */
static inline u64 zmath_div64_u32_rem(u64 dividend, u32 divisor,
				      u32 *remainder)
{
	u32 high = dividend >> 32, low = (u32)dividend, quot_high = 0;

	if (high >= divisor) {
		quot_high = high / divisor;
		high %= divisor;
	}
	__asm__("divl %2" : "=a" (low), "=d" (*remainder)
		: "rm" (divisor), "0" (low), "1" (high));
	return (u64)quot_high << 32 | low;
}
#else
static inline u64 zmath_div64_u32_rem(u64 dividend, u32 divisor,
				      u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}
#endif

#ifdef __SIZEOF_INT128__
#define ZMATH_HAVE_FAST_MUL_HI	1

static inline u64 zmath_mul_hi(u64 a, u64 b)
{
	return (u64)(((__uint128_t)a * b) >> 64);
}
#else
#define ZMATH_HAVE_FAST_MUL_HI	0

/* Four 32x32->64 multiplies, as the kernel's mul_u64_u64_shr() on 32-bit. */
static inline u64 zmath_mul_hi(u64 a, u64 b)
{
	u64 a_lo = (u32)a, a_hi = a >> 32;
	u64 b_lo = (u32)b, b_hi = b >> 32;
	u64 lo_lo = a_lo * b_lo;
	u64 hi_lo = a_hi * b_lo;
	u64 lo_hi = a_lo * b_hi;
	u64 mid = (lo_lo >> 32) + (u32)hi_lo + (u32)lo_hi;

	return a_hi * b_hi + (hi_lo >> 32) + (lo_hi >> 32) + (mid >> 32);
}
#endif

static inline unsigned int zmath_ctz64(u64 x)
{
	return (unsigned int)__builtin_ctzll(x);
}

static inline unsigned int zmath_ilog2(u64 x)
{
	return 63 - (unsigned int)__builtin_clzll(x);
}
#endif /* __KERNEL__ */

/**
 * zmath_is_po2() - tell whether a zone size is a power of 2
 * @zone_size: the zone size
 *
 * Return: true if @zone_size is a power of 2. 0 is not a power of 2.
 */
static inline bool zmath_is_po2(u64 zone_size)
{
	return zone_size != 0 && (zone_size & (zone_size - 1)) == 0;
}

/*
 * The stateless helpers. A zone size of 0 never traps: it reads as 2^64, one
 * zone spanning the whole 64-bit space, which is what the power-of-2 masks
 * give for it. So zone 0 starts at 0 and holds every position.
 */

/**
 * zmath_zone_no() - number of the zone that holds a position
 * @pos: the position
 * @zone_size: the zone size, in the unit of @pos
 *
 * Return: @pos / @zone_size, or 0 for a @zone_size of 0.
 */
static inline u64 zmath_zone_no(u64 pos, u64 zone_size)
{
	u64 rem;

	if (zmath_is_po2(zone_size))
		return pos >> zmath_ctz64(zone_size);
	if (!zone_size)
		return 0;
	return zmath_div64_rem(pos, zone_size, &rem);
}

/**
 * zmath_zone_offset() - offset of a position from the start of its zone
 * @pos: the position
 * @zone_size: the zone size, in the unit of @pos
 *
 * Return: @pos % @zone_size, or @pos for a @zone_size of 0.
 */
static inline u64 zmath_zone_offset(u64 pos, u64 zone_size)
{
	u64 rem;

	if ((zone_size & (zone_size - 1)) == 0)
		return pos & (zone_size - 1);
	zmath_div64_rem(pos, zone_size, &rem);
	return rem;
}

/**
 * zmath_zone_start() - start of the zone that holds a position
 * @pos: the position
 * @zone_size: the zone size, in the unit of @pos
 *
 * Same as zmath_rounddown().
 *
 * Return: @pos rounded down to a multiple of @zone_size; 0 for a @zone_size
 * of 0.
 */
static inline u64 zmath_zone_start(u64 pos, u64 zone_size)
{
	return pos - zmath_zone_offset(pos, zone_size);
}

/**
 * zmath_rounddown() - round a position down to a zone boundary
 * @pos: the position
 * @zone_size: the zone size, in the unit of @pos
 *
 * Return: the largest multiple of @zone_size not above @pos; 0 for a
 * @zone_size of 0.
 */
static inline u64 zmath_rounddown(u64 pos, u64 zone_size)
{
	return zmath_zone_start(pos, zone_size);
}

/**
 * zmath_is_aligned() - tell whether a position is a zone boundary
 * @pos: the position
 * @zone_size: the zone size, in the unit of @pos
 *
 * Return: true if @pos is a multiple of @zone_size. For a @zone_size of 0,
 * only 0 is.
 */
static inline bool zmath_is_aligned(u64 pos, u64 zone_size)
{
	return zmath_zone_offset(pos, zone_size) == 0;
}

/*
 * Round-up from a known offset in zone, shared by both layers: @start + the
 * zone size may not fit in 64 bits, and a zone size of 0 (2^64) never does.
 */
static inline bool zmath_roundup_from_offset(u64 pos, u64 offset,
					     u64 zone_size, u64 *res)
{
	u64 start = pos - offset;

	if (!offset) {
		*res = pos;
		return false;
	}
	*res = start + zone_size;
	return !zone_size || start > ZMATH_U64_MAX - zone_size;
}

/**
 * zmath_roundup_overflow() - round a position up to a zone boundary, checked
 * @pos: the position
 * @zone_size: the zone size, in the unit of @pos
 * @res: where to store the result
 *
 * Like check_add_overflow(), stores the result modulo 2^64 in @res and tells
 * whether it wrapped: the smallest multiple of @zone_size not below @pos may
 * not fit in 64 bits. A @zone_size of 0 (2^64) overflows for any non-zero
 * @pos.
 *
 * Return: true if the rounded-up position does not fit in 64 bits.
 */
static inline bool zmath_roundup_overflow(u64 pos, u64 zone_size, u64 *res)
{
	return zmath_roundup_from_offset(pos, zmath_zone_offset(pos, zone_size),
					 zone_size, res);
}

/**
 * zmath_roundup() - round a position up to a zone boundary
 * @pos: the position
 * @zone_size: the zone size, in the unit of @pos
 *
 * A rounded-up position can exceed 2^64 - 1; this helper then returns 0,
 * which no other non-zero @pos can round up to, as the kernel's ALIGN() does
 * for powers of 2. Use zmath_roundup_overflow() to be told explicitly.
 *
 * Return: the smallest multiple of @zone_size not below @pos, or 0 if that
 * does not fit in 64 bits.
 */
static inline u64 zmath_roundup(u64 pos, u64 zone_size)
{
	u64 res;

	if (zmath_roundup_overflow(pos, zone_size, &res))
		return 0;
	return res;
}

/**
 * zmath_nr_zones() - number of zones needed to cover a capacity
 * @capacity: the capacity
 * @zone_size: the zone size, in the unit of @capacity
 *
 * A last zone smaller than @zone_size counts as a zone. Exact for every
 * @capacity up to 2^64 - 1: there is no @capacity + @zone_size - 1 to
 * overflow.
 *
 * Return: @capacity / @zone_size rounded up; for a @zone_size of 0, 1 if
 * @capacity is not 0, else 0.
 */
static inline u64 zmath_nr_zones(u64 capacity, u64 zone_size)
{
	return zmath_zone_no(capacity, zone_size) +
	       !zmath_is_aligned(capacity, zone_size);
}

/**
 * struct zmath_geom - zone geometry with a precomputed reciprocal
 * @zone_size: the zone size, never 0
 * @magic: 0 if @zone_size is a power of 2, else the multiplier M below
 * @pre_shift: number of trailing zero bits of @zone_size
 * @post_shift: right shift applied after the multiply-high
 * @add: true if M needs 65 bits (its low 64 bits are in @magic)
 * @div32: a 32-bit divisor for 32-bit machines, 0 if there is none (and
 *	for powers of 2)
 * @div32_shift: shift that goes with @div32
 *
 * Encoding. Write @zone_size = 2^k * d with d odd, k = @pre_shift. Then
 * pos / @zone_size = (pos >> k) / d, and n = pos >> k has at most 64 - k
 * bits.
 *
 * - d = 1: @magic is 0 and the zone number is n itself: one shift.
 * - Otherwise s = @post_shift is the smallest s >= 0 for which
 *   M = floor(2^(64+s) / d) + 1 is exact for every n, that is for which its
 *   error e = M * d - 2^(64+s) satisfies e <= 2^(k+s); the zone number is
 *   then mulhi(n, M) >> s. M fits in 64 bits for every s <= floor(log2(d)).
 *   As e < d, s = 0 works whenever d <= 2^k: every whole-MiB zone size, in
 *   sectors or in bytes, costs one shift and one multiply-high.
 * - If even s = floor(log2(d)) fails (only possible for odd zone sizes,
 *   k = 0), M is taken one bit wider, 65 bits, @add is set, @magic holds
 *   M - 2^64 and the zone number is (t + ((n - t) >> 1)) >> s with
 *   t = mulhi(n, @magic), which is (n * M) >> (64 + s + 1) computed without
 *   overflow.
 *
 * Why exact: write n = q * d + r with 0 <= r < d. Then n * M / 2^(64+s) =
 * q + (r + n * e / 2^(64+s)) / d, and the fraction is below 1 because
 * r <= d - 1 and n * e < 2^(64-k) * 2^(k+s). The 65-bit case is libdivide's
 * "add indicator" and Granlund-Montgomery's Theorem 4.2 with N = 64.
 *
 * Without a 64x64->128 multiply (32-bit machines), mulhi takes four
 * multiplies and more than a 64-by-32-bit division does (two divl on x86,
 * as do_div()). There the zone number is (pos >> @div32_shift) / @div32:
 * @div32 is the zone size itself if it is below 2^32 (@div32_shift = 0,
 * no shift at all), else its odd part d if that is (@div32_shift = k);
 * only larger odd parts take the reciprocal.
 */
struct zmath_geom {
	u64 zone_size;
	u64 magic;
	unsigned int pre_shift;
	unsigned int post_shift;
	bool add;
	u32 div32;
	unsigned int div32_shift;
};

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
static inline int zmath_geom_init(struct zmath_geom *geom, u64 zone_size)
{
	u64 d, quot, rem;
	unsigned int k, s, i;
	bool carry;

	if (!zone_size)
		return -EINVAL;

	k = zmath_ctz64(zone_size);
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
		if (d - rem <= (u64)1 << (k + s) || s == zmath_ilog2(d))
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

/**
 * zmath_geom_is_po2() - tell whether a geometry's zone size is a power of 2
 * @geom: an initialised geometry
 *
 * Return: true if the zone size is a power of 2.
 */
static inline bool zmath_geom_is_po2(const struct zmath_geom *geom)
{
	return geom->magic == 0;
}

/**
 * zmath_geom_zone_no() - number of the zone that holds a position
 * @geom: an initialised geometry
 * @pos: the position
 *
 * A power-of-2 zone size costs a shift and a predictable branch; a whole-MiB
 * one a shift, a multiply-high and one more predictable branch; other zone
 * sizes a post-shift and, for some odd ones, two add/shift steps more.
 *
 * Return: @pos / zone size.
 */
static inline u64 zmath_geom_zone_no(const struct zmath_geom *geom, u64 pos)
{
	u64 n, t;
	u32 rem;

	if (!ZMATH_HAVE_FAST_MUL_HI && geom->div32) {
		/* Zone sizes below 2^32 skip the 64-bit shift, 5 insns here. */
		if (geom->div32_shift)
			pos >>= geom->div32_shift;
		return zmath_div64_u32_rem(pos, geom->div32, &rem);
	}
	n = pos >> geom->pre_shift;
	if (zmath_geom_is_po2(geom))
		return n;
	t = zmath_mul_hi(n, geom->magic);
	if (!geom->post_shift)
		return t;
	if (geom->add)
		t += (n - t) >> 1;
	return t >> geom->post_shift;
}

/**
 * zmath_geom_zone_offset() - offset of a position from the start of its zone
 * @geom: an initialised geometry
 * @pos: the position
 *
 * Return: @pos % zone size.
 */
static inline u64 zmath_geom_zone_offset(const struct zmath_geom *geom,
					 u64 pos)
{
	unsigned int shift = geom->div32_shift;
	u32 rem;

	if (zmath_geom_is_po2(geom))
		return pos & (geom->zone_size - 1);
	if (!ZMATH_HAVE_FAST_MUL_HI && geom->div32) {
		/* The 32-bit division's remainder, above the shifted bits. */
		zmath_div64_u32_rem(pos >> shift, geom->div32, &rem);
		return (u64)rem << shift | (pos & ((1ULL << shift) - 1));
	}
	return pos - zmath_geom_zone_no(geom, pos) * geom->zone_size;
}

/**
 * zmath_geom_zone_start() - start of the zone that holds a position
 * @geom: an initialised geometry
 * @pos: the position
 *
 * Return: @pos rounded down to a multiple of the zone size.
 */
static inline u64 zmath_geom_zone_start(const struct zmath_geom *geom,
					u64 pos)
{
	return pos - zmath_geom_zone_offset(geom, pos);
}

/**
 * zmath_geom_rounddown() - round a position down to a zone boundary
 * @geom: an initialised geometry
 * @pos: the position
 *
 * Return: the largest multiple of the zone size not above @pos.
 */
static inline u64 zmath_geom_rounddown(const struct zmath_geom *geom, u64 pos)
{
	return zmath_geom_zone_start(geom, pos);
}

/**
 * zmath_geom_is_aligned() - tell whether a position is a zone boundary
 * @geom: an initialised geometry
 * @pos: the position
 *
 * Return: true if @pos is a multiple of the zone size.
 */
static inline bool zmath_geom_is_aligned(const struct zmath_geom *geom,
					 u64 pos)
{
	return zmath_geom_zone_offset(geom, pos) == 0;
}

/**
 * zmath_geom_roundup_overflow() - round up to a zone boundary, checked
 * @geom: an initialised geometry
 * @pos: the position
 * @res: where to store the result, modulo 2^64
 *
 * Return: true if the rounded-up position does not fit in 64 bits.
 */
static inline bool zmath_geom_roundup_overflow(const struct zmath_geom *geom,
					       u64 pos, u64 *res)
{
	return zmath_roundup_from_offset(pos,
					 zmath_geom_zone_offset(geom, pos),
					 geom->zone_size, res);
}

/**
 * zmath_geom_roundup() - round a position up to a zone boundary
 * @geom: an initialised geometry
 * @pos: the position
 *
 * Return: the smallest multiple of the zone size not below @pos, or 0 if that
 * does not fit in 64 bits (see zmath_roundup()).
 */
static inline u64 zmath_geom_roundup(const struct zmath_geom *geom, u64 pos)
{
	u64 res;

	if (zmath_geom_roundup_overflow(geom, pos, &res))
		return 0;
	return res;
}

/**
 * zmath_geom_nr_zones() - number of zones needed to cover a capacity
 * @geom: an initialised geometry
 * @capacity: the capacity, in the unit of the zone size
 *
 * Return: @capacity / zone size rounded up: a smaller last zone counts.
 */
static inline u64 zmath_geom_nr_zones(const struct zmath_geom *geom,
				      u64 capacity)
{
	return zmath_geom_zone_no(geom, capacity) +
	       !zmath_geom_is_aligned(geom, capacity);
}

#endif /* _ZMATH_H */
