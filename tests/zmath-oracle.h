/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zmath-oracle.h - check every zmath helper against plain / and %
 *
 * Shared by the cmocka suite and the libFuzzer target. The expected values
 * come from the C operators alone, never from zmath.h, so that both layers
 * of the header are checked against an independent definition.
 */
#ifndef _ZMATH_ORACLE_H
#define _ZMATH_ORACLE_H

#include <stdio.h>
#include <linux/zmath.h>

/* What / and % say, with a zone size of 0 read as 2^64. */
struct zmath_expect {
	u64 zone_no;
	u64 offset;
	u64 start;
	u64 roundup;		/* modulo 2^64 */
	bool roundup_overflow;
	u64 nr_zones;
};

static inline void zmath_expect(u64 pos, u64 zone_size, struct zmath_expect *e)
{
	e->zone_no = zone_size ? pos / zone_size : 0;
	e->offset = zone_size ? pos % zone_size : pos;
	e->start = pos - e->offset;
	e->roundup = e->offset ? e->start + zone_size : pos;
	e->roundup_overflow = e->offset && e->roundup <= e->start;
	e->nr_zones = e->zone_no + (e->offset != 0);
}

#define ZMATH_ORACLE_CHECK(what, got, want)				\
	do {								\
		if ((u64)(got) != (u64)(want)) {			\
			snprintf(why, len, "%s: got %llu, want %llu",	\
				 what, (unsigned long long)(got),	\
				 (unsigned long long)(want));		\
			return 1;					\
		}							\
	} while (0)

/**
 * zmath_oracle_check() - compare every layer with / and % for one input
 * @pos: the position
 * @zone_size: the zone size
 * @g: zmath_geom_init() of @zone_size, or NULL to skip the geometry and
 *	its reciprocal
 * @why: where to describe the first mismatch
 * @len: size of @why
 *
 * Return: 0 if every helper agrees, 1 otherwise.
 */
static inline int zmath_oracle_check(u64 pos, u64 zone_size,
				     const struct zmath_geom *g, char *why,
				     size_t len)
{
	struct zmath_expect e;
	struct zmath_rcp r;
	u64 res;
	bool over;

	zmath_expect(pos, zone_size, &e);

	ZMATH_ORACLE_CHECK("zone_no", zmath_zone_no(pos, zone_size),
			   e.zone_no);
	ZMATH_ORACLE_CHECK("zone_offset", zmath_zone_offset(pos, zone_size),
			   e.offset);
	ZMATH_ORACLE_CHECK("zone_start", zmath_zone_start(pos, zone_size),
			   e.start);
	ZMATH_ORACLE_CHECK("rounddown", zmath_rounddown(pos, zone_size),
			   e.start);
	ZMATH_ORACLE_CHECK("is_aligned", zmath_is_aligned(pos, zone_size),
			   e.offset == 0);
	over = zmath_roundup_overflow(pos, zone_size, &res);
	ZMATH_ORACLE_CHECK("roundup_overflow", over, e.roundup_overflow);
	ZMATH_ORACLE_CHECK("roundup_overflow res", res, e.roundup);
	ZMATH_ORACLE_CHECK("roundup", zmath_roundup(pos, zone_size),
			   e.roundup_overflow ? 0 : e.roundup);
	ZMATH_ORACLE_CHECK("nr_zones", zmath_nr_zones(pos, zone_size),
			   e.nr_zones);

	if (!g)
		return 0;
	ZMATH_ORACLE_CHECK("geom_zone_no", zmath_geom_zone_no(g, pos),
			   e.zone_no);
	ZMATH_ORACLE_CHECK("geom_zone_offset", zmath_geom_zone_offset(g, pos),
			   e.offset);
	ZMATH_ORACLE_CHECK("geom_zone_start", zmath_geom_zone_start(g, pos),
			   e.start);
	ZMATH_ORACLE_CHECK("geom_rounddown", zmath_geom_rounddown(g, pos),
			   e.start);
	ZMATH_ORACLE_CHECK("geom_is_aligned", zmath_geom_is_aligned(g, pos),
			   e.offset == 0);
	over = zmath_geom_roundup_overflow(g, pos, &res);
	ZMATH_ORACLE_CHECK("geom_roundup_overflow", over, e.roundup_overflow);
	ZMATH_ORACLE_CHECK("geom_roundup_overflow res", res, e.roundup);
	ZMATH_ORACLE_CHECK("geom_roundup", zmath_geom_roundup(g, pos),
			   e.roundup_overflow ? 0 : e.roundup);
	ZMATH_ORACLE_CHECK("geom_nr_zones", zmath_geom_nr_zones(g, pos),
			   e.nr_zones);

	zmath_rcp_from_geom(&r, g);
	ZMATH_ORACLE_CHECK("rcp_zone_no", zmath_rcp_zone_no(&r, zone_size, pos),
			   e.zone_no);
	ZMATH_ORACLE_CHECK("rcp_zone_offset",
			   zmath_rcp_zone_offset(&r, zone_size, pos), e.offset);
	ZMATH_ORACLE_CHECK("rcp_nr_zones",
			   zmath_rcp_nr_zones(&r, zone_size, pos), e.nr_zones);
	return 0;
}

#endif /* _ZMATH_ORACLE_H */
