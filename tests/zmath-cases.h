/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zmath-cases.h - the named zone math cases shared by the cmocka suite
 * (tests/test-zmath.c) and the kernel's KUnit suite (lib/math/zmath_kunit.c).
 *
 * Each case is a position and a zone size; the suites compute the expected
 * results with plain division (/ and %, or div64_u64_rem() in the kernel)
 * and check every zmath helper of both layers against them. Zone sizes are
 * in 512-byte sectors unless the name says bytes.
 */
#ifndef _ZMATH_CASES_H
#define _ZMATH_CASES_H

#define ZMATH_MIB_SECTORS	2048ULL
#define ZMATH_MIB_BYTES		(1024ULL * 1024)

struct zmath_case {
	const char *name;
	u64 pos;
	u64 zone_size;
};

static const struct zmath_case zmath_cases[] = {
	{ "po2 128M: zero", 0, 128 * ZMATH_MIB_SECTORS },
	{ "po2 128M: last of zone 0", 262143, 128 * ZMATH_MIB_SECTORS },
	{ "po2 128M: start of zone 1", 262144, 128 * ZMATH_MIB_SECTORS },
	{ "po2 128M: top of u64", ~0ULL, 128 * ZMATH_MIB_SECTORS },
	{ "npo2 96M: zero", 0, 96 * ZMATH_MIB_SECTORS },
	{ "npo2 96M: last of zone 0", 196607, 96 * ZMATH_MIB_SECTORS },
	{ "npo2 96M: start of zone 1", 196608, 96 * ZMATH_MIB_SECTORS },
	{ "npo2 96M: mid zone 1000", 196608000 + 4097, 96 * ZMATH_MIB_SECTORS },
	{ "npo2 96M: 512 GiB", 1ULL << 30, 96 * ZMATH_MIB_SECTORS },
	{ "npo2 96M: 4 TiB", 1ULL << 33, 96 * ZMATH_MIB_SECTORS },
	{ "npo2 96M: top of u64", ~0ULL, 96 * ZMATH_MIB_SECTORS },
	{ "npo2 96M bytes: 2^32", 1ULL << 32, 96 * ZMATH_MIB_BYTES },
	{ "npo2 96M bytes: 2^55 - 1", (1ULL << 55) - 1, 96 * ZMATH_MIB_BYTES },
	{ "npo2 3M: 2^63", 1ULL << 63, 3 * ZMATH_MIB_SECTORS },
	{ "npo2 1077M: 2^63 + 1", (1ULL << 63) + 1, 1077 * ZMATH_MIB_SECTORS },
	{ "npo2 1077M bytes: top of u64", ~0ULL, 1077 * ZMATH_MIB_BYTES },
	{ "odd 3: top of u64", ~0ULL, 3 },
	{ "odd 7 (rounded-down magic): top of u64", ~0ULL, 7 },
	{ "odd 7 (rounded-down magic): 2^64 - 2", ~0ULL - 1, 7 },
	{ "odd 641: 2^63", 1ULL << 63, 641 },
	{ "odd 641 divides 2^64 - 1: top of u64", ~0ULL, 641 },
	{ "odd 641 divides 2^64 - 1: 2^64 - 642", ~0ULL - 641, 641 },
	{ "odd 199 (rounded-down magic): 2^63 + 198", (1ULL << 63) + 198, 199 },
	{ "zone size 1", 12345, 1 },
	{ "zone size 2^63: 2^63 - 1", (1ULL << 63) - 1, 1ULL << 63 },
	{ "zone size 2^63: top of u64", ~0ULL, 1ULL << 63 },
	{ "zone size 2^63 + 1: top of u64", ~0ULL, (1ULL << 63) + 1 },
	{ "zone size 2^64 - 1: top of u64", ~0ULL, ~0ULL },
	{ "zone size 2^64 - 1: 2^64 - 2", ~0ULL - 1, ~0ULL },
	{ "zone size 2^32 + 1: 2^64 - 1", ~0ULL, (1ULL << 32) + 1 },
	{ "zone size 2^32 - 1: 2^32", 1ULL << 32, (1ULL << 32) - 1 },
	{ "zone size larger than pos", 1000, 1ULL << 40 },
	{ "large odd 2^61 - 1: 2^62", 1ULL << 62, (1ULL << 61) - 1 },
};

#endif /* _ZMATH_CASES_H */
