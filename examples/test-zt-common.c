// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * test-zt-common.c - unit tests of the tools' argument, range, layout and
 * on-disk logic, with po2 and npo2 geometries and no device
 */
#include <endian.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "zt-cli.h"
#include "zt-dev.h"
#include "zt-format.h"
#include "zt-layout.h"
#include "zt-parse.h"
#include "zt-pattern.h"
#include "zt-plan.h"
#include "zt-report.h"
#include "zt-zone.h"
#include "zt-zonefs.h"

/* 96 MiB and 128 MiB zones, in 512-byte sectors */
#define NPO2	196608ULL
#define PO2	262144ULL

/* A string, what a parser returns for it, and the number it stores. */
struct parse_case {
	const char *s;
	int ret;
	u64 val;
};

/* Each case through @parse; a refused string leaves the number alone. */
static void check_parse_cases(int (*parse)(const char *s, u64 *val),
			      const struct parse_case *cases, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		u64 v = 42;

		print_message("'%s'\n", cases[i].s);
		assert_int_equal(parse(cases[i].s, &v), cases[i].ret);
		if (!cases[i].ret)
			assert_true(v == cases[i].val);
		else
			assert_true(v == 42);
	}
}

static void test_parse_u64(void **state)
{
	static const struct parse_case cases[] = {
		{ "0", 0, 0 },
		{ "123", 0, 123 },
		{ "010", 0, 10 },	/* decimal, not octal */
		{ "0x30000", 0, NPO2 },
		{ "0XfF", 0, 255 },
		{ "18446744073709551615", 0, ~0ULL },
		{ "0xffffffffffffffff", 0, ~0ULL },
		{ "18446744073709551616", -ERANGE, 0 },
		{ "0x10000000000000000", -ERANGE, 0 },
		{ "", -EINVAL, 0 },
		{ "0x", -EINVAL, 0 },
		{ "-1", -EINVAL, 0 },
		{ "+1", -EINVAL, 0 },
		{ " 1", -EINVAL, 0 },
		{ "1 ", -EINVAL, 0 },
		{ "12a", -EINVAL, 0 },
		{ "1k", -EINVAL, 0 },
	};

	(void)state;
	check_parse_cases(zt_parse_u64, cases, ZT_ARRAY_SIZE(cases));
	assert_int_equal(zt_parse_u64(NULL, NULL), -EINVAL);
}

/* Numbers as nvme-cli reads them, strtoull() with base 0: octal too. */
static void test_parse_u64_c(void **state)
{
	static const struct parse_case cases[] = {
		{ "0", 0, 0 },
		{ "123", 0, 123 },
		{ "010", 0, 8 },
		{ "0x30000", 0, NPO2 },
		{ "0600000", 0, NPO2 },
		{ "01777777777777777777777", 0, ~0ULL },
		{ "02000000000000000000000", -ERANGE, 0 },
		{ "08", -EINVAL, 0 },
		{ "1k", -EINVAL, 0 },
		{ "-1", -EINVAL, 0 },
		{ "", -EINVAL, 0 },
	};

	(void)state;
	check_parse_cases(zt_parse_u64_c, cases, ZT_ARRAY_SIZE(cases));
}

/*
 * Sizes as util-linux's strtosize() reads them (checked against
 * fallocate -l): KiB and K are 1024, KB is 1000, a leading 0 is octal, a
 * hexadecimal number takes a suffix, a bare B is refused. Fractions,
 * signs and spaces, which util-linux takes, are refused.
 */
static void test_parse_size_ul(void **state)
{
	static const struct parse_case cases[] = {
		{ "0", 0, 0 },
		{ "512", 0, 512 },
		{ "010", 0, 8 },	/* octal, as strtoumax() base 0 */
		{ "0777", 0, 511 },
		{ "00", 0, 0 },
		{ "4k", 0, 4096 },
		{ "64K", 0, 65536 },
		{ "1KiB", 0, 1024 },
		{ "1KB", 0, 1000 },
		{ "1kb", 0, 1000 },
		{ "1Kib", 0, 1024 },
		{ "96M", 0, 96ULL << 20 },
		{ "96MiB", 0, 96ULL << 20 },
		{ "96MB", 0, 96000000 },
		{ "2G", 0, 2ULL << 30 },
		{ "2GB", 0, 2000000000 },
		{ "1T", 0, 1ULL << 40 },
		{ "1TiB", 0, 1ULL << 40 },
		{ "1TB", 0, 1000000000000ULL },
		{ "3P", 0, 3ULL << 50 },
		{ "15E", 0, 15ULL << 60 },
		{ "18EB", 0, 18000000000000000000ULL },
		{ "0Y", 0, 0 },
		{ "0x30000", 0, NPO2 },
		{ "0x10k", 0, 16384 },	/* a suffix after hexadecimal */
		{ "0x1B", 0, 27 },	/* B and E are hexadecimal digits */
		{ "0x1E", 0, 30 },
		{ "010K", 0, 8192 },
		{ "18446744073709551615", 0, ~0ULL },
		{ "0xffffffffffffffff", 0, ~0ULL },
		{ "01777777777777777777777", 0, ~0ULL },
		{ "16777215T", 0, 16777215ULL << 40 },
		{ "16E", -ERANGE, 0 },
		{ "19EB", -ERANGE, 0 },
		{ "1Z", -ERANGE, 0 },
		{ "17179869184T", -ERANGE, 0 },
		{ "18446744073709551616", -ERANGE, 0 },
		{ "02000000000000000000000", -ERANGE, 0 },
		{ "99999999999999999999", -ERANGE, 0 },
		{ "08", -EINVAL, 0 },	/* not an octal digit */
		{ "4096B", -EINVAL, 0 },	/* util-linux refuses a bare B */
		{ "7b", -EINVAL, 0 },
		{ "96Q", -EINVAL, 0 },
		{ "96MiBx", -EINVAL, 0 },
		{ "96Mi", -EINVAL, 0 },
		{ "96MiBB", -EINVAL, 0 },
		{ "1KIB", -EINVAL, 0 },
		{ "1BB", -EINVAL, 0 },
		{ "1.5G", -EINVAL, 0 },
		{ "0x", -EINVAL, 0 },
		{ "-5", -EINVAL, 0 },
		{ "+5", -EINVAL, 0 },
		{ " 5", -EINVAL, 0 },
		{ "5 ", -EINVAL, 0 },
		{ "M", -EINVAL, 0 },
		{ "", -EINVAL, 0 },
	};

	(void)state;
	check_parse_cases(zt_parse_size_ul, cases, ZT_ARRAY_SIZE(cases));
	assert_int_equal(zt_parse_size_ul(NULL, NULL), -EINVAL);
}

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

/*
 * A device: 2 conventional zones, seq zones with capacity < size, a
 * smaller last zone, zones in every condition.
 */
static u64 make_layout(struct zt_zone *z, u64 zs, u64 nr, u64 last_len)
{
	u64 i, cap = zs - zs / 8;

	for (i = 0; i < nr; i++) {
		z[i].start = i * zs;
		z[i].len = i == nr - 1 && last_len ? last_len : zs;
		z[i].type = i < 2 ? ZT_TYPE_CNV : ZT_TYPE_SEQ_REQ;
		z[i].cap = i < 2 ? z[i].len :
			   (z[i].len < cap ? z[i].len : cap);
		z[i].cond = i < 2 ? ZT_COND_NOT_WP : ZT_COND_EMPTY;
		z[i].wp = i < 2 ? ~0ULL : z[i].start;
	}
	z[3].cond = ZT_COND_IMP_OPEN;
	z[3].wp = z[3].start + z[3].cap / 2;
	z[4].cond = ZT_COND_CLOSED;
	z[4].wp = z[4].start + z[4].cap;
	z[5].cond = ZT_COND_FULL;
	z[5].wp = z[5].start + z[5].len;
	return (nr - 1) * zs + (last_len ? last_len : zs);
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

static void test_select_zones(void **state)
{
	struct zt_zone z[8];
	u64 b, e;

	(void)state;
	make_layout(z, NPO2, 8, 0);
	assert_int_equal(zt_select_zones(z, 8, false, 0, 4, &b, &e), 0);
	assert_true(b == 2 && e == 6);		/* first sequential zone */
	assert_int_equal(zt_select_zones(z, 8, true, 0, 4, &b, &e), 0);
	assert_true(b == 0 && e == 4);
	assert_int_equal(zt_select_zones(z, 8, true, 6, 4, &b, &e), 0);
	assert_true(b == 6 && e == 8);		/* clipped */
	assert_int_equal(zt_select_zones(z, 8, true, 3, 0, &b, &e), 0);
	assert_true(b == 3 && e == 8);		/* 0: to the end */
	assert_int_equal(zt_select_zones(z, 8, true, 8, 1, &b, &e), -ERANGE);
	z[2].type = z[3].type = z[4].type = z[5].type = ZT_TYPE_CNV;
	z[6].type = z[7].type = ZT_TYPE_CNV;
	assert_int_equal(zt_select_zones(z, 8, false, 0, 1, &b, &e), -ENOENT);
}

static void test_zone_concurrency(void **state)
{
	(void)state;
	assert_int_equal(zt_zone_concurrency(4, 0, 0), 4);
	assert_int_equal(zt_zone_concurrency(4, 2, 0), 2);
	assert_int_equal(zt_zone_concurrency(4, 0, 3), 3);
	assert_int_equal(zt_zone_concurrency(4, 3, 2), 2);
	assert_int_equal(zt_zone_concurrency(4, 14, 14), 4);
	assert_int_equal(zt_zone_concurrency(1, 1, 1), 1);
}

static void test_wzone(void **state)
{
	struct zt_zone z[8];
	struct zt_wzone wz;
	struct zmath_geom g;
	u64 pos, len, n = 0, cap;

	(void)state;
	assert_int_equal(zmath_geom_init(&g, NPO2), 0);
	make_layout(z, NPO2, 8, NPO2 / 2);
	cap = z[2].cap;

	/* an empty zone, written up to its capacity, not its length */
	assert_int_equal(zt_wzone_init(&wz, &g, &z[2], 0), 0);
	assert_true(wz.zone_no == 2 && wz.wp == 2 * NPO2);
	while (zt_wzone_next(&wz, 1000, &pos, &len)) {
		assert_true(pos == wz.wp);
		assert_int_equal(zt_wzone_advance(&wz, &g, pos, len), 0);
		n += len;
	}
	assert_true(n == cap && wz.wp == 2 * NPO2 + cap);
	assert_true(len == cap % 1000);		/* a shorter last write */

	/* starts at the write pointer of an open zone, limited */
	assert_int_equal(zt_wzone_init(&wz, &g, &z[3], 100), 0);
	assert_true(wz.wp == z[3].start + z[3].cap / 2 &&
		    wz.end == wz.wp + 100);

	/* writes away from the write pointer or out of the zone */
	assert_int_equal(zt_wzone_init(&wz, &g, &z[6], 0), 0);
	assert_int_equal(zt_wzone_advance(&wz, &g, wz.wp + 8, 8), -EINVAL);
	assert_int_equal(zt_wzone_advance(&wz, &g, wz.wp, cap + 1), -EINVAL);
	assert_int_equal(zt_wzone_advance(&wz, &g, wz.wp, 0), -EINVAL);
	wz.end = wz.start + NPO2 + 8;	/* a plan that would cross */
	assert_int_equal(zt_wzone_advance(&wz, &g, wz.wp, NPO2 + 8), -EINVAL);

	/* zones that cannot be written */
	assert_int_equal(zt_wzone_init(&wz, &g, &z[0], 0), -EINVAL);
	assert_int_equal(zt_wzone_init(&wz, &g, &z[4], 0), -ENOSPC);
	assert_int_equal(zt_wzone_init(&wz, &g, &z[5], 0), -ENOSPC);
	z[6].cond = ZT_COND_OFFLINE;
	assert_int_equal(zt_wzone_init(&wz, &g, &z[6], 0), -EROFS);
	z[7].cond = ZT_COND_CLOSED;
	z[7].wp = z[7].start + z[7].cap + 1;
	assert_int_equal(zt_wzone_init(&wz, &g, &z[7], 0), -ERANGE);

	/* the smaller last zone of a device */
	z[7].cond = ZT_COND_EMPTY;
	z[7].wp = z[7].start;
	assert_int_equal(zt_wzone_init(&wz, &g, &z[7], 0), 0);
	assert_true(wz.end == z[7].start + z[7].cap && z[7].cap <= NPO2 / 2);
}

static void test_pattern(void **state)
{
	static u64 buf[8 * ZT_SECTOR_SIZE / 8];
	static u64 other[8 * ZT_SECTOR_SIZE / 8];

	(void)state;
	zt_pattern_fill(buf, 1000, 8, 7);
	assert_int_equal(zt_pattern_check(buf, 1000, 8, 7), -1);
	assert_int_equal(zt_pattern_check(buf, 1001, 7, 7), 0);
	assert_int_equal(zt_pattern_check(buf, 1000, 8, 8), 0);
	zt_pattern_fill(other, 1001, 8, 7);	/* sector numbers matter */
	assert_memory_not_equal(buf, other, ZT_SECTOR_SIZE);
	assert_memory_equal(buf + ZT_SECTOR_SIZE / 8, other, ZT_SECTOR_SIZE);
	((unsigned char *)buf)[5 * ZT_SECTOR_SIZE + 300] ^= 1;
	assert_int_equal(zt_pattern_check(buf, 1000, 8, 7), 5);
}

static void test_fmt_size(void **state)
{
	char b[32];

	(void)state;
	assert_string_equal(zt_fmt_size(b, sizeof(b), 96ULL << 20), "96 MiB");
	assert_string_equal(zt_fmt_size(b, sizeof(b), 1536 << 10), "1536 KiB");
	assert_string_equal(zt_fmt_size(b, sizeof(b), 1000), "1000 B");
	assert_string_equal(zt_fmt_size(b, sizeof(b), 4ULL << 40), "4 TiB");
	assert_string_equal(zt_fmt_size(b, sizeof(b), 0), "0 B");
}

static void test_json_str(void **state)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);

	(void)state;
	zt_json_str(out, "a\"b\\c\n");
	fclose(out);
	assert_string_equal(buf, "\"a\\\"b\\\\c\\u000a\"");
	free(buf);
}

/* What a print function wrote, as a string to free. */
static char *printed(void (*print)(FILE *out, const struct zmath_geom *g,
				   const struct zt_zone *z),
		     const struct zmath_geom *g, const struct zt_zone *z)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);

	assert_non_null(out);
	print(out, g, z);
	fclose(out);
	return buf;
}

static void print_zone_csv(FILE *out, const struct zmath_geom *g,
			   const struct zt_zone *z)
{
	zt_print_csv(out, g, z, 1);
}

/* Zones of a 96 MiB-zone device, in sectors: zone 1 conventional, zone 2
 * open at 8 sectors in, zone 3 full with an all-ones write pointer (as
 * NVMe reports it), which jq would round to 2^64 */
static const struct zt_zone cnv_zone = {
	.start = NPO2, .len = NPO2, .cap = NPO2, .wp = ~0ULL,
	.type = ZT_TYPE_CNV, .cond = ZT_COND_NOT_WP,
};
static const struct zt_zone open_zone = {
	.start = 2 * NPO2, .len = NPO2, .cap = 163840, .wp = 2 * NPO2 + 8,
	.type = ZT_TYPE_SEQ_REQ, .cond = ZT_COND_IMP_OPEN, .reset = true,
};
static const struct zt_zone full_zone = {
	.start = 3 * NPO2, .len = NPO2, .cap = 163840, .wp = ~0ULL,
	.type = ZT_TYPE_SEQ_REQ, .cond = ZT_COND_FULL, .attrs = 0x4,
};

static void expect_printed(void (*print)(FILE *out,
					 const struct zmath_geom *g,
					 const struct zt_zone *z),
			   const struct zt_zone *z, const char *want)
{
	struct zmath_geom g;
	char *got;

	assert_int_equal(zmath_geom_init(&g, NPO2), 0);
	got = printed(print, &g, z);
	assert_string_equal(got, want);
	free(got);
}

/*
 * nvme-cli's keys first, then zmath's; a write pointer that does not
 * exist is null, never 2^64 - 1; the block layer's states and types that
 * NVMe lacks in nvme-cli's style.
 */
static void test_zone_json(void **state)
{
	(void)state;
	expect_printed(zt_print_zone_json, &cnv_zone,
		       "{\"slba\": 196608, \"wp\": null, \"cap\": 196608, \"state\": \"NOT_WP\", \"type\": \"CONVENTIONAL\", \"attrs\": 0, \"zone\": 1, \"len\": 196608}");
	expect_printed(zt_print_zone_json, &open_zone,
		       "{\"slba\": 393216, \"wp\": 393224, \"cap\": 163840, \"state\": \"IMP_OPENED\", \"type\": \"SEQWRITE_REQ\", \"attrs\": 0, \"zone\": 2, \"len\": 196608}");
	expect_printed(zt_print_zone_json, &full_zone,
		       "{\"slba\": 589824, \"wp\": null, \"cap\": 163840, \"state\": \"FULL\", \"type\": \"SEQWRITE_REQ\", \"attrs\": 4, \"zone\": 3, \"len\": 196608}");
}

/* zbd -csv: its header, its columns; no write pointer: an empty field */
static void test_zone_csv(void **state)
{
	(void)state;
	expect_printed(print_zone_csv, &open_zone,
		       "zone num, type, ofst, len, cap, wp, cond, non_seq, reset\n"
		       "00002, 2, 00000000393216, 00000000196608, 00000000163840, 00000000393224, 0x2, 0, 1\n");
	expect_printed(print_zone_csv, &cnv_zone,
		       "zone num, type, ofst, len, cap, wp, cond, non_seq, reset\n"
		       "00001, 1, 00000000196608, 00000000196608, 00000000196608, , 0x0, 0, 0\n");
}

/* A device of 4 zones of NPO2 units, zones 1 to 3 of it listed. */
static char *report_json(unsigned int nsid, const char *units,
			 unsigned int unit_bytes, bool check)
{
	struct zt_zone zones[4] = { cnv_zone, cnv_zone, open_zone, full_zone };
	struct zt_dev dev = {
		.path = "/dev/x\"y", .capacity = 4 * NPO2, .zone_size = NPO2,
		.dev_nr_zones = 4, .lbs = 4096, .zones = zones, .nr_zones = 4,
		.cap_valid = true,
	};
	struct zt_json_report r = {
		.dev = &dev, .nsid = nsid, .units = units,
		.unit_bytes = unit_bytes, .begin = 1, .end = 4,
		.check = check, .problems = 2,
	};
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);

	assert_non_null(out);
	zones[0].start = 0;
	assert_int_equal(zmath_geom_init(&dev.geom, NPO2), 0);
	zt_print_report_json(out, &r);
	fclose(out);
	return buf;
}

/* The keys every tool's JSON report has, in sectors or in LBAs. */
static const char report_head[] =
	"{\n"
	"  \"device\": \"/dev/x\\\"y\",\n"
	"  \"nsid\": %s,\n"
	"  \"units\": \"%s\",\n"
	"  \"unit_bytes\": %s,\n"
	"  \"logical_block_bytes\": 4096,\n"
	"  \"capacity\": 786432,\n"
	"  \"zone_size\": 196608,\n"
	"  \"po2\": false,\n"
	"  \"zmath_nr_zones\": 4,\n"
	"  \"dev_nr_zones\": 4,\n"
	"  \"capacity_reported\": true,\n"
	"  \"nr_zones\": 3,\n"
	"  \"zone_list\": [\n"
	"    {\"slba\": 196608, \"wp\": null, \"cap\": 196608, \"state\": \"NOT_WP\", \"type\": \"CONVENTIONAL\", \"attrs\": 0, \"zone\": 1, \"len\": 196608},\n"
	"    {\"slba\": 393216, \"wp\": 393224, \"cap\": 163840, \"state\": \"IMP_OPENED\", \"type\": \"SEQWRITE_REQ\", \"attrs\": 0, \"zone\": 2, \"len\": 196608},\n"
	"    {\"slba\": 589824, \"wp\": null, \"cap\": 163840, \"state\": \"FULL\", \"type\": \"SEQWRITE_REQ\", \"attrs\": 4, \"zone\": 3, \"len\": 196608}\n"
	"  ]%s\n"
	"}\n";

static void expect_report_json(unsigned int nsid, const char *units,
			       unsigned int unit_bytes, bool check,
			       const char *nsid_json, const char *unit_json)
{
	char want[4096], *got = report_json(nsid, units, unit_bytes, check);

	snprintf(want, sizeof(want), report_head, nsid_json, units,
		 unit_json, check ?
		 ",\n  \"check\": {\"ok\": false, \"problems\": 2}" : "");
	assert_string_equal(got, want);
	free(got);
}

/*
 * One schema for zmath-zone and zmath-zns: the same keys in the same
 * order; nr_zones is the zones listed, the device's count is apart.
 */
static void test_report_json(void **state)
{
	(void)state;
	/* zmath-zone: a block device, 512-byte sectors */
	expect_report_json(0, "sectors", 512, false, "null", "512");
	/* zmath-zns: namespace 1, LBAs of 4096 bytes, checked */
	expect_report_json(1, "lbas", 4096, true, "1", "4096");
}

/* nvme-cli's zns report-zones line: %#x LBAs, its state and type names */
static void test_zone_nvme_line(void **state)
{
	(void)state;
	expect_printed(zt_print_zone_nvme, &open_zone,
		       "SLBA: 0x60000    WP: 0x60008    Cap: 0x28000    State: IMP_OPENED   Type: SEQWRITE_REQ   Attrs: 0    Zone: 2\n");
	expect_printed(zt_print_zone_nvme, &full_zone,
		       "SLBA: 0x90000    WP: 0xffffffffffffffff Cap: 0x28000    State: FULL         Type: SEQWRITE_REQ   Attrs: 0x4  Zone: 3\n");
}

/* report -o/-l/-c: from the zone holding the offset, within the length */
static void test_report_select(void **state)
{
	static const struct {
		u64 offset, length, count;
		int ret;
		u64 begin, end;
	} cases[] = {
		/* all */
		{ 0, 0, 0, 0, 0, 6 },
		/* one zone, the one holding the offset */
		{ NPO2, 0, 1, 0, 1, 2 },
		{ NPO2 + 5, 0, 1, 0, 1, 2 },
		/* one zone long, one sector into the next */
		{ NPO2, NPO2, 0, 0, 1, 2 },
		{ NPO2, NPO2 + 1, 0, 0, 1, 3 },
		{ NPO2, 0, 2, 0, 1, 3 },
		/* a count past the end, the smaller last zone, past it */
		{ 4 * NPO2, 0, 9, 0, 4, 6 },
		{ 5 * NPO2 + 100, 0, 0, 0, 5, 6 },
		{ 5 * NPO2 + 40960, 0, 0, -ERANGE, 0, 0 },
		/* a length that wraps */
		{ 2 * NPO2, ~0ULL, 0, 0, 2, 6 },
	};
	struct zt_zone zones[6];
	size_t i;

	(void)state;
	for (i = 0; i < 6; i++) {
		zones[i] = open_zone;
		zones[i].start = i * NPO2;
		zones[i].len = i == 5 ? 40960 : NPO2;
	}
	for (i = 0; i < ZT_ARRAY_SIZE(cases); i++) {
		u64 begin = 99, end = 99;

		print_message("case %zu\n", i);
		assert_int_equal(zt_report_select(zones, 6, cases[i].offset,
						  cases[i].length,
						  cases[i].count, &begin,
						  &end), cases[i].ret);
		if (cases[i].ret)
			continue;
		assert_true(begin == cases[i].begin);
		assert_true(end == cases[i].end);
	}
}

/* Root is never told to run as root; the rest are */
static void test_open_refusal(void **state)
{
	(void)state;
	assert_non_null(strstr(zt_open_refusal(EACCES, false), "run as root"));
	assert_non_null(strstr(zt_open_refusal(EPERM, false), "run as root"));
	assert_null(strstr(zt_open_refusal(EPERM, true), "run as root"));
	assert_non_null(strstr(zt_open_refusal(EPERM, true), "even to root"));
	assert_null(strstr(zt_open_refusal(EACCES, true), "run as root"));
	assert_non_null(strstr(zt_open_refusal(EBUSY, true), "mounted"));
	assert_string_equal(zt_open_refusal(ENOENT, true), "cannot open");
}

/* The message says what queue/zoned reads, not what it should read */
static void test_not_zoned_reason(void **state)
{
	char buf[160];

	(void)state;
	zt_not_zoned_reason(buf, sizeof(buf), 0, "none");
	assert_string_equal(buf, "zone size 0; queue/zoned is \"none\"");
	zt_not_zoned_reason(buf, sizeof(buf), 0, "host-aware");
	assert_string_equal(buf, "zone size 0; queue/zoned is \"host-aware\"");
	zt_not_zoned_reason(buf, sizeof(buf), ENOTTY, NULL);
	assert_string_equal(buf,
			    "BLKGETZONESZ: Inappropriate ioctl for device; queue/zoned unreadable");
}

/* The kernel's lib/crc32.c, one bit at a time (CRC_LE_BITS == 1). */
static u32 crc32_le_bitwise(u32 crc, const unsigned char *p, size_t len)
{
	int i;

	while (len--) {
		crc ^= *p++;
		for (i = 0; i < 8; i++)
			crc = (crc >> 1) ^ ((crc & 1) ? 0xedb88320 : 0);
	}
	return crc;
}

static void test_crc32(void **state)
{
	static unsigned char big[4096];
	size_t i;

	(void)state;
	assert_true(zt_crc32_le(~0U, "123456789", 9) == 0x340bc6d9);
	assert_true(~zt_crc32_le(~0U, "123456789", 9) == 0xcbf43926);
	assert_true(zt_crc32_le(0, "", 0) == 0);
	for (i = 0; i < sizeof(big); i++)
		big[i] = (unsigned char)(i * 7 + (i >> 8));
	assert_true(zt_crc32_le(~0U, big, sizeof(big)) ==
		    crc32_le_bitwise(~0U, big, sizeof(big)));
	/* chaining, as zt_zonefs_crc() does */
	assert_true(zt_crc32_le(zt_crc32_le(~0U, big, 100), big + 100, 3996) ==
		    crc32_le_bitwise(~0U, big, sizeof(big)));
}

static void test_zonefs_super(void **state)
{
	static unsigned char sb[ZT_ZONEFS_SUPER_SIZE];
	static unsigned char copy[ZT_ZONEFS_SUPER_SIZE];
	struct zt_zonefs_opts o = { .perm = 0640 }, back;
	struct zt_zonefs_super *s = (struct zt_zonefs_super *)sb;
	u32 crc;
	size_t i;

	(void)state;
	for (i = 0; i < ZT_ZONEFS_UUID_SIZE; i++)
		o.uuid[i] = (uint8_t)(0x10 + i);
	assert_int_equal(zt_zonefs_set_label(&o, "zmath"), 0);
	assert_int_equal(zt_zonefs_parse_features(&o,
			 "aggr_cnv,uid=1000,gid=100,perm=644"), 0);
	zt_zonefs_build(sb, &o);

	/* byte layout of struct zonefs_super, little endian */
	assert_memory_equal(sb, "\x53\x46\x4f\x5a", 4);
	assert_memory_equal(sb + 8, "zmath", 6);
	assert_int_equal(sb + 72 - sb, offsetof(struct zt_zonefs_super,
						s_uuid));
	assert_int_equal(sb[72], 0x10);
	assert_int_equal(offsetof(struct zt_zonefs_super, s_features), 88);
	assert_int_equal(sb[88], 0xf);
	assert_memory_equal(sb + 96, "\xe8\x03\x00\x00\x64\x00\x00\x00"
				     "\xa4\x01\x00\x00", 12);
	assert_int_equal(offsetof(struct zt_zonefs_super, s_reserved), 108);

	/* the kernel's check: crc32(~0, sb with s_crc = 0, 4096) */
	memcpy(copy, sb, sizeof(copy));
	memset(copy + 4, 0, 4);
	crc = crc32_le_bitwise(~0U, copy, sizeof(copy));
	assert_int_equal(sb[4], crc & 0xff);
	assert_int_equal(sb[5], (crc >> 8) & 0xff);
	assert_int_equal(sb[6], (crc >> 16) & 0xff);
	assert_int_equal(sb[7], crc >> 24);

	assert_int_equal(zt_zonefs_verify(sb, &back), 0);
	assert_memory_equal(back.uuid, o.uuid, sizeof(o.uuid));
	assert_memory_equal(back.label, "zmath", 6);
	assert_true(back.features == ZT_ZONEFS_F_DEFINED);
	assert_int_equal(back.uid, 1000);
	assert_int_equal(back.gid, 100);
	assert_int_equal(back.perm, 0644);

	/* what zonefs_read_super() refuses */
	memcpy(copy, sb, sizeof(copy));
	copy[0] ^= 1;
	assert_int_equal(zt_zonefs_verify(copy, NULL), -ENODATA);
	memcpy(copy, sb, sizeof(copy));
	copy[200] = 1;
	assert_int_equal(zt_zonefs_verify(copy, NULL), -EBADMSG);
	s = (struct zt_zonefs_super *)copy;
	s->s_crc = htole32(zt_zonefs_crc(copy));
	assert_int_equal(zt_zonefs_verify(copy, NULL), -EUCLEAN);
	memcpy(copy, sb, sizeof(copy));
	copy[88] = 0x10;	/* an undefined feature bit */
	s->s_crc = htole32(zt_zonefs_crc(copy));
	assert_int_equal(zt_zonefs_verify(copy, NULL), -EOPNOTSUPP);
	memcpy(copy, sb, sizeof(copy));
	memset(copy + 96, 0xff, 4);	/* uid (u32)-1 */
	s->s_crc = htole32(zt_zonefs_crc(copy));
	assert_int_equal(zt_zonefs_verify(copy, NULL), -EINVAL);
	memset(copy, 0, sizeof(copy));
	assert_int_equal(zt_zonefs_verify(copy, NULL), -ENODATA);
}

static void test_zonefs_opts(void **state)
{
	static const struct {
		const char *s;
		int ret;
		u64 features;
	} cases[] = {
		{ "", 0, 0 },
		{ "aggr_cnv", 0, ZT_ZONEFS_F_AGGRCNV },
		{ "uid=0", 0, ZT_ZONEFS_F_UID },
		{ "gid=4294967294", 0, ZT_ZONEFS_F_GID },
		{ "perm=777", 0, ZT_ZONEFS_F_PERM },
		{ "perm=0600,aggr_cnv", 0,
		  ZT_ZONEFS_F_PERM | ZT_ZONEFS_F_AGGRCNV },
		{ "uid=4294967295", -EINVAL, 0 },
		{ "uid=-1", -EINVAL, 0 },
		{ "uid=", -EINVAL, 0 },
		{ "perm=1000", -EINVAL, 0 },
		{ "perm=8", -EINVAL, 0 },
		{ "perm=", -EINVAL, 0 },
		{ "aggr", -EINVAL, 0 },
		{ "aggr_cnv,bogus", -EINVAL, 0 },
	};
	char label[ZT_ZONEFS_LABEL_LEN + 2];
	struct zt_zonefs_opts o;
	size_t i;

	(void)state;
	for (i = 0; i < ZT_ARRAY_SIZE(cases); i++) {
		memset(&o, 0, sizeof(o));
		if (zt_zonefs_parse_features(&o, cases[i].s) != cases[i].ret)
			fail_msg("features \"%s\"", cases[i].s);
		if (!cases[i].ret)
			assert_true(o.features == cases[i].features);
	}
	memset(label, 'x', sizeof(label));
	label[ZT_ZONEFS_LABEL_LEN] = '\0';
	assert_int_equal(zt_zonefs_set_label(&o, label), 0);
	assert_memory_equal(o.label, label, ZT_ZONEFS_LABEL_LEN);
	label[ZT_ZONEFS_LABEL_LEN] = 'x';
	label[ZT_ZONEFS_LABEL_LEN + 1] = '\0';
	assert_int_equal(zt_zonefs_set_label(&o, label), -ENAMETOOLONG);
}

static void test_zonefs_zones(void **state)
{
	/* cnv cnv cnv seq seq cnv cnv seq: zone 0 holds the super block */
	static const unsigned int types[] = { 1, 1, 1, 2, 2, 1, 1, 2 };
	struct zt_zonefs_files f;
	struct zt_zone z[8];
	char why[256];
	size_t i;

	(void)state;
	make_layout(z, NPO2, 8, 0);
	for (i = 0; i < 8; i++) {
		z[i].type = types[i];
		z[i].cond = types[i] == 1 ? ZT_COND_NOT_WP : ZT_COND_EMPTY;
	}
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 0);
	assert_true(f.nr_cnv == 4 && f.nr_seq == 3);
	assert_int_equal(zt_zonefs_check_zones(z, 8, ZT_ZONEFS_F_AGGRCNV, &f,
					       why, sizeof(why)), 0);
	assert_true(f.nr_cnv == 2 && f.nr_seq == 3);

	/* all sequential, as on an NVMe ZNS namespace */
	for (i = 0; i < 8; i++)
		z[i].type = ZT_TYPE_SEQ_REQ;
	assert_int_equal(zt_zonefs_check_zones(z, 8, ZT_ZONEFS_F_AGGRCNV, &f,
					       why, sizeof(why)), 0);
	assert_true(f.nr_cnv == 0 && f.nr_seq == 7);

	assert_int_equal(zt_zonefs_check_zones(z, 1, 0, &f, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "at least one more"));
	z[0].cond = ZT_COND_OFFLINE;
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "zone 0 is offline"));
	z[0].cond = ZT_COND_FULL;	/* fine: it gets reset */
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 0);
	for (i = 1; i < 8; i++)
		z[i].cond = i & 1 ? ZT_COND_OFFLINE : ZT_COND_READONLY;
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "no usable zone"));
	z[3].cond = ZT_COND_EMPTY;
	z[3].type = 4;
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "zone 3 has type 0x4"));
}

static void test_uuid(void **state)
{
	static const uint8_t u[16] = {
		0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0x4d, 0xef,
		0x80, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0xff,
	};
	char s[40];

	(void)state;
	zt_uuid_unparse(u, s);
	assert_string_equal(s, "12345678-9abc-4def-8001-0203040506ff");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_u64),
		cmocka_unit_test(test_parse_u64_c),
		cmocka_unit_test(test_parse_size_ul),
		cmocka_unit_test(test_check_range),
		cmocka_unit_test(test_range_explain),
		cmocka_unit_test(test_zone_len_at),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_layout_many_problems),
		cmocka_unit_test(test_select_zones),
		cmocka_unit_test(test_zone_concurrency),
		cmocka_unit_test(test_wzone),
		cmocka_unit_test(test_pattern),
		cmocka_unit_test(test_fmt_size),
		cmocka_unit_test(test_json_str),
		cmocka_unit_test(test_zone_json),
		cmocka_unit_test(test_zone_csv),
		cmocka_unit_test(test_report_json),
		cmocka_unit_test(test_zone_nvme_line),
		cmocka_unit_test(test_report_select),
		cmocka_unit_test(test_open_refusal),
		cmocka_unit_test(test_not_zoned_reason),
		cmocka_unit_test(test_crc32),
		cmocka_unit_test(test_zonefs_super),
		cmocka_unit_test(test_zonefs_opts),
		cmocka_unit_test(test_zonefs_zones),
		cmocka_unit_test(test_uuid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
