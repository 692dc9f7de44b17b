// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-plan.c - what a zone writer plans: which zones, how many at once, and
 * the sequential writes inside each
 */
#include <errno.h>

#include "zt-plan.h"
#include "zt-zone.h"

/**
 * zt_select_zones() - the zones a --zone/--nr-zones pair designates
 * @zones: the zone report
 * @nr_zones: its length
 * @have_first: whether @first was given
 * @first: first zone; if not given, the first sequential zone
 * @count: number of zones, 0 for all up to the last
 * @begin: first zone selected
 * @end: one past the last zone selected (clipped to @nr_zones)
 *
 * Return: 0; -ENOENT if @first was not given and there is no sequential
 * zone; -ERANGE if @first is not a zone.
 */
int zt_select_zones(const struct zt_zone *zones, u64 nr_zones,
		    bool have_first, u64 first, u64 count, u64 *begin,
		    u64 *end)
{
	if (!have_first) {
		for (first = 0; first < nr_zones; first++)
			if (zt_zone_is_seq(&zones[first]))
				break;
		if (first == nr_zones)
			return -ENOENT;
	}
	if (first >= nr_zones)
		return -ERANGE;
	*begin = first;
	*end = count && count < nr_zones - first ? first + count : nr_zones;
	return 0;
}

/**
 * zt_zone_concurrency() - how many zones to write at once
 * @qd: the queue depth asked for, one write in flight per zone
 * @max_open: the device's open zone limit, 0 for none
 * @max_active: the device's active zone limit, 0 for none
 *
 * Writing a zone opens it; a device refuses to open more zones than its
 * limits allow (zones open or active outside the run count too).
 *
 * Return: @qd, lowered to the limits.
 */
unsigned int zt_zone_concurrency(unsigned int qd, unsigned int max_open,
				 unsigned int max_active)
{
	if (max_open && max_open < qd)
		qd = max_open;
	if (max_active && max_active < qd)
		qd = max_active;
	return qd;
}

/**
 * zt_wzone_init() - plan sequential writes into one zone
 * @wz: the plan to fill in
 * @geom: the device's zone geometry
 * @z: the zone, as reported
 * @limit: write at most this many sectors, 0 for up to the zone capacity
 *
 * Writing starts at the reported write pointer and stops at the zone
 * capacity, not the zone length.
 *
 * Return: 0; -EINVAL if @z is not sequential or not at a zone boundary,
 * -EROFS if it is read-only or offline, -ENOSPC if it is full, -ERANGE if
 * its write pointer is outside its capacity.
 */
int zt_wzone_init(struct zt_wzone *wz, const struct zmath_geom *geom,
		  const struct zt_zone *z, u64 limit)
{
	u64 wp = z->cond == ZT_COND_EMPTY ? z->start : z->wp;

	if (!zt_zone_is_seq(z) || !zmath_geom_is_aligned(geom, z->start))
		return -EINVAL;
	if (!zt_zone_is_usable(z))
		return -EROFS;
	if (z->cond == ZT_COND_FULL)
		return -ENOSPC;
	if (wp < z->start || wp - z->start > z->cap || z->cap > z->len)
		return -ERANGE;
	if (wp - z->start == z->cap)
		return -ENOSPC;
	wz->zone_no = zmath_geom_zone_no(geom, z->start);
	wz->start = z->start;
	wz->wp = wp;
	wz->end = z->start + z->cap;
	wz->cap_end = wz->end;
	wz->finished = false;
	if (limit && limit < wz->end - wp)
		wz->end = wp + limit;
	return 0;
}

/**
 * zt_wzone_next() - the next write of a zone plan
 * @wz: the plan
 * @max_len: largest write
 * @pos: where the write goes
 * @len: its length, at most @max_len, never past the plan's end
 *
 * Return: false when the zone is done.
 */
bool zt_wzone_next(const struct zt_wzone *wz, u64 max_len, u64 *pos, u64 *len)
{
	if (wz->wp >= wz->end || !max_len)
		return false;
	*pos = wz->wp;
	*len = wz->end - wz->wp < max_len ? wz->end - wz->wp : max_len;
	return true;
}

/**
 * zt_wzone_advance() - account for a completed write
 * @wz: the plan
 * @geom: the device's zone geometry
 * @pos: where the write went
 * @len: how much it wrote
 *
 * Checks through libzmath that the write was at the write pointer and stayed
 * in the zone, then moves the write pointer.
 *
 * Return: 0, or -EINVAL if the write was out of order or out of the zone.
 */
int zt_wzone_advance(struct zt_wzone *wz, const struct zmath_geom *geom,
		     u64 pos, u64 len)
{
	if (pos != wz->wp || !len || len > wz->end - pos)
		return -EINVAL;
	if (zmath_geom_zone_no(geom, pos) != wz->zone_no ||
	    zmath_geom_zone_no(geom, pos + len - 1) != wz->zone_no)
		return -EINVAL;
	wz->wp += len;
	return 0;
}
