// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * test-zt-layout.c - unit tests of zt-layout.c: zone management ranges
 * and whole zone layouts, on po2, npo2 and odd geometries
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test-zt.h"
#include "zt-cli.h"
#include "zt-layout.h"
#include "zt-zone.h"

/*
 * Range cases, po2 and npo2, with a smaller last zone. 262144 = 2^18 is
 * the trap for a power-of-2 mask on a 96 MiB zone: 262144 & (196608 - 1)
 * is 0, yet it lies 65536 sectors into zone 1.
 */
static const struct range_case {
	const char *name;
	u64 zone_size;
	u64 capacity;
	u64 offset;
	u64 length;
	enum zt_range_err err;
} range_cases[] = {
	{ "npo2 first zone", NPO2, 5 * NPO2 + NPO2 / 2, 0, NPO2, ZT_RANGE_OK },
	{ "npo2 zone 3", NPO2, 5 * NPO2 + NPO2 / 2, 3 * NPO2, NPO2,
	  ZT_RANGE_OK },
	{ "npo2 two zones", NPO2, 5 * NPO2 + NPO2 / 2, NPO2, 2 * NPO2,
	  ZT_RANGE_OK },
	{ "npo2 smaller last zone", NPO2, 5 * NPO2 + NPO2 / 2, 5 * NPO2,
	  NPO2 / 2, ZT_RANGE_OK },
	{ "npo2 whole device", NPO2, 5 * NPO2 + NPO2 / 2, 0,
	  5 * NPO2 + NPO2 / 2, ZT_RANGE_OK },
	{ "npo2 po2-mask trap", NPO2, 5 * NPO2, 262144, NPO2,
	  ZT_RANGE_OFFSET_MISALIGNED },
	{ "npo2 one sector in", NPO2, 5 * NPO2, NPO2 + 1, NPO2 - 1,
	  ZT_RANGE_OFFSET_MISALIGNED },
	{ "npo2 end mid-zone", NPO2, 5 * NPO2, NPO2, NPO2 + 8,
	  ZT_RANGE_END_MISALIGNED },
	{ "npo2 po2 length", NPO2, 5 * NPO2, 0, 262144,
	  ZT_RANGE_END_MISALIGNED },
	{ "npo2 last zone too long", NPO2, 5 * NPO2 + NPO2 / 2, 5 * NPO2,
	  NPO2, ZT_RANGE_END_BEYOND },
	{ "npo2 offset at capacity", NPO2, 5 * NPO2, 5 * NPO2, NPO2,
	  ZT_RANGE_OFFSET_BEYOND },
	{ "npo2 empty", NPO2, 5 * NPO2, NPO2, 0, ZT_RANGE_EMPTY },
	{ "npo2 overflow", NPO2, 5 * NPO2, NPO2, ~0ULL, ZT_RANGE_OVERFLOW },
	{ "po2 zone 1", PO2, 4 * PO2, PO2, PO2, ZT_RANGE_OK },
	{ "po2 misaligned", PO2, 4 * PO2, NPO2, PO2,
	  ZT_RANGE_OFFSET_MISALIGNED },
	{ "po2 end beyond", PO2, 4 * PO2, 3 * PO2, 2 * PO2,
	  ZT_RANGE_END_BEYOND },
	{ "odd zone size", 12345, 10 * 12345 + 7, 9 * 12345, 12345 + 7,
	  ZT_RANGE_OK },
	{ "odd zone misaligned", 12345, 10 * 12345, 12346, 12345,
	  ZT_RANGE_OFFSET_MISALIGNED },
};

static void test_check_range(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < ZT_ARRAY_SIZE(range_cases); i++) {
		const struct range_case *c = &range_cases[i];
		struct zmath_geom g;
		char msg[512];

		assert_int_equal(zmath_geom_init(&g, c->zone_size), 0);
		if (zt_check_range(&g, c->capacity, c->offset, c->length) !=
		    c->err)
			fail_msg("%s: got %d, want %d", c->name,
				 zt_check_range(&g, c->capacity, c->offset,
						c->length), c->err);
		assert_true(zt_range_explain(msg, sizeof(msg), &g, c->capacity,
					     c->offset, c->length, c->err,
					     "sectors") > 0);
	}
}

static void test_range_explain(void **state)
{
	struct zmath_geom g;
	char msg[512];

	(void)state;
	assert_int_equal(zmath_geom_init(&g, NPO2), 0);
	zt_range_explain(msg, sizeof(msg), &g, 5 * NPO2, 262144, NPO2,
			 ZT_RANGE_OFFSET_MISALIGNED, "sectors");
	assert_non_null(strstr(msg, "65536 sectors into zone 1"));
	assert_non_null(strstr(msg, "starts at 196608"));
	assert_non_null(strstr(msg, "next zone starts at 393216"));
	assert_non_null(strstr(msg, "npo2"));
	zt_range_explain(msg, sizeof(msg), &g, 5 * NPO2, 0, 262144,
			 ZT_RANGE_END_MISALIGNED, "LBAs");
	assert_non_null(strstr(msg, "65536 LBAs into zone 1"));
	assert_non_null(strstr(msg, "into zone 1"));
}

static void test_zone_len_at(void **state)
{
	struct zmath_geom g;

	(void)state;
	assert_int_equal(zmath_geom_init(&g, NPO2), 0);
	assert_true(zt_zone_len_at(&g, 5 * NPO2 + 1000, 0) == NPO2);
	assert_true(zt_zone_len_at(&g, 5 * NPO2 + 1000, 4 * NPO2 + 5) == NPO2);
	assert_true(zt_zone_len_at(&g, 5 * NPO2 + 1000, 5 * NPO2) == 1000);
	assert_true(zt_zone_len_at(&g, 5 * NPO2 + 1000, 5 * NPO2 + 999) ==
		    1000);
	assert_true(zt_zone_len_at(&g, 5 * NPO2 + 1000, 6 * NPO2) == 0);
	assert_true(zt_zone_len_at(&g, 5 * NPO2, 5 * NPO2) == 0);
}

static unsigned int check(const struct zt_zone *z, u64 nr, u64 zs, u64 cap,
			  u64 dev_nr, const char *want)
{
	struct zmath_geom g;
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);
	unsigned int problems;

	assert_non_null(out);
	assert_int_equal(zmath_geom_init(&g, zs), 0);
	problems = zt_check_layout(&g, cap, dev_nr, z, nr, out);
	fclose(out);
	if (want && !strstr(buf, want))
		fail_msg("expected \"%s\" in:\n%s", want, buf);
	if (!want && problems)
		fail_msg("unexpected problems:\n%s", buf);
	free(buf);
	return problems;
}

static void test_layout(void **state)
{
	static const u64 sizes[] = { NPO2, PO2, 12345, 8 };
	struct zt_zone z[8], bad[8];
	size_t s;

	(void)state;
	for (s = 0; s < ZT_ARRAY_SIZE(sizes); s++) {
		u64 zs = sizes[s];
		u64 cap = make_layout(z, zs, 8, zs / 2);

		assert_int_equal(check(z, 8, zs, cap, 8, NULL), 0);
		assert_int_equal(check(z, 8, zs, cap, 0, NULL), 0);

		/* the kernel claims another count */
		assert_int_equal(check(z, 8, zs, cap, 9, "device claims 9"),
				 1);
		/* a zone missing from the report */
		assert_true(check(z, 7, zs, cap, 8, "report has 7") >= 1);

		memcpy(bad, z, sizeof(z));
		bad[6].start += 1;
		assert_true(check(bad, 8, zs, cap, 8,
				  "zone 6: start") >= 1);

		memcpy(bad, z, sizeof(z));
		bad[7].len = zs;	/* last zone claims a full size */
		assert_true(check(bad, 8, zs, cap, 8,
				  "(smaller last zone)") >= 1);

		memcpy(bad, z, sizeof(z));
		bad[2].cap = bad[2].len + 1;
		assert_true(check(bad, 8, zs, cap, 8, "zone 2: capacity") >= 1);

		memcpy(bad, z, sizeof(z));
		bad[3].wp = bad[3].start + bad[3].cap + 1;
		assert_true(check(bad, 8, zs, cap, 8, "zone 3: wp") >= 1);

		memcpy(bad, z, sizeof(z));
		bad[6].wp = bad[6].start + 1;
		assert_true(check(bad, 8, zs, cap, 8,
				  "zone 6: empty but wp") >= 1);

		memcpy(bad, z, sizeof(z));
		bad[0].cond = ZT_COND_EMPTY;
		assert_true(check(bad, 8, zs, cap, 8,
				  "conventional zone in condition") >= 1);

		memcpy(bad, z, sizeof(z));
		bad[1].type = 7;
		assert_true(check(bad, 8, zs, cap, 8, "unknown type") >= 1);

		/* the same zones against the wrong capacity */
		assert_true(check(z, 8, zs, cap + zs, 0, "report has 8") >= 1);
	}
}

static void test_layout_many_problems(void **state)
{
	static struct zt_zone z[40];
	u64 i;

	(void)state;
	for (i = 0; i < 40; i++) {
		z[i].start = i * NPO2 + 8;	/* all misaligned */
		z[i].len = z[i].cap = NPO2;
		z[i].type = ZT_TYPE_SEQ_REQ;
		z[i].cond = ZT_COND_EMPTY;
		z[i].wp = z[i].start;
	}
	assert_int_equal(check(z, 40, NPO2, 40 * NPO2, 40, "24 more problems"),
			 40);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check_range),
		cmocka_unit_test(test_range_explain),
		cmocka_unit_test(test_zone_len_at),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_layout_many_problems),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
