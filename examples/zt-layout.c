// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-layout.c - zone ranges and a device's zone layout, by libzmath
 */
#include <stdarg.h>
#include <string.h>

#include "zt-layout.h"
#include "zt-zone.h"

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
