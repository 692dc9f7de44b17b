// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * test-zt-parse.c - unit tests of zt-parse.c: numbers as util-linux
 * and nvme-cli read them
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "test-zt.h"
#include "zt-cli.h"
#include "zt-parse.h"

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
static const struct parse_case size_ul_cases[] = {
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

static void test_parse_size_ul(void **state)
{
	(void)state;
	check_parse_cases(zt_parse_size_ul, size_ul_cases,
			  ZT_ARRAY_SIZE(size_ul_cases));
	assert_int_equal(zt_parse_size_ul(NULL, NULL), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_u64),
		cmocka_unit_test(test_parse_u64_c),
		cmocka_unit_test(test_parse_size_ul),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
