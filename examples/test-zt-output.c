// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * test-zt-output.c - unit tests of what the tools print: zone reports
 * in every format (zt-report.c), sizes (zt-format.c) and why a device is
 * refused (zt-dev.c)
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test-zt.h"
#include "zt-cli.h"
#include "zt-dev.h"
#include "zt-format.h"
#include "zt-report.h"
#include "zt-zone.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fmt_size),
		cmocka_unit_test(test_json_str),
		cmocka_unit_test(test_zone_json),
		cmocka_unit_test(test_zone_csv),
		cmocka_unit_test(test_report_json),
		cmocka_unit_test(test_zone_nvme_line),
		cmocka_unit_test(test_report_select),
		cmocka_unit_test(test_open_refusal),
		cmocka_unit_test(test_not_zoned_reason),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
