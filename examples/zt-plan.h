/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-plan.h - what a zone writer plans: which zones, how many at once, and
 * the sequential writes inside each
 *
 * The zones a --zone/--count pair selects in a zone report, how many of
 * them to write at once under the device's open and active zone limits,
 * and, for each zone, the writes from its write pointer to its capacity,
 * each checked through libzmath as it completes. Pure: no device access.
 */
#ifndef ZT_PLAN_H
#define ZT_PLAN_H

#include <stdbool.h>

#include <linux/zmath.h>

#include "zt-zone.h"

int zt_select_zones(const struct zt_zone *zones, u64 nr_zones,
		    bool have_first, u64 first, u64 count, u64 *begin,
		    u64 *end);

unsigned int zt_zone_concurrency(unsigned int qd, unsigned int max_open,
				 unsigned int max_active);

/* Sequential write planning inside one zone. */
struct zt_wzone {
	u64 zone_no;
	u64 start;	/* zone start */
	u64 wp;		/* next write position */
	u64 end;	/* stop here: at most start + capacity */
	u64 cap_end;	/* start + capacity: the zone is full there */
	bool finished;	/* finished early (BLKFINISHZONE) */
};

int zt_wzone_init(struct zt_wzone *wz, const struct zmath_geom *geom,
		  const struct zt_zone *z, u64 limit);
bool zt_wzone_next(const struct zt_wzone *wz, u64 max_len, u64 *pos,
		   u64 *len);
int zt_wzone_advance(struct zt_wzone *wz, const struct zmath_geom *geom,
		     u64 pos, u64 len);

#endif /* ZT_PLAN_H */
