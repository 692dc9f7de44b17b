// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * test-zt.c - the made-up device of the tools' unit tests
 */
#include "test-zt.h"

/**
 * make_layout() - the zone report of a made-up device
 * @z: where to write it, @nr zones
 * @zs: the zone size
 * @nr: the number of zones, 6 or more
 * @last_len: the length of a smaller last zone, 0 for none
 *
 * Zones 0 and 1 are conventional; the others are sequential, with a
 * capacity below their length: zone 3 implicitly open, zone 4 closed at its
 * capacity, zone 5 full, the others empty.
 *
 * Return: the capacity of the device.
 */
u64 make_layout(struct zt_zone *z, u64 zs, u64 nr, u64 last_len)
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
