// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * test-zt-plan.c - unit tests of zt-plan.c and zt-pattern.c: which
 * zones a writer writes, how many at once, the writes in each and the
 * data they carry
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "test-zt.h"
#include "zt-pattern.h"
#include "zt-plan.h"
#include "zt-zone.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_select_zones),
		cmocka_unit_test(test_zone_concurrency),
		cmocka_unit_test(test_wzone),
		cmocka_unit_test(test_pattern),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
