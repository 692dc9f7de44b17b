// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * test-zmath.c - cmocka suite for zmath.h
 *
 * Every case runs through both layers (stateless and geometry) and is
 * compared with plain / and % (tests/zmath-oracle.h). The named cases are
 * shared with the kernel's KUnit suite (tests/zmath-cases.h); the sweeps,
 * boundaries and seeded random runs reach what a table cannot.
 *
 * Environment: ZMATH_SEED (default: time-based, printed) and
 * ZMATH_RANDOM_CASES (default 10000000) steer the random run.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include <linux/zmath.h>
#include "zmath-cases.h"
#include "zmath-oracle.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Check one input through both layers; report it with its values. */
static void check_with(u64 pos, u64 zone_size, const struct zmath_geom *g)
{
	char why[128];

	if (zmath_oracle_check(pos, zone_size, g, why, sizeof(why)))
		fail_msg("pos %llu zone_size %llu: %s",
			 (unsigned long long)pos,
			 (unsigned long long)zone_size, why);
}

static void check(u64 pos, u64 zone_size)
{
	struct zmath_geom g = { 0 };

	assert_int_equal(zmath_geom_init(&g, zone_size), 0);
	check_with(pos, zone_size, &g);
}

static void test_named_cases(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(zmath_cases); i++)
		check(zmath_cases[i].pos, zmath_cases[i].zone_size);
}

/* Every position of the first zones and of the last ones below 2^64. */
static void test_exhaustive_small_sizes(void **state)
{
	struct zmath_geom g = { 0 };
	u64 zone_size, pos;

	(void)state;
	for (zone_size = 1; zone_size <= 1024; zone_size++) {
		assert_int_equal(zmath_geom_init(&g, zone_size), 0);
		for (pos = 0; pos < 4 * zone_size + 64; pos++)
			check_with(pos, zone_size, &g);
		for (pos = UINT64_MAX - 2 * zone_size - 64; pos != 0; pos++)
			check_with(pos, zone_size, &g);
	}
}

/* Real zone sizes: MiB multiples in sectors and bytes, around every zone. */
static void test_mib_sizes(void **state)
{
	struct zmath_geom g = { 0 };
	u64 mib, unit, zone_size, zone;
	int d;

	(void)state;
	for (mib = 1; mib <= 4096; mib++) {
		for (unit = ZMATH_MIB_SECTORS; unit <= ZMATH_MIB_BYTES;
		     unit = ZMATH_MIB_BYTES) {
			zone_size = mib * unit;
			assert_int_equal(zmath_geom_init(&g, zone_size), 0);
			for (zone = 0; zone < 8; zone++)
				for (d = -1; d <= 1; d++)
					check_with(zone * zone_size + d,
						   zone_size, &g);
			check_with(UINT64_MAX, zone_size, &g);
			if (unit == ZMATH_MIB_BYTES)
				break;
		}
	}
}

/* Positions near 2^32, 2^55, 2^63 and 2^64, and the zone edges there. */
static void test_boundaries(void **state)
{
	static const unsigned int bits[] = { 32, 55, 63, 64 };
	static const u64 sizes[] = {
		1, 2, 3, 7, 96 * ZMATH_MIB_SECTORS, 96 * ZMATH_MIB_BYTES,
		1077 * ZMATH_MIB_SECTORS, 3 * ZMATH_MIB_SECTORS,
		128 * ZMATH_MIB_SECTORS, (1ULL << 32) - 1, 1ULL << 32,
		(1ULL << 32) + 1, (1ULL << 55) - 1, (1ULL << 63) - 1,
		1ULL << 63, (1ULL << 63) + 1, UINT64_MAX - 1, UINT64_MAX,
	};
	struct zmath_geom g = { 0 };
	size_t i, j;
	u64 edge, zone_edge;
	int d;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		assert_int_equal(zmath_geom_init(&g, sizes[i]), 0);
		for (j = 0; j < ARRAY_SIZE(bits); j++) {
			edge = bits[j] == 64 ? 0 : 1ULL << bits[j];
			zone_edge = edge - (edge - 1) % sizes[i] - 1;
			for (d = -8; d <= 8; d++) {
				check_with(edge + d, sizes[i], &g);
				check_with(zone_edge + d, sizes[i], &g);
			}
		}
	}
}

/* splitmix64: a small, well-mixed, seedable generator. */
static u64 next_random(u64 *state)
{
	u64 z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A random value of random bit length, so that small values are common. */
static u64 random_bits(u64 *state)
{
	u64 r = next_random(state);

	return r >> (next_random(state) % 64);
}

static u64 random_zone_size(u64 *state)
{
	u64 r = next_random(state);

	switch (r % 6) {
	case 0:
		return (r >> 8 & 65535) * ZMATH_MIB_SECTORS + ZMATH_MIB_SECTORS;
	case 1:
		return (r >> 8 & 65535) * ZMATH_MIB_BYTES + ZMATH_MIB_BYTES;
	case 2:
		return 1ULL << (r >> 8 & 63);
	case 3:
		return (r >> 8 & 0xffffff) | 1;
	default:
		return random_bits(state) | 1ULL << (r >> 8 & 63);
	}
}

static u64 env_u64(const char *name, u64 fallback)
{
	const char *value = getenv(name);

	return value && *value ? strtoull(value, NULL, 0) : fallback;
}

static void test_random_differential(void **state)
{
	u64 seed = env_u64("ZMATH_SEED", (u64)time(NULL));
	u64 cases = env_u64("ZMATH_RANDOM_CASES", 10000000);
	u64 rng = seed, i, zone_size, pos, wide = 0;
	struct zmath_geom g = { 0 };
	int j;

	(void)state;
	print_message("random differential: ZMATH_SEED=%llu, %llu cases\n",
		      (unsigned long long)seed, (unsigned long long)cases);
	for (i = 0; i < cases; i += 8) {
		zone_size = random_zone_size(&rng);
		assert_int_equal(zmath_geom_init(&g, zone_size), 0);
		wide += g.round_down;
		for (j = 0; j < 8; j++) {
			pos = j & 1 ? next_random(&rng) : random_bits(&rng);
			if (j >= 6)
				pos = pos / zone_size * zone_size - (j & 1);
			check_with(pos, zone_size, &g);
		}
	}
	/* The rounded-down path must have been taken, not just exist. */
	if (cases >= 100000)
		assert_true(wide > 0);
}

static void test_geom_init_rejects_zero(void **state)
{
	struct zmath_geom g, before;

	(void)state;
	memset(&g, 0x5a, sizeof(g));
	before = g;
	assert_int_equal(zmath_geom_init(&g, 0), -EINVAL);
	assert_memory_equal(&g, &before, sizeof(g));
}

static void test_rcp_init_rejects_zero(void **state)
{
	struct zmath_rcp r, before;

	(void)state;
	memset(&r, 0x5a, sizeof(r));
	before = r;
	assert_int_equal(zmath_rcp_init(&r, 0), -EINVAL);
	assert_memory_equal(&r, &before, sizeof(r));
}

/*
 * The block layer keeps one per queue: it must stay at 16 bytes (12 where a
 * 64-bit integer is 4-byte aligned, as on x86-32).
 */
static void test_rcp_size(void **state)
{
	struct zmath_rcp r = { 0 };

	(void)state;
	assert_true(sizeof(r) <= 16);
	assert_int_equal(zmath_rcp_init(&r, 96ULL << 11), 0);
	assert_false(zmath_rcp_is_po2(&r));
	assert_int_equal(zmath_rcp_init(&r, 128ULL << 11), 0);
	assert_true(zmath_rcp_is_po2(&r));
	assert_int_equal(r.pre_shift, 18);
}

/* Zone size 0 reads as 2^64 in the stateless helpers, and never traps. */
static void test_stateless_zone_size_zero(void **state)
{
	u64 res;

	(void)state;
	assert_int_equal(zmath_zone_no(12345, 0), 0);
	assert_int_equal(zmath_zone_offset(12345, 0), 12345);
	assert_int_equal(zmath_zone_start(12345, 0), 0);
	assert_false(zmath_is_aligned(12345, 0));
	assert_true(zmath_is_aligned(0, 0));
	assert_int_equal(zmath_nr_zones(0, 0), 0);
	assert_int_equal(zmath_nr_zones(UINT64_MAX, 0), 1);
	assert_true(zmath_roundup_overflow(1, 0, &res));
	assert_int_equal(zmath_roundup(1, 0), 0);
	assert_false(zmath_roundup_overflow(0, 0, &res));
	assert_int_equal(res, 0);
	check_with(UINT64_MAX, 0, NULL);
}

/* What a queue without chunk_sectors holds: defined, as zmath.h says. */
static void test_zeroed_geom(void **state)
{
	static const u64 positions[] = { 1, 12345, 1ULL << 32, UINT64_MAX };
	struct zmath_geom g;
	unsigned int i;
	u64 res;

	(void)state;
	memset(&g, 0, sizeof(g));
	assert_true(zmath_geom_is_po2(&g));
	assert_true(zmath_geom_is_aligned(&g, 0));
	assert_int_equal(zmath_geom_zone_no(&g, 0), 0);
	assert_false(zmath_geom_roundup_overflow(&g, 0, &res));
	assert_int_equal(res, 0);
	for (i = 0; i < ARRAY_SIZE(positions); i++) {
		u64 pos = positions[i];

		assert_int_equal(zmath_geom_zone_no(&g, pos), pos);
		assert_int_equal(zmath_geom_zone_offset(&g, pos), pos);
		assert_int_equal(zmath_geom_zone_start(&g, pos), 0);
		assert_false(zmath_geom_is_aligned(&g, pos));
		assert_true(zmath_geom_roundup_overflow(&g, pos, &res));
		assert_int_equal(zmath_geom_roundup(&g, pos), 0);
	}
}

/* The same for a queue's reciprocal, whose zone size is chunk_sectors. */
static void test_zeroed_rcp(void **state)
{
	static const u64 positions[] = { 0, 1, 12345, 1ULL << 32, UINT64_MAX };
	struct zmath_rcp r;
	unsigned int i;

	(void)state;
	memset(&r, 0, sizeof(r));
	assert_true(zmath_rcp_is_po2(&r));
	for (i = 0; i < ARRAY_SIZE(positions); i++) {
		u64 pos = positions[i];

		assert_int_equal(zmath_rcp_zone_no(&r, 0, pos), pos);
		assert_int_equal(zmath_rcp_zone_offset(&r, 0, pos), pos);
	}
}

static void test_roundup_overflow(void **state)
{
	static const u64 sizes[] = {
		96 * ZMATH_MIB_SECTORS, 128 * ZMATH_MIB_SECTORS, 3, 7,
		(1ULL << 63) + 1,
	};
	struct zmath_geom g = { 0 };
	u64 res, last_start;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		assert_int_equal(zmath_geom_init(&g, sizes[i]), 0);
		last_start = UINT64_MAX - UINT64_MAX % sizes[i];
		if (last_start == UINT64_MAX)
			continue;	/* 3 divides 2^64 - 1: nothing overflows */
		/* Past the last zone start, the next boundary is above 2^64. */
		assert_true(zmath_roundup_overflow(last_start + 1, sizes[i],
						   &res));
		assert_int_equal(res, last_start + sizes[i]);
		assert_int_equal(zmath_roundup(UINT64_MAX, sizes[i]), 0);
		assert_true(zmath_geom_roundup_overflow(&g, UINT64_MAX,
							&res));
		assert_int_equal(zmath_geom_roundup(&g, last_start + 1), 0);
		/* The last zone start itself rounds up to itself. */
		assert_false(zmath_geom_roundup_overflow(&g, last_start, &res));
		assert_int_equal(res, last_start);
	}
	assert_int_equal(zmath_roundup(UINT64_MAX - 1, UINT64_MAX),
			 UINT64_MAX);
	assert_int_equal(zmath_roundup(UINT64_MAX - 1, 3), UINT64_MAX);
}

static void test_nr_zones_top(void **state)
{
	(void)state;
	/* No capacity + zone_size - 1 overflow at the top of the range. */
	assert_int_equal(zmath_nr_zones(UINT64_MAX, 96 * ZMATH_MIB_SECTORS),
			 UINT64_MAX / (96 * ZMATH_MIB_SECTORS) + 1);
	assert_int_equal(zmath_nr_zones(UINT64_MAX, UINT64_MAX), 1);
	assert_int_equal(zmath_nr_zones(UINT64_MAX, 1ULL << 63), 2);
	/* A smaller last zone counts. */
	assert_int_equal(zmath_nr_zones(10 * 196608 + 1, 196608), 11);
	assert_int_equal(zmath_nr_zones(10 * 196608, 196608), 10);
}

/* The encoding documented in zmath.h, on sizes whose path is known. */
static void test_geom_encoding(void **state)
{
	struct zmath_geom g = { 0 };

	(void)state;
	assert_int_equal(zmath_geom_init(&g, 128 * ZMATH_MIB_SECTORS), 0);
	assert_true(zmath_geom_is_po2(&g));
	assert_int_equal(g.pre_shift, 18);

	assert_int_equal(zmath_geom_init(&g, 96 * ZMATH_MIB_SECTORS), 0);
	assert_false(zmath_geom_is_po2(&g));
	assert_int_equal(g.pre_shift, 16);
	assert_int_equal(g.post_shift, 0);
	assert_false(g.round_down);

	/* Odd 7 needs the rounded-down multiplier, odd 3 does not. */
	assert_int_equal(zmath_geom_init(&g, 7), 0);
	assert_true(g.round_down);
	assert_int_equal(zmath_geom_init(&g, 3), 0);
	assert_false(g.round_down);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_named_cases),
		cmocka_unit_test(test_exhaustive_small_sizes),
		cmocka_unit_test(test_mib_sizes),
		cmocka_unit_test(test_boundaries),
		cmocka_unit_test(test_random_differential),
		cmocka_unit_test(test_geom_init_rejects_zero),
		cmocka_unit_test(test_stateless_zone_size_zero),
		cmocka_unit_test(test_zeroed_geom),
		cmocka_unit_test(test_rcp_init_rejects_zero),
		cmocka_unit_test(test_rcp_size),
		cmocka_unit_test(test_zeroed_rcp),
		cmocka_unit_test(test_roundup_overflow),
		cmocka_unit_test(test_nr_zones_top),
		cmocka_unit_test(test_geom_encoding),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
