// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-common.c - argument, range and layout logic shared by the zmath tools
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "zt-common.h"

const char *zt_type_name(unsigned int type)
{
	switch (type) {
	case ZT_TYPE_CNV:
		return "conventional";
	case ZT_TYPE_SEQ_REQ:
		return "seq-write-required";
	case ZT_TYPE_SEQ_PREF:
		return "seq-write-preferred";
	default:
		return "unknown";
	}
}

const char *zt_cond_name(unsigned int cond)
{
	switch (cond) {
	case ZT_COND_NOT_WP:
		return "not-wp";
	case ZT_COND_EMPTY:
		return "empty";
	case ZT_COND_IMP_OPEN:
		return "implicit-open";
	case ZT_COND_EXP_OPEN:
		return "explicit-open";
	case ZT_COND_CLOSED:
		return "closed";
	case ZT_COND_READONLY:
		return "read-only";
	case ZT_COND_FULL:
		return "full";
	case ZT_COND_OFFLINE:
		return "offline";
	default:
		return "unknown";
	}
}

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

/* xorshift64*: cheap, deterministic, never 0 from a non-zero state */
static inline u64 zt_xorshift(u64 *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

static void zt_pattern_sector(u64 *w, u64 sector, u64 seed)
{
	u64 s = (sector * 0x9e3779b97f4a7c15ULL) ^ seed;
	unsigned int i;

	s |= 1;
	w[0] = sector;
	w[1] = seed;
	for (i = 2; i < ZT_SECTOR_SIZE / 8; i++)
		w[i] = zt_xorshift(&s);
}

/**
 * zt_pattern_fill() - fill a buffer with the pattern of a sector range
 * @buf: the buffer, @nr_sectors * 512 bytes, 8-byte aligned
 * @sector: the first sector the buffer is written to
 * @nr_sectors: how many sectors
 * @seed: a run's seed; each sector also carries its own number
 */
void zt_pattern_fill(void *buf, u64 sector, u64 nr_sectors, u64 seed)
{
	u64 *w = buf;
	u64 i;

	for (i = 0; i < nr_sectors; i++)
		zt_pattern_sector(w + i * (ZT_SECTOR_SIZE / 8), sector + i,
				  seed);
}

/**
 * zt_pattern_check() - compare a buffer with the pattern of a sector range
 * @buf: the buffer read back
 * @sector: the first sector it was read from
 * @nr_sectors: how many sectors
 * @seed: the seed it was written with
 *
 * Return: -1 if it matches, else the index of the first bad sector.
 */
long long zt_pattern_check(const void *buf, u64 sector, u64 nr_sectors,
			   u64 seed)
{
	u64 want[ZT_SECTOR_SIZE / 8];
	const unsigned char *p = buf;
	u64 i;

	for (i = 0; i < nr_sectors; i++) {
		zt_pattern_sector(want, sector + i, seed);
		if (memcmp(p + i * ZT_SECTOR_SIZE, want, ZT_SECTOR_SIZE))
			return (long long)i;
	}
	return -1;
}

/**
 * zt_fmt_size() - format a byte count in its largest exact binary unit
 * @buf: where to write
 * @size: size of @buf
 * @bytes: the byte count
 *
 * Return: @buf.
 */
const char *zt_fmt_size(char *buf, size_t size, u64 bytes)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	unsigned int u = 0;

	while (u < 4 && bytes && !(bytes & 1023)) {
		bytes >>= 10;
		u++;
	}
	snprintf(buf, size, "%llu %s", bytes, units[u]);
	return buf;
}

/**
 * zt_mib_per_s() - throughput in MiB/s
 * @bytes: bytes moved
 * @ns: in this many nanoseconds
 *
 * Return: MiB/s, 0 for a zero duration.
 */
double zt_mib_per_s(u64 bytes, u64 ns)
{
	if (!ns)
		return 0;
	return (double)bytes / (1024.0 * 1024.0) / ((double)ns / 1e9);
}

/**
 * zt_now_ns() - monotonic time
 *
 * Return: CLOCK_MONOTONIC in nanoseconds.
 */
u64 zt_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}
