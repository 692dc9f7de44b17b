// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite of include/linux/zmath.h: every zone math helper, stateless,
 * geometry and reciprocal, against div64_u64_rem() on the named cases of
 * zmath-cases.h (the table the userspace tests of the header use too), plus
 * the error rules and a sweep of small zone sizes.
 */

#include <kunit/test.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/string.h>
#include <linux/zmath.h>

#include "zmath-cases.h"

static void zmath_case_desc(const struct zmath_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(zmath, zmath_cases, zmath_case_desc);

/* What every helper must return for @pos and @zone_size, by division. */
struct zmath_expect {
	u64 zone_no;
	u64 offset;
	u64 start;
	u64 up;
	bool up_overflows;
	u64 nr_zones;
};

static struct zmath_expect zmath_expected(u64 pos, u64 zone_size)
{
	struct zmath_expect e;

	e.zone_no = div64_u64_rem(pos, zone_size, &e.offset);
	e.start = pos - e.offset;
	e.up = e.offset ? e.start + zone_size : pos;
	e.up_overflows = e.offset && e.start > U64_MAX - zone_size;
	e.nr_zones = e.zone_no + (e.offset != 0);
	return e;
}

static void zmath_check_stateless(struct kunit *test, u64 pos, u64 zone_size)
{
	struct zmath_expect e = zmath_expected(pos, zone_size);
	bool overflows;
	u64 up;

	KUNIT_EXPECT_EQ(test, zmath_zone_no(pos, zone_size), e.zone_no);
	KUNIT_EXPECT_EQ(test, zmath_zone_offset(pos, zone_size), e.offset);
	KUNIT_EXPECT_EQ(test, zmath_zone_start(pos, zone_size), e.start);
	KUNIT_EXPECT_EQ(test, zmath_rounddown(pos, zone_size), e.start);
	KUNIT_EXPECT_EQ(test, zmath_is_aligned(pos, zone_size), !e.offset);
	KUNIT_EXPECT_EQ(test, zmath_nr_zones(pos, zone_size), e.nr_zones);

	overflows = zmath_roundup_overflow(pos, zone_size, &up);
	KUNIT_EXPECT_EQ(test, overflows, e.up_overflows);
	KUNIT_EXPECT_EQ(test, up, e.up);
	KUNIT_EXPECT_EQ(test, zmath_roundup(pos, zone_size),
			e.up_overflows ? 0 : e.up);
}

static void zmath_check_geom(struct kunit *test, u64 pos, u64 zone_size)
{
	struct zmath_expect e = zmath_expected(pos, zone_size);
	struct zmath_geom g;
	struct zmath_rcp r;
	bool overflows;
	u64 up;

	KUNIT_ASSERT_EQ(test, zmath_geom_init(&g, zone_size), 0);
	KUNIT_EXPECT_EQ(test, zmath_geom_is_po2(&g), zmath_is_po2(zone_size));
	KUNIT_EXPECT_EQ_MSG(test, zmath_geom_zone_no(&g, pos), e.zone_no,
			    "pos %llu zone size %llu", pos, zone_size);
	KUNIT_EXPECT_EQ(test, zmath_geom_zone_offset(&g, pos), e.offset);
	KUNIT_EXPECT_EQ(test, zmath_geom_zone_start(&g, pos), e.start);
	KUNIT_EXPECT_EQ(test, zmath_geom_rounddown(&g, pos), e.start);
	KUNIT_EXPECT_EQ(test, zmath_geom_is_aligned(&g, pos), !e.offset);
	KUNIT_EXPECT_EQ(test, zmath_geom_nr_zones(&g, pos), e.nr_zones);

	overflows = zmath_geom_roundup_overflow(&g, pos, &up);
	KUNIT_EXPECT_EQ(test, overflows, e.up_overflows);
	KUNIT_EXPECT_EQ(test, up, e.up);
	KUNIT_EXPECT_EQ(test, zmath_geom_roundup(&g, pos),
			e.up_overflows ? 0 : e.up);

	/* The reciprocal alone, as the queue limits keep it. */
	KUNIT_ASSERT_EQ(test, zmath_rcp_init(&r, zone_size), 0);
	KUNIT_EXPECT_EQ(test, zmath_rcp_is_po2(&r), zmath_is_po2(zone_size));
	KUNIT_EXPECT_EQ(test, zmath_rcp_zone_no(&r, zone_size, pos), e.zone_no);
	KUNIT_EXPECT_EQ(test, zmath_rcp_zone_offset(&r, zone_size, pos),
			e.offset);
	KUNIT_EXPECT_EQ(test, zmath_rcp_nr_zones(&r, zone_size, pos),
			e.nr_zones);
}

static void zmath_test_case(struct kunit *test)
{
	const struct zmath_case *c = test->param_value;

	zmath_check_stateless(test, c->pos, c->zone_size);
	zmath_check_geom(test, c->pos, c->zone_size);
}

/* A zone size of 0 is refused, and the geometry is left untouched. */
static void zmath_test_geom_init_zero(struct kunit *test)
{
	struct zmath_geom g, before;

	memset(&g, 0xa5, sizeof(g));
	before = g;
	KUNIT_EXPECT_EQ(test, zmath_geom_init(&g, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, memcmp(&g, &before, sizeof(g)), 0);
}

/* The stateless helpers read a zone size of 0 as 2^64 and never trap. */
static void zmath_test_zero_zone_size(struct kunit *test)
{
	u64 up;

	KUNIT_EXPECT_EQ(test, zmath_zone_no(12345, 0), 0);
	KUNIT_EXPECT_EQ(test, zmath_zone_offset(12345, 0), 12345);
	KUNIT_EXPECT_EQ(test, zmath_zone_start(12345, 0), 0);
	KUNIT_EXPECT_TRUE(test, zmath_is_aligned(0, 0));
	KUNIT_EXPECT_FALSE(test, zmath_is_aligned(1, 0));
	KUNIT_EXPECT_EQ(test, zmath_nr_zones(0, 0), 0);
	KUNIT_EXPECT_EQ(test, zmath_nr_zones(U64_MAX, 0), 1);
	KUNIT_EXPECT_TRUE(test, zmath_roundup_overflow(1, 0, &up));
	KUNIT_EXPECT_FALSE(test, zmath_roundup_overflow(0, 0, &up));
	KUNIT_EXPECT_EQ(test, up, 0);
}

/*
 * Round-up past 2^64 - 1 is reported by the _overflow variants and reads as
 * 0 from the others, in both layers.
 */
static void zmath_test_roundup_overflow(struct kunit *test)
{
	const u64 zone_size = 96 * 2048;	/* 96 MiB in sectors */
	struct zmath_geom g;
	u64 up;

	KUNIT_ASSERT_EQ(test, zmath_geom_init(&g, zone_size), 0);

	KUNIT_EXPECT_TRUE(test,
			  zmath_roundup_overflow(U64_MAX, zone_size, &up));
	KUNIT_EXPECT_EQ(test, zmath_roundup(U64_MAX, zone_size), 0);
	KUNIT_EXPECT_TRUE(test, zmath_geom_roundup_overflow(&g, U64_MAX, &up));
	KUNIT_EXPECT_EQ(test, zmath_geom_roundup(&g, U64_MAX), 0);

	/* The last multiple that fits does not overflow. */
	up = zmath_rounddown(U64_MAX, zone_size);
	KUNIT_EXPECT_FALSE(test, zmath_roundup_overflow(up, zone_size, &up));
	KUNIT_EXPECT_FALSE(test, zmath_geom_roundup_overflow(&g, up, &up));
}

/*
 * Every zone size up to 4099 (both reciprocal encodings, and all powers of
 * 2 up to 4096) at positions around multiples of it and at the top of the
 * 64-bit range.
 */
static void zmath_test_sweep(struct kunit *test)
{
	static const u64 bases[] = { 0, 1ULL << 32, 1ULL << 63, U64_MAX };
	u64 zone_size, pos, k;
	unsigned int i;
	int delta;

	for (zone_size = 1; zone_size <= 4099; zone_size++) {
		for (i = 0; i < ARRAY_SIZE(bases); i++) {
			k = div64_u64(bases[i], zone_size);
			for (delta = -1; delta <= 1; delta++) {
				pos = k * zone_size + delta;
				zmath_check_stateless(test, pos, zone_size);
				zmath_check_geom(test, pos, zone_size);
			}
		}
	}
}

static struct kunit_case zmath_test_cases[] = {
	KUNIT_CASE_PARAM(zmath_test_case, zmath_gen_params),
	KUNIT_CASE(zmath_test_geom_init_zero),
	KUNIT_CASE(zmath_test_zero_zone_size),
	KUNIT_CASE(zmath_test_roundup_overflow),
	KUNIT_CASE(zmath_test_sweep),
	{}
};

static struct kunit_suite zmath_test_suite = {
	.name = "zmath",
	.test_cases = zmath_test_cases,
};

kunit_test_suite(zmath_test_suite);

MODULE_DESCRIPTION("KUnit tests of the zone math helpers");
MODULE_LICENSE("GPL");
