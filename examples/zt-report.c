// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-report.c - a zone report as the tools print it
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "zt-cli.h"
#include "zt-layout.h"
#include "zt-report.h"
#include "zt-zone.h"

/**
 * zt_print_zone_header() - column titles for zt_print_zone()
 * @out: where to print
 */
void zt_print_zone_header(FILE *out)
{
	fprintf(out, "%6s %14s %10s %10s %14s %-19s %s\n", "zone", "start",
		"length", "capacity", "wp", "type", "cond");
}

/**
 * zt_print_zone() - one table line for a zone
 * @out: where to print
 * @geom: the zone geometry, which numbers the zone
 * @z: the zone
 *
 * Seven columns, the write pointer "-" where there is none.
 */
void zt_print_zone(FILE *out, const struct zmath_geom *geom,
		   const struct zt_zone *z)
{
	fprintf(out, "%6llu %14llu %10llu %10llu ",
		zmath_geom_zone_no(geom, z->start), z->start, z->len, z->cap);
	if (zt_zone_has_wp(z))
		fprintf(out, "%14llu", z->wp);
	else
		fprintf(out, "%14s", "-");
	fprintf(out, " %-19s %s\n", zt_type_name(z->type),
		zt_cond_name(z->cond));
}

/*
 * Zone states and types by nvme-cli's names (zns report-zones), and in
 * the same style the block layer's that NVMe lacks: NOT_WP for a
 * conventional zone, CONVENTIONAL and SEQWRITE_PREF.
 */
static const char *zt_nvme_state_name(unsigned int cond)
{
	switch (cond) {
	case ZT_COND_NOT_WP:
		return "NOT_WP";
	case ZT_COND_EMPTY:
		return "EMPTY";
	case ZT_COND_IMP_OPEN:
		return "IMP_OPENED";
	case ZT_COND_EXP_OPEN:
		return "EXP_OPENED";
	case ZT_COND_CLOSED:
		return "CLOSED";
	case ZT_COND_READONLY:
		return "READONLY";
	case ZT_COND_FULL:
		return "FULL";
	case ZT_COND_OFFLINE:
		return "OFFLINE";
	default:
		return "Unknown State";
	}
}

static const char *zt_nvme_type_name(unsigned int type)
{
	switch (type) {
	case ZT_TYPE_CNV:
		return "CONVENTIONAL";
	case ZT_TYPE_SEQ_REQ:
		return "SEQWRITE_REQ";
	case ZT_TYPE_SEQ_PREF:
		return "SEQWRITE_PREF";
	default:
		return "Unknown";
	}
}

/**
 * zt_print_zone_nvme() - one zone as nvme-cli's "zns report-zones" prints it
 * @out: where to print
 * @geom: the zone geometry, which numbers the zone
 * @z: the zone, in LBAs
 *
 * LBAs in hexadecimal with a 0x prefix (but 0), the write pointer as the
 * device reports it, then the zone number libzmath gives.
 */
void zt_print_zone_nvme(FILE *out, const struct zmath_geom *geom,
			const struct zt_zone *z)
{
	fprintf(out,
		"SLBA: %#-10llx WP: %#-10llx Cap: %#-10llx State: %-12s Type: %-14s Attrs: %#-4x Zone: %llu\n",
		z->start, z->wp, z->cap, zt_nvme_state_name(z->cond),
		zt_nvme_type_name(z->type), z->attrs,
		zmath_geom_zone_no(geom, z->start));
}

/**
 * zt_print_csv() - zones as libzbd's "zbd report -csv -u UNIT" prints them
 * @out: where to print
 * @geom: the zone geometry, which numbers the zones
 * @zones: the zones
 * @nr_zones: how many
 *
 * zbd's header and columns, positions in the zones' own unit (512-byte
 * sectors, or LBAs), the unit of the JSON report and of the table, as
 * zbd prints them with -u 512 (or the LBA size); the write pointer is an
 * empty field where there is none.
 */
void zt_print_csv(FILE *out, const struct zmath_geom *geom,
		  const struct zt_zone *zones, u64 nr_zones)
{
	u64 i;

	fprintf(out, "zone num, type, ofst, len, cap, wp, cond, non_seq, reset\n");
	for (i = 0; i < nr_zones; i++) {
		const struct zt_zone *z = &zones[i];

		fprintf(out, "%05llu, %u, %014llu, %014llu, %014llu, ",
			zmath_geom_zone_no(geom, z->start), z->type,
			z->start, z->len, z->cap);
		if (zt_zone_has_wp(z))
			fprintf(out, "%014llu", z->wp);
		fprintf(out, ", 0x%01x, %d, %d\n", z->cond, z->non_seq,
			z->reset);
	}
}

/**
 * zt_json_str() - print a string as a JSON string literal
 * @out: where to print
 * @s: the string
 */
void zt_json_str(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', out);
	for (; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(out, "\\u%04x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

/**
 * zt_json_u64() - one number member of a report's JSON object
 * @out: where to print
 * @key: its key
 * @val: its value
 */
void zt_json_u64(FILE *out, const char *key, u64 val)
{
	fprintf(out, ",\n  \"%s\": %llu", key, val);
}

/**
 * zt_json_bool() - one boolean member of a report's JSON object
 * @out: where to print
 * @key: its key
 * @val: its value
 */
void zt_json_bool(FILE *out, const char *key, bool val)
{
	fprintf(out, ",\n  \"%s\": %s", key, val ? "true" : "false");
}

/**
 * zt_print_zone_json() - one zone as a JSON object
 * @out: where to print
 * @geom: the zone geometry, which numbers the zone
 * @z: the zone
 *
 * nvme-cli's keys first (slba, wp, cap, state, type, attrs), then
 * zmath's (zone, len); positions in the zones' unit. A write pointer that
 * does not exist (conventional zones, full zones that report none) is
 * null, not a number no position has.
 */
void zt_print_zone_json(FILE *out, const struct zmath_geom *geom,
			const struct zt_zone *z)
{
	char wp[24] = "null";

	if (zt_zone_has_wp(z))
		snprintf(wp, sizeof(wp), "%llu", z->wp);
	fprintf(out,
		"{\"slba\": %llu, \"wp\": %s, \"cap\": %llu, \"state\": \"%s\", \"type\": \"%s\", \"attrs\": %u, \"zone\": %llu, \"len\": %llu}",
		z->start, wp, z->cap, zt_nvme_state_name(z->cond),
		zt_nvme_type_name(z->type), z->attrs,
		zmath_geom_zone_no(geom, z->start), z->len);
}

/**
 * zt_print_report_json() - a zone report as JSON, one schema for all tools
 * @out: where to print
 * @r: the report: the device, its unit, the zones listed
 *
 * nvme-cli's keys where it has them: nr_zones, the zones in zone_list
 * (what NVMe's Number of Zones is in a partial report), and each zone's
 * slba, wp, cap, state, type and attrs. Every position and length is in
 * "units", unit_bytes each: 512-byte sectors for a block device, LBAs
 * for an NVMe namespace. The device's own count of its zones is
 * dev_nr_zones, libzmath's zmath_nr_zones; nsid is null but on NVMe.
 */
void zt_print_report_json(FILE *out, const struct zt_json_report *r)
{
	const struct zt_dev *dev = r->dev;
	u64 i;

	fprintf(out, "{\n  \"device\": ");
	zt_json_str(out, dev->path);
	if (r->nsid)
		zt_json_u64(out, "nsid", r->nsid);
	else
		fprintf(out, ",\n  \"nsid\": null");
	fprintf(out, ",\n  \"units\": ");
	zt_json_str(out, r->units);
	zt_json_u64(out, "unit_bytes", r->unit_bytes);
	zt_json_u64(out, "logical_block_bytes", dev->lbs);
	zt_json_u64(out, "capacity", dev->capacity);
	zt_json_u64(out, "zone_size", dev->zone_size);
	zt_json_bool(out, "po2", zmath_geom_is_po2(&dev->geom));
	zt_json_u64(out, "zmath_nr_zones",
		    zmath_geom_nr_zones(&dev->geom, dev->capacity));
	zt_json_u64(out, "dev_nr_zones", dev->dev_nr_zones);
	zt_json_bool(out, "capacity_reported", dev->cap_valid);
	zt_json_u64(out, "nr_zones", r->end - r->begin);
	fprintf(out, ",\n  \"zone_list\": [");
	for (i = r->begin; i < r->end; i++) {
		fprintf(out, "%s\n    ", i > r->begin ? "," : "");
		zt_print_zone_json(out, &dev->geom, &dev->zones[i]);
	}
	fprintf(out, "%s]", r->end > r->begin ? "\n  " : "");
	zt_json_end(out, r->check, r->problems);
}

/**
 * zt_json_end() - close a report's JSON object
 * @out: where to print
 * @check: a layout check ran: say its result
 * @problems: the problems it found
 */
void zt_json_end(FILE *out, bool check, unsigned int problems)
{
	if (check)
		fprintf(out, ",\n  \"check\": {\"ok\": %s, \"problems\": %u}",
			problems ? "false" : "true", problems);
	fprintf(out, "\n}\n");
}

/**
 * zt_report_select() - the zones a report of a range shows, as blkzone
 * @zones: the device's zones, in order
 * @nr_zones: how many
 * @offset: the range starts in the zone that holds it
 * @length: the range's length, 0 for up to the last zone
 * @count: show at most this many zones, 0 for no limit
 * @begin: the first zone shown
 * @end: one past the last zone shown
 *
 * Return: 0, or -ERANGE if no zone holds @offset.
 */
int zt_report_select(const struct zt_zone *zones, u64 nr_zones, u64 offset,
		     u64 length, u64 count, u64 *begin, u64 *end)
{
	u64 stop = length && length <= UINT64_MAX - offset ?
		   offset + length : UINT64_MAX;
	u64 i;

	for (i = 0; i < nr_zones; i++)
		if (offset >= zones[i].start &&
		    offset - zones[i].start < zones[i].len)
			break;
	if (i == nr_zones)
		return -ERANGE;
	*begin = i;
	for (; i < nr_zones && zones[i].start < stop; i++)
		if (count && i - *begin == count)
			break;
	*end = i;
	return 0;
}

/**
 * zt_print_verdict() - the last line of a layout check
 * @out: where to print
 * @l: what the check covered
 * @problems: what zt_check_layout() found
 *
 * Return: ZT_EXIT_OK if the layout holds, else ZT_EXIT_FAIL.
 */
int zt_print_verdict(FILE *out, const struct zt_layout *l,
		     unsigned int problems)
{
	if (problems) {
		fprintf(out, "check: FAILED: %u problem%s in the layout of %s\n",
			problems, problems == 1 ? "" : "s", l->device);
		return ZT_EXIT_FAIL;
	}
	fprintf(out,
		"check: ok: %llu zones of %llu %s (%s) cover %llu %s, last zone %llu %s\n",
		l->nr_zones, l->geom->zone_size, l->unit,
		zmath_geom_is_po2(l->geom) ? "po2" : "npo2", l->capacity,
		l->unit, zt_zone_len_at(l->geom, l->capacity, l->capacity - 1),
		l->unit);
	return ZT_EXIT_OK;
}
