// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-common.c - argument, range and layout logic shared by the zmath tools
 */
#include <errno.h>
#include <stdarg.h>
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
 * zt_check_range() - check a zone management range as the kernel will
 * @geom: the device's zone geometry
 * @capacity: the device capacity, in the unit of the zone size
 * @offset: first position of the range
 * @length: length of the range
 *
 * The rules of blkdev_zone_mgmt(): a non-empty range inside the device
 * that starts on a zone boundary and ends on one or at the capacity (a
 * smaller last zone ends there).
 *
 * Return: ZT_RANGE_OK or the first rule broken.
 */
enum zt_range_err zt_check_range(const struct zmath_geom *geom, u64 capacity,
				 u64 offset, u64 length)
{
	u64 end = offset + length;

	if (!length)
		return ZT_RANGE_EMPTY;
	if (end < offset)
		return ZT_RANGE_OVERFLOW;
	if (offset >= capacity)
		return ZT_RANGE_OFFSET_BEYOND;
	if (end > capacity)
		return ZT_RANGE_END_BEYOND;
	if (!zmath_geom_is_aligned(geom, offset))
		return ZT_RANGE_OFFSET_MISALIGNED;
	if (end != capacity && !zmath_geom_is_aligned(geom, end))
		return ZT_RANGE_END_MISALIGNED;
	return ZT_RANGE_OK;
}

/**
 * zt_range_explain() - say why a range was refused, and what would do
 * @buf: where to write the message
 * @size: size of @buf
 * @geom: the device's zone geometry
 * @capacity: the device capacity
 * @offset: the range's offset
 * @length: the range's length
 * @err: what zt_check_range() returned
 * @unit: name of the unit, "sectors" or "LBAs"
 *
 * Return: what snprintf() returns.
 */
int zt_range_explain(char *buf, size_t size, const struct zmath_geom *geom,
		     u64 capacity, u64 offset, u64 length,
		     enum zt_range_err err, const char *unit)
{
	u64 zs = geom->zone_size;
	u64 end = offset + length;
	const char *kind = zmath_geom_is_po2(geom) ? "po2" : "npo2";

	switch (err) {
	case ZT_RANGE_OK:
		return snprintf(buf, size, "range %llu+%llu is valid",
				offset, length);
	case ZT_RANGE_EMPTY:
		return snprintf(buf, size,
				"length is 0: give at least one zone (%llu %s)",
				zs, unit);
	case ZT_RANGE_OVERFLOW:
		return snprintf(buf, size,
				"offset %llu + length %llu overflows 64 bits",
				offset, length);
	case ZT_RANGE_OFFSET_BEYOND:
		return snprintf(buf, size,
				"offset %llu is at or past the end of the device (%llu %s, %llu zones)",
				offset, capacity, unit,
				zmath_geom_nr_zones(geom, capacity));
	case ZT_RANGE_END_BEYOND:
		return snprintf(buf, size,
				"range %llu+%llu ends at %llu, past the end of the device (%llu %s)",
				offset, length, end, capacity, unit);
	case ZT_RANGE_OFFSET_MISALIGNED:
		return snprintf(buf, size,
				"offset %llu is not a zone start: it is %llu %s into zone %llu, which starts at %llu; the next zone starts at %llu (zone size %llu %s, %s)",
				offset, zmath_geom_zone_offset(geom, offset),
				unit, zmath_geom_zone_no(geom, offset),
				zmath_geom_zone_start(geom, offset),
				zmath_geom_roundup(geom, offset), zs, unit,
				kind);
	case ZT_RANGE_END_MISALIGNED:
		return snprintf(buf, size,
				"length %llu ends at %llu, %llu %s into zone %llu: use a multiple of the zone size (%llu %s, %s) or end at the capacity (%llu)",
				length, end, zmath_geom_zone_offset(geom, end),
				unit, zmath_geom_zone_no(geom, end), zs, unit,
				kind, capacity);
	}
	return snprintf(buf, size, "invalid range");
}

/**
 * zt_zone_len_at() - length of the zone that holds a position
 * @geom: the device's zone geometry
 * @capacity: the device capacity
 * @pos: the position
 *
 * Return: the zone size, less for a smaller last zone, 0 past the capacity.
 */
u64 zt_zone_len_at(const struct zmath_geom *geom, u64 capacity, u64 pos)
{
	u64 start = zmath_geom_zone_start(geom, pos);

	if (start >= capacity)
		return 0;
	if (capacity - start < geom->zone_size)
		return capacity - start;
	return geom->zone_size;
}

#define ZT_MAX_PROBLEMS_SHOWN	16

struct zt_problems {
	FILE *out;
	unsigned int count;
};

static void zt_problem(struct zt_problems *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void zt_problem(struct zt_problems *p, const char *fmt, ...)
{
	va_list ap;

	p->count++;
	if (!p->out || p->count > ZT_MAX_PROBLEMS_SHOWN)
		return;
	fputs("check: ", p->out);
	va_start(ap, fmt);
	vfprintf(p->out, fmt, ap);
	va_end(ap);
	fputc('\n', p->out);
}

static void zt_check_wp(struct zt_problems *p, u64 i, const struct zt_zone *z)
{
	if (!zt_zone_is_seq(z)) {
		if (z->cond != ZT_COND_NOT_WP && zt_zone_is_usable(z))
			zt_problem(p, "zone %llu: conventional zone in condition %s",
				   i, zt_cond_name(z->cond));
		return;
	}
	switch (z->cond) {
	case ZT_COND_EMPTY:
		if (z->wp != z->start)
			zt_problem(p, "zone %llu: empty but wp %llu is not its start %llu",
				   i, z->wp, z->start);
		break;
	case ZT_COND_IMP_OPEN:
	case ZT_COND_EXP_OPEN:
	case ZT_COND_CLOSED:
		if (z->wp < z->start || z->wp - z->start > z->cap)
			zt_problem(p, "zone %llu: wp %llu outside [%llu, %llu] (start + capacity)",
				   i, z->wp, z->start, z->start + z->cap);
		break;
	case ZT_COND_NOT_WP:
		zt_problem(p, "zone %llu: sequential zone without a write pointer",
			   i);
		break;
	default:
		/* full, read-only, offline: the write pointer is undefined */
		break;
	}
}

/**
 * zt_check_layout() - check a zone report against libzmath's geometry
 * @geom: geometry of the device's zone size
 * @capacity: the device capacity
 * @dev_nr_zones: the zone count the device claims (BLKGETNRZONES), 0 if
 *                unknown
 * @zones: the reported zones, in order, from the first
 * @nr_zones: how many there are
 * @out: where to print each problem (the first few), or NULL
 *
 * The layout holds when there are zmath_geom_nr_zones() zones, zone i
 * starts at the zone boundary numbered i, every zone is zone size long but
 * a smaller last one that ends at the capacity, capacities are within
 * lengths, and the write pointer of each open or closed sequential zone lies
 * within its capacity (at its start when empty).
 *
 * Return: the number of problems found, 0 if the layout holds.
 */
unsigned int zt_check_layout(const struct zmath_geom *geom, u64 capacity,
			     u64 dev_nr_zones, const struct zt_zone *zones,
			     u64 nr_zones, FILE *out)
{
	struct zt_problems p = { .out = out };
	u64 expected = zmath_geom_nr_zones(geom, capacity);
	u64 i;

	if (dev_nr_zones && dev_nr_zones != expected)
		zt_problem(&p, "device claims %llu zones, libzmath computes %llu for %llu sectors in zones of %llu",
			   dev_nr_zones, expected, capacity, geom->zone_size);
	if (nr_zones != expected)
		zt_problem(&p, "report has %llu zones, libzmath computes %llu",
			   nr_zones, expected);

	for (i = 0; i < nr_zones; i++) {
		const struct zt_zone *z = &zones[i];
		u64 want_len;

		if (!zmath_geom_is_aligned(geom, z->start)) {
			zt_problem(&p, "zone %llu: start %llu is not a zone boundary (%llu into zone %llu)",
				   i, z->start,
				   zmath_geom_zone_offset(geom, z->start),
				   zmath_geom_zone_no(geom, z->start));
			continue;
		}
		if (zmath_geom_zone_no(geom, z->start) != i) {
			zt_problem(&p, "zone %llu: start %llu is the start of zone %llu",
				   i, z->start,
				   zmath_geom_zone_no(geom, z->start));
			continue;
		}
		want_len = zt_zone_len_at(geom, capacity, z->start);
		if (!want_len) {
			zt_problem(&p, "zone %llu: starts at %llu, past the capacity %llu",
				   i, z->start, capacity);
			continue;
		}
		if (z->len != want_len)
			zt_problem(&p, "zone %llu: length %llu, expected %llu%s",
				   i, z->len, want_len,
				   want_len < geom->zone_size ?
				   " (smaller last zone)" : "");
		if (!z->cap || z->cap > z->len)
			zt_problem(&p, "zone %llu: capacity %llu not within (0, %llu]",
				   i, z->cap, z->len);
		if (z->type != ZT_TYPE_CNV && !zt_zone_is_seq(z))
			zt_problem(&p, "zone %llu: unknown type 0x%x", i,
				   z->type);
		if (!strcmp(zt_cond_name(z->cond), "unknown"))
			zt_problem(&p, "zone %llu: unknown condition 0x%x", i,
				   z->cond);
		zt_check_wp(&p, i, z);
	}

	if (out && p.count > ZT_MAX_PROBLEMS_SHOWN)
		fprintf(out, "check: ... and %u more problems\n",
			p.count - ZT_MAX_PROBLEMS_SHOWN);
	return p.count;
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
