/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-layout.h - zone ranges and a device's zone layout, by libzmath
 *
 * Whether a zone management range is one the kernel accepts, and why not
 * in words; the length of the zone at a position; and whether a whole zone
 * report is the layout libzmath computes for the device's zone size and
 * capacity. Pure: no device access, so that the unit tests can drive it
 * with made-up geometries, po2 and npo2.
 */
#ifndef ZT_LAYOUT_H
#define ZT_LAYOUT_H

#include <stddef.h>
#include <stdio.h>

#include <linux/zmath.h>

#include "zt-zone.h"

/* Range checks for zone management, as blkdev_zone_mgmt() does them. */
enum zt_range_err {
	ZT_RANGE_OK = 0,
	ZT_RANGE_EMPTY,		/* length 0 */
	ZT_RANGE_OVERFLOW,	/* offset + length wraps */
	ZT_RANGE_OFFSET_BEYOND,	/* offset at or past the capacity */
	ZT_RANGE_END_BEYOND,	/* offset + length past the capacity */
	ZT_RANGE_OFFSET_MISALIGNED,
	ZT_RANGE_END_MISALIGNED,
};

enum zt_range_err zt_check_range(const struct zmath_geom *geom, u64 capacity,
				 u64 offset, u64 length);
int zt_range_explain(char *buf, size_t size, const struct zmath_geom *geom,
		     u64 capacity, u64 offset, u64 length,
		     enum zt_range_err err, const char *unit);
u64 zt_zone_len_at(const struct zmath_geom *geom, u64 capacity, u64 pos);

/* Layout check of a full zone report against libzmath's geometry. */
unsigned int zt_check_layout(const struct zmath_geom *geom, u64 capacity,
			     u64 dev_nr_zones, const struct zt_zone *zones,
			     u64 nr_zones, FILE *out);

#endif /* ZT_LAYOUT_H */
