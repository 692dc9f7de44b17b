// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zb-kernels.c - the methods, their timed kernels and the reference
 *
 * Each (method, operation) pair is an inline function of a struct zb_ctx
 * and a position, instantiated as three noinline kernels: a throughput
 * loop, a latency loop and a one-shot loop (see ZB_KERNELS()).
 */
#include <stdlib.h>

#include "zb-div.h"
#include "zb-kernels.h"

const char *const zb_method_names[NR_METHODS] = {
	"shift", "zmath", "div", "geom", "ldiv", "ldiv-bf", "floor",
};

const char *const zb_op_names[NR_OPS] = {
	"zone_no", "zone_offset", "is_aligned", "roundup", "nr_zones",
};

const char *const zb_loop_names[NR_LOOPS] = {
	"throughput", "latency", "oneshot",
};

/* shift: what po2-only kernel code writes by hand (ALIGN() for roundup). */
static inline u64 shift_zone_no(const struct zb_ctx *c, u64 pos)
{
	return pos >> c->shift;
}

static inline u64 shift_zone_offset(const struct zb_ctx *c, u64 pos)
{
	return pos & c->mask;
}

static inline u64 shift_is_aligned(const struct zb_ctx *c, u64 pos)
{
	return !(pos & c->mask);
}

static inline u64 shift_roundup(const struct zb_ctx *c, u64 pos)
{
	return (pos + c->mask) & ~c->mask;
}

/* Not (cap + mask) >> shift, which wraps for cap near 2^64. */
static inline u64 shift_nr_zones(const struct zb_ctx *c, u64 cap)
{
	return (cap >> c->shift) + !!(cap & c->mask);
}

/* zm: zmath's stateless helpers, branch-and-divide. */
static inline u64 zm_zone_no(const struct zb_ctx *c, u64 pos)
{
	return zmath_zone_no(pos, c->zone_size);
}

static inline u64 zm_zone_offset(const struct zb_ctx *c, u64 pos)
{
	return zmath_zone_offset(pos, c->zone_size);
}

static inline u64 zm_is_aligned(const struct zb_ctx *c, u64 pos)
{
	return zmath_is_aligned(pos, c->zone_size);
}

static inline u64 zm_roundup(const struct zb_ctx *c, u64 pos)
{
	return zmath_roundup(pos, c->zone_size);
}

static inline u64 zm_nr_zones(const struct zb_ctx *c, u64 cap)
{
	return zmath_nr_zones(cap, c->zone_size);
}

/* div: plain / and %. */
ZB_DIV_METHOD(struct zb_ctx, zone_size)

/* geom: zmath's geometry. */
static inline u64 geom_zone_no(const struct zb_ctx *c, u64 pos)
{
	return zmath_geom_zone_no(&c->geom, pos);
}

static inline u64 geom_zone_offset(const struct zb_ctx *c, u64 pos)
{
	return zmath_geom_zone_offset(&c->geom, pos);
}

static inline u64 geom_is_aligned(const struct zb_ctx *c, u64 pos)
{
	return zmath_geom_is_aligned(&c->geom, pos);
}

static inline u64 geom_roundup(const struct zb_ctx *c, u64 pos)
{
	return zmath_geom_roundup(&c->geom, pos);
}

static inline u64 geom_nr_zones(const struct zb_ctx *c, u64 cap)
{
	return zmath_geom_nr_zones(&c->geom, cap);
}

/*
 * ldiv and ldivbf: libdivide's branchfull and branchfree u64 dividers;
 * offset = pos - q * size, and the other operations from the quotient.
 */
#define ZB_LIBDIVIDE(m, divide, field)					\
static inline u64 m##_zone_no(const struct zb_ctx *c, u64 pos)		\
{									\
	return divide(pos, &c->field);					\
}									\
									\
static inline u64 m##_zone_offset(const struct zb_ctx *c, u64 pos)	\
{									\
	return pos - divide(pos, &c->field) * c->zone_size;		\
}									\
									\
static inline u64 m##_is_aligned(const struct zb_ctx *c, u64 pos)	\
{									\
	return m##_zone_offset(c, pos) == 0;				\
}									\
									\
static inline u64 m##_roundup(const struct zb_ctx *c, u64 pos)		\
{									\
	return zb_roundup_rem(pos, m##_zone_offset(c, pos), c->zone_size); \
}									\
									\
static inline u64 m##_nr_zones(const struct zb_ctx *c, u64 cap)	\
{									\
	u64 q = divide(cap, &c->field);					\
									\
	return q + (cap != q * c->zone_size);				\
}

ZB_LIBDIVIDE(ldiv, libdivide_u64_do, ld)
ZB_LIBDIVIDE(ldivbf, libdivide_u64_branchfree_do, ldbf)

/*
 * floor: the least a zone number by reciprocal can cost, the geometry's
 * pre-shift and multiply-high with no branch; with the loop's load and
 * add, load + shr + mul + add. Exact only where the geometry needs no
 * post-shift and no rounded-down multiplier (every whole-MiB size).
 */
static inline u64 floor_zone_no(const struct zb_ctx *c, u64 pos)
{
	return mul_u64_u64_shr(pos >> c->geom.pre_shift, c->geom.magic, 64);
}

/* Make the compiler forget what @p points to: every field is reloaded. */
#define zb_hide(p)	__asm__ __volatile__("" : "+r"(p) : : "memory")

/*
 * The kernels, over positions @in[0..@n] (n + 1 of them):
 *
 * thr_ sums @n independent operations. The context is copied to a local
 *      first, as a hot geometry would sit in registers: the compiler may
 *      hoist its fields out of the loop, the same for every method.
 * lat_ feeds each result into the next position with one add, pos =
 *      in[i] + res, so that the chain is the operation's latency plus one
 *      cycle; the harness writes @in so that the positions of the chain
 *      are the ones it wants (see zb_make_inputs()).
 * one_ reads the context through a pointer the compiler must reload on
 *      every call, as a kernel caller that reads its device's geometry.
 */
#define ZB_KERNELS(m, op)						\
static ZB_NOINLINE u64 thr_##m##_##op(const struct zb_ctx *cp,		\
				      const u64 *in, size_t n)		\
{									\
	const struct zb_ctx c = *cp;					\
	u64 sum = 0;							\
	size_t i;							\
									\
	for (i = 0; i < n; i++)						\
		sum += m##_##op(&c, in[i]);				\
	return sum;							\
}									\
									\
static ZB_NOINLINE u64 lat_##m##_##op(const struct zb_ctx *cp,		\
				      const u64 *in, size_t n)		\
{									\
	const struct zb_ctx c = *cp;					\
	u64 sum = 0, pos = in[0];					\
	size_t i;							\
									\
	for (i = 1; i <= n; i++) {					\
		u64 res = m##_##op(&c, pos);				\
									\
		sum += res;						\
		pos = in[i] + res;					\
	}								\
	return sum;							\
}									\
									\
static ZB_NOINLINE u64 one_##m##_##op(const struct zb_ctx *cp,		\
				      const u64 *in, size_t n)		\
{									\
	u64 sum = 0;							\
	size_t i;							\
									\
	for (i = 0; i < n; i++) {					\
		zb_hide(cp);						\
		sum += m##_##op(cp, in[i]);				\
	}								\
	return sum;							\
}

/* The methods that do every operation: X(enum, prefix of the functions). */
#define ZB_FULL_METHODS(X)						\
	X(M_SHIFT, shift)						\
	X(M_ZMATH, zm)							\
	X(M_DIV, div)							\
	X(M_GEOM, geom)							\
	X(M_LDIV, ldiv)							\
	X(M_LDIVBF, ldivbf)

#define ZB_METHOD(M, m)							\
	ZB_KERNELS(m, zone_no)						\
	ZB_KERNELS(m, zone_offset)					\
	ZB_KERNELS(m, is_aligned)					\
	ZB_KERNELS(m, roundup)						\
	ZB_KERNELS(m, nr_zones)

ZB_FULL_METHODS(ZB_METHOD)
ZB_KERNELS(floor, zone_no)

/**
 * zb_loop_only() - the loop alone, for the instruction counts' baseline
 * @cp: unused
 * @in: the positions
 * @n: how many
 *
 * Return: the sum of the positions.
 */
ZB_NOINLINE u64 zb_loop_only(const struct zb_ctx *cp, const u64 *in, size_t n)
{
	u64 sum = 0;
	size_t i;

	(void)cp;
	for (i = 0; i < n; i++)
		sum += in[i];
	return sum;
}

#define ZB_LOOPS(m, op)							\
	{ thr_##m##_##op, lat_##m##_##op, one_##m##_##op }
#define ZB_ROW(M, m)							\
	[M] = {								\
		ZB_LOOPS(m, zone_no), ZB_LOOPS(m, zone_offset),		\
		ZB_LOOPS(m, is_aligned), ZB_LOOPS(m, roundup),		\
		ZB_LOOPS(m, nr_zones),					\
	},

const zb_kernel_fn zb_kernels[NR_METHODS][NR_OPS][NR_LOOPS] = {
	ZB_FULL_METHODS(ZB_ROW)
	[M_FLOOR] = { [OP_ZONE_NO] = ZB_LOOPS(floor, zone_no) },
};

/**
 * zb_method_applies() - tell whether a method is exact for a zone size
 * @m: the method
 * @op: the operation
 * @c: the zone size's context
 *
 * Return: true if @m does @op exactly for @c's zone size.
 */
int zb_method_applies(enum zb_method m, enum zb_op op,
		      const struct zb_ctx *c)
{
	const struct zmath_geom *g = &c->geom;

	switch (m) {
	case M_SHIFT:
		return zmath_is_po2(c->zone_size);
	case M_FLOOR:
		return op == OP_ZONE_NO && g->magic && !g->post_shift &&
		       !g->round_down;
	default:
		return 1;
	}
}

#define ZB_FNS(M, m)							\
	[M] = { m##_zone_no, m##_zone_offset, m##_is_aligned,		\
		m##_roundup, m##_nr_zones },

/**
 * zb_apply() - one method's operation on one position, for the checks
 * @m: the method
 * @op: the operation
 * @c: the zone size's context
 * @pos: the position
 *
 * Return: what @m says @op of @pos is.
 */
u64 zb_apply(enum zb_method m, enum zb_op op, const struct zb_ctx *c,
	     u64 pos)
{
	static u64 (*const fns[NR_METHODS][NR_OPS])(const struct zb_ctx *,
						    u64) = {
		ZB_FULL_METHODS(ZB_FNS)
		[M_FLOOR] = { [OP_ZONE_NO] = floor_zone_no },
	};

	return fns[m][op](c, pos);
}

/**
 * zb_ref() - the reference, written apart from every method
 * @op: the operation
 * @pos: the position (the capacity for nr_zones)
 * @zone_size: the zone size
 *
 * / and %; round-up as (q + 1) zones when that product fits in 64 bits.
 *
 * Return: @op of @pos.
 */
u64 zb_ref(enum zb_op op, u64 pos, u64 zone_size)
{
	u64 q = pos / zone_size, r = pos % zone_size;

	switch (op) {
	case OP_ZONE_NO:
		return q;
	case OP_ZONE_OFFSET:
		return r;
	case OP_IS_ALIGNED:
		return r == 0;
	case OP_ROUNDUP:
		if (!r)
			return pos;
		return q + 1 > UINT64_MAX / zone_size ? 0 :
		       (q + 1) * zone_size;
	case OP_NR_ZONES:
		return q + (r != 0);
	default:
		abort();
	}
}
