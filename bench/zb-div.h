/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zb-div.h - the "div" method: plain / and %, what the geometry is
 * measured against, shared by zmath-bench and zmath-insn
 */
#ifndef ZB_DIV_H
#define ZB_DIV_H

#include <stdint.h>

#include <linux/zmath.h>

/*
 * Round-up from a remainder, for the methods that have no helper of their
 * own: 0 when the result does not fit in 64 bits, as zmath_roundup().
 */
static inline u64 zb_roundup_rem(u64 pos, u64 rem, u64 zone_size)
{
	u64 start = pos - rem;

	if (!rem)
		return pos;
	return start > UINT64_MAX - zone_size ? 0 : start + zone_size;
}

static inline u64 zb_div_zone_no(u64 pos, u64 zone_size)
{
	return pos / zone_size;
}

static inline u64 zb_div_zone_offset(u64 pos, u64 zone_size)
{
	return pos % zone_size;
}

static inline u64 zb_div_is_aligned(u64 pos, u64 zone_size)
{
	return pos % zone_size == 0;
}

static inline u64 zb_div_roundup(u64 pos, u64 zone_size)
{
	return zb_roundup_rem(pos, pos % zone_size, zone_size);
}

static inline u64 zb_div_nr_zones(u64 cap, u64 zone_size)
{
	return cap / zone_size + !!(cap % zone_size);
}

/*
 * div_OP(ctx, pos) for each operation, for a caller's context type whose
 * zone size is ctx->FIELD.
 */
#define ZB_DIV_OP(ctx_type, field, op)					\
static inline u64 div_##op(const ctx_type *c, u64 pos)			\
{									\
	return zb_div_##op(pos, c->field);				\
}

#define ZB_DIV_METHOD(ctx_type, field)					\
	ZB_DIV_OP(ctx_type, field, zone_no)				\
	ZB_DIV_OP(ctx_type, field, zone_offset)				\
	ZB_DIV_OP(ctx_type, field, is_aligned)				\
	ZB_DIV_OP(ctx_type, field, roundup)				\
	ZB_DIV_OP(ctx_type, field, nr_zones)

#endif /* ZB_DIV_H */
