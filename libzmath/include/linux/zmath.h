/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zmath.h - zone math for zoned block devices of any zone size
 *
 * Zoned devices (SMR disks, NVMe ZNS) split their capacity into zones of a
 * fixed size. Much code assumes that size is a power of 2 and turns zone
 * math into shifts and masks. NVMe ZNS allows any zone size, and NAND does
 * not naturally come in powers of 2. This header does the zone math once,
 * exactly, for every zone size, in three layers:
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
 * 3. struct zmath_rcp, the reciprocal alone, 16 bytes, for a structure that
 *    holds the zone size already, as the block layer's queue limits hold
 *    chunk_sectors; its helpers take the zone size.
 *
 * Positions, sizes and capacities are unsigned 64-bit numbers in any unit
 * (sectors or bytes) as long as the caller uses one unit throughout. Every
 * helper returns exactly what integer division returns, for every 64-bit
 * position and every zone size from 1 to 2^64 - 1.
 *
 * lib/math/zmath.c holds zmath_geom_init(). Both files also build in
 * userspace, byte for byte, as the library libzmath: a small compat
 * directory provides the kernel primitives they use there.
 *
 * The reciprocal follows Granlund and Montgomery, "Division by Invariant
 * Integers using Multiplication" (PLDI 1994), and libdivide's encoding,
 * with one twist: the zone size's power-of-2 factor is shifted out of the
 * position first. Zone sizes are whole MiB in practice, so that factor is
 * large, the remaining odd divisor is small and a single 64-bit
 * multiply-high is exact.
 */
#ifndef _LINUX_ZMATH_H
#define _LINUX_ZMATH_H

#include <linux/bitops.h>
#include <linux/math64.h>
#include <linux/overflow.h>
#include <linux/types.h>

/*
 * Whether a geometry divides by a 32-bit divisor rather than multiplying
 * by its reciprocal: where <asm/div64.h> overrides div_u64_rem(), the
 * architecture divides 64 by 32 bits in a few instructions (x86-32: two
 * divl), fewer than a 64-bit multiply-high made of 32-bit multiplies.
 * 64-bit machines multiply 64x64->128 bits in one instruction, and the
 * other 32-bit machines have no 64-by-32-bit divide (do_div() is a call on
 * ARM32). See struct zmath_geom for the counts.
 */
#ifdef div_u64_rem
#define ZMATH_USE_DIV32		1
#else
#define ZMATH_USE_DIV32		0
#endif

/**
 * zmath_is_po2() - tell whether a zone size is a power of 2
 * @zone_size: the zone size
 *
 * is_power_of_2() takes an unsigned long, 32 bits on 32-bit machines.
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
		return pos >> __ffs64(zone_size);
	if (!zone_size)
		return 0;
	return div64_u64_rem(pos, zone_size, &rem);
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
	div64_u64_rem(pos, zone_size, &rem);
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
 * Round-up from a known offset in zone, shared by both layers: the zone's
 * start + the zone size may not fit in 64 bits. A zone size of 0 (2^64) is
 * the caller's to check; a geometry never has one.
 */
static inline bool __zmath_roundup_from_offset(u64 pos, u64 offset,
					       u64 zone_size, u64 *res)
{
	if (!offset) {
		*res = pos;
		return false;
	}
	return check_add_overflow(pos - offset, zone_size, res);
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
	u64 offset = zmath_zone_offset(pos, zone_size);

	/* For a zone size of 0, start + 2^64 is start again: it never fits. */
	return __zmath_roundup_from_offset(pos, offset, zone_size, res) ||
	       (offset && !zone_size);
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
 * @inverse: the inverse of @zone_size's odd part d modulo 2^64
 * @max_zone_no: (2^64 - 1) / @zone_size, the number of the last zone
 * @pre_shift: number of trailing zero bits of @zone_size
 * @post_shift: right shift applied after the multiply-high
 * @round_down: true if M is rounded down, which takes n + 1 for n
 * @div32: a 32-bit divisor where ZMATH_USE_DIV32 is set, 0 if there is
 *	none (and for powers of 2)
 * @div32_shift: shift that goes with @div32
 *
 * Encoding. Write @zone_size = 2^k * d with d odd, k = @pre_shift. Then
 * pos / @zone_size = (pos >> k) / d, and n = pos >> k has at most 64 - k
 * bits.
 *
 * - d = 1: @magic is 0 and the zone number is n itself: one shift.
 * - Otherwise s = @post_shift is the smallest s >= 0 for which the
 *   rounded-up M = floor(2^(64+s) / d) + 1 is exact for every n, that is
 *   for which its error e = M * d - 2^(64+s) satisfies e <= 2^(k+s); the
 *   zone number is then mulhi(n, M) >> s. As e < d, s = 0 works whenever
 *   d <= 2^k: every whole-MiB zone size, in sectors or in bytes, costs one
 *   shift and one multiply-high.
 * - If even s = floor(log2(d)) fails, which takes k = 0 (an odd zone size),
 *   the rounded-down M = floor(2^(64+s) / d) is exact at that s with n + 1
 *   in place of n: @round_down is set and the zone number is
 *   mulhi(n + 1, M) >> s, n + 1 saturating at 2^64 - 1. M fits in 64 bits
 *   for every s <= floor(log2(d)).
 *
 * Alignment takes no quotient: pos is a multiple of @zone_size if and only
 * if pos * @inverse modulo 2^64, rotated right by k bits, is at most
 * @max_zone_no. Where ZMATH_USE_DIV32 is set, the zone number is
 * (pos >> @div32_shift) / @div32 if @div32 is not 0. Why all of this is
 * exact is in lib/math/zmath.c, beside zmath_geom_init().
 *
 * A zeroed geometry, which zmath_geom_init() never leaves (a queue without
 * chunk_sectors holds one), is defined all the same: it reads as a
 * power-of-2 geometry of shift 0 and mask ~0. The zone number and the
 * offset are then @pos itself, the zone start is 0, only 0 is aligned, and
 * the round-up of any other position overflows. Its zone numbers mean
 * nothing: callers check for a zone size of 0 first.
 */
struct zmath_geom {
	u64 zone_size;
	u64 magic;
	u64 inverse;
	u64 max_zone_no;
	unsigned int pre_shift;
	unsigned int post_shift;
	bool round_down;
	u32 div32;
	unsigned int div32_shift;
};

int zmath_geom_init(struct zmath_geom *geom, u64 zone_size);

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

/*
 * The zone number of n, a position shifted right by the zone size's
 * trailing zero bits, for a zone size that is not a power of 2: a
 * multiply-high, and for some odd sizes a saturating increment and a
 * post-shift (see struct zmath_geom).
 */
static inline u64 __zmath_mulhi_zone_no(u64 n, u64 magic,
					unsigned int post_shift,
					bool round_down)
{
	if (!post_shift)
		return mul_u64_u64_hi(n, magic);
	if (round_down && n != U64_MAX)
		n++;
	return mul_u64_u64_hi(n, magic) >> post_shift;
}

/*
 * The zone number by a 32-bit division (ZMATH_USE_DIV32), and the offset in
 * zone that comes with it. Zone sizes below 2^32 skip the 64-bit
 * shifts, about 5 instructions each there.
 */
static inline u64 __zmath_geom_div32(const struct zmath_geom *geom, u64 pos,
				     u64 *offset)
{
	unsigned int shift = geom->div32_shift;
	u32 rem;
	u64 nr;

	if (!shift) {
		nr = div_u64_rem(pos, geom->div32, &rem);
		*offset = rem;
		return nr;
	}
	/* The 32-bit division's remainder, above the shifted bits. */
	nr = div_u64_rem(pos >> shift, geom->div32, &rem);
	*offset = (u64)rem << shift | (pos & ((1ULL << shift) - 1));
	return nr;
}

/**
 * zmath_geom_zone_no() - number of the zone that holds a position
 * @geom: an initialised geometry
 * @pos: the position
 *
 * A power-of-2 zone size costs a shift and a predictable branch; a whole-MiB
 * one a shift, a multiply-high and one more predictable branch; other zone
 * sizes a post-shift and, for some odd ones, a saturating increment more.
 *
 * Return: @pos / zone size.
 */
static inline u64 zmath_geom_zone_no(const struct zmath_geom *geom, u64 pos)
{
	u64 offset, n;

	if (ZMATH_USE_DIV32 && geom->div32)
		return __zmath_geom_div32(geom, pos, &offset);
	n = pos >> geom->pre_shift;
	if (zmath_geom_is_po2(geom))
		return n;
	return __zmath_mulhi_zone_no(n, geom->magic, geom->post_shift,
				     geom->round_down);
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
	u64 offset;

	if (zmath_geom_is_po2(geom))
		return pos & (geom->zone_size - 1);
	if (ZMATH_USE_DIV32 && geom->div32) {
		__zmath_geom_div32(geom, pos, &offset);
		return offset;
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
 * No quotient: a multiply by the inverse of the zone size's odd part, a
 * rotation and a compare (see struct zmath_geom), on 32-bit machines too.
 *
 * Return: true if @pos is a multiple of the zone size.
 */
static inline bool zmath_geom_is_aligned(const struct zmath_geom *geom,
					 u64 pos)
{
	if (zmath_geom_is_po2(geom))
		return !(pos & (geom->zone_size - 1));
	return ror64(pos * geom->inverse, geom->pre_shift) <= geom->max_zone_no;
}

/**
 * zmath_geom_roundup_overflow() - round up to a zone boundary, checked
 * @geom: an initialised geometry
 * @pos: the position
 * @res: where to store the result, modulo 2^64
 *
 * A power-of-2 zone size adds the mask and clears it: the add carries out
 * exactly when the result does not fit, and a zeroed geometry's mask, ~0,
 * carries for any @pos but 0.
 *
 * Return: true if the rounded-up position does not fit in 64 bits.
 */
static inline bool zmath_geom_roundup_overflow(const struct zmath_geom *geom,
					       u64 pos, u64 *res)
{
	u64 mask = geom->zone_size - 1;
	bool wrap;

	if (zmath_geom_is_po2(geom)) {
		wrap = check_add_overflow(pos, mask, res);
		*res &= ~mask;
		return wrap;
	}
	return __zmath_roundup_from_offset(pos,
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
	u64 mask = geom->zone_size - 1;
	u64 res;

	/*
	 * pos + mask wraps exactly when the result does not fit, and then to
	 * below mask + 1, which clearing the mask turns into 0: no carry to
	 * test, as ALIGN().
	 */
	if (zmath_geom_is_po2(geom))
		return (pos + mask) & ~mask;
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
	u64 nr, offset;

	/* As the shift: !!(capacity & mask) is two steps, !is_aligned three. */
	if (zmath_geom_is_po2(geom))
		return (capacity >> geom->pre_shift) +
		       !!(capacity & (geom->zone_size - 1));
	/* One division gives both where there is one. */
	if (ZMATH_USE_DIV32 && geom->div32) {
		nr = __zmath_geom_div32(geom, capacity, &offset);
		return nr + !!offset;
	}
	return zmath_geom_zone_no(geom, capacity) +
	       !zmath_geom_is_aligned(geom, capacity);
}

/**
 * struct zmath_rcp - the reciprocal of a zone size that is kept elsewhere
 * @magic: 0 if the zone size is a power of 2, else the multiplier of
 *	struct zmath_geom
 * @pre_shift: number of trailing zero bits of the zone size
 * @post_shift: right shift applied after the multiply-high
 * @round_down: true if @magic is rounded down, which takes n + 1 for n
 *
 * The zone number's part of struct zmath_geom, same encoding, in 16 bytes
 * instead of 56: for a structure that holds the zone size already, as the
 * block layer's queue limits hold chunk_sectors. Its helpers take that
 * zone size, which must be the one given to zmath_rcp_init(). Alignment is
 * an offset of 0. Where ZMATH_USE_DIV32 is set, a zone size below 2^32
 * divides, as struct zmath_geom's @div32 does.
 *
 * A zeroed struct zmath_rcp with a zone size of 0 reads as a zeroed
 * geometry does: the zone number and the offset are the position.
 */
struct zmath_rcp {
	u64 magic;
	u8 pre_shift;
	u8 post_shift;
	bool round_down;
};

/**
 * zmath_rcp_from_geom() - take the reciprocal of a geometry
 * @rcp: the reciprocal to fill in
 * @geom: an initialised geometry
 */
static inline void zmath_rcp_from_geom(struct zmath_rcp *rcp,
				       const struct zmath_geom *geom)
{
	rcp->magic = geom->magic;
	rcp->pre_shift = (u8)geom->pre_shift;
	rcp->post_shift = (u8)geom->post_shift;
	rcp->round_down = geom->round_down;
}

/**
 * zmath_rcp_init() - compute the reciprocal of a zone size
 * @rcp: the reciprocal to fill in
 * @zone_size: the zone size, any unit
 *
 * As zmath_geom_init(): once, when the zone size becomes known. @rcp is left
 * untouched on error.
 *
 * Return: 0, or -EINVAL if @zone_size is 0.
 */
static inline int zmath_rcp_init(struct zmath_rcp *rcp, u64 zone_size)
{
	struct zmath_geom geom;
	int ret;

	ret = zmath_geom_init(&geom, zone_size);
	if (!ret)
		zmath_rcp_from_geom(rcp, &geom);
	return ret;
}

/**
 * zmath_rcp_is_po2() - tell whether a reciprocal's zone size is a power of 2
 * @rcp: an initialised reciprocal
 *
 * Return: true if the zone size is a power of 2.
 */
static inline bool zmath_rcp_is_po2(const struct zmath_rcp *rcp)
{
	return rcp->magic == 0;
}

/* Where the architecture divides 64 by 32 bits fast, and the size fits. */
static inline bool __zmath_rcp_div32(u64 zone_size)
{
	return ZMATH_USE_DIV32 && !(zone_size >> 32);
}

/**
 * zmath_rcp_zone_no() - number of the zone that holds a position
 * @rcp: zmath_rcp_init() of @zone_size
 * @zone_size: the zone size
 * @pos: the position
 *
 * Return: @pos / @zone_size.
 */
static inline u64 zmath_rcp_zone_no(const struct zmath_rcp *rcp,
				    u64 zone_size, u64 pos)
{
	u32 rem;

	if (zmath_rcp_is_po2(rcp))
		return pos >> rcp->pre_shift;
	if (__zmath_rcp_div32(zone_size))
		return div_u64_rem(pos, (u32)zone_size, &rem);
	return __zmath_mulhi_zone_no(pos >> rcp->pre_shift, rcp->magic,
				     rcp->post_shift, rcp->round_down);
}

/**
 * zmath_rcp_zone_offset() - offset of a position from the start of its zone
 * @rcp: zmath_rcp_init() of @zone_size
 * @zone_size: the zone size
 * @pos: the position
 *
 * Return: @pos % @zone_size.
 */
static inline u64 zmath_rcp_zone_offset(const struct zmath_rcp *rcp,
					u64 zone_size, u64 pos)
{
	u32 rem;

	if (zmath_rcp_is_po2(rcp))
		return pos & (zone_size - 1);
	if (__zmath_rcp_div32(zone_size)) {
		div_u64_rem(pos, (u32)zone_size, &rem);
		return rem;
	}
	return pos - zmath_rcp_zone_no(rcp, zone_size, pos) * zone_size;
}

/**
 * zmath_rcp_nr_zones() - number of zones needed to cover a capacity
 * @rcp: zmath_rcp_init() of @zone_size
 * @zone_size: the zone size
 * @capacity: the capacity, in the unit of @zone_size
 *
 * Return: @capacity / @zone_size rounded up: a smaller last zone counts.
 */
static inline u64 zmath_rcp_nr_zones(const struct zmath_rcp *rcp,
				     u64 zone_size, u64 capacity)
{
	u64 nr = zmath_rcp_zone_no(rcp, zone_size, capacity);

	return nr + (capacity != nr * zone_size);
}

#endif /* _LINUX_ZMATH_H */
