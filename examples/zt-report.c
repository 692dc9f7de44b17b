// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-report.c - a zone report as the tools print it
 */
#include <errno.h>
#include <string.h>

#include "zt-report.h"

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

/* nvme-cli's names of NVMe zone states and types */
static const char *zt_nvme_state_name(unsigned int cond)
{
	switch (cond) {
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
	return type == ZT_TYPE_SEQ_REQ ? "SEQWRITE_REQ" : "Unknown";
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
 * zt_print_csv() - zones as libzbd's "zbd report -csv" prints them
 * @out: where to print
 * @geom: the zone geometry, which numbers the zones
 * @zones: the zones
 * @nr_zones: how many
 * @unit_bytes: bytes in the zones' unit (512 for sectors, the LBA size)
 *
 * zbd's header and columns, positions in bytes as zbd prints them by
 * default; the write pointer is an empty field where there is none.
 */
void zt_print_csv(FILE *out, const struct zmath_geom *geom,
		  const struct zt_zone *zones, u64 nr_zones,
		  unsigned int unit_bytes)
{
	u64 i;

	fprintf(out, "zone num, type, ofst, len, cap, wp, cond, non_seq, reset\n");
	for (i = 0; i < nr_zones; i++) {
		const struct zt_zone *z = &zones[i];

		fprintf(out, "%05llu, %u, %014llu, %014llu, %014llu, ",
			zmath_geom_zone_no(geom, z->start), z->type,
			z->start * unit_bytes, z->len * unit_bytes,
			z->cap * unit_bytes);
		if (zt_zone_has_wp(z))
			fprintf(out, "%014llu", z->wp * unit_bytes);
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
 * zt_json_begin() - open a report's JSON object with its "device"
 * @out: where to print
 * @device: the device's path
 */
void zt_json_begin(FILE *out, const char *device)
{
	fprintf(out, "{\n  \"device\": ");
	zt_json_str(out, device);
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
 * @keys: which keys
 *
 * A write pointer that does not exist (conventional zones, full zones
 * that report none) is null, not a number no position has.
 */
void zt_print_zone_json(FILE *out, const struct zmath_geom *geom,
			const struct zt_zone *z, enum zt_json_keys keys)
{
	char wp[24] = "null";

	if (zt_zone_has_wp(z))
		snprintf(wp, sizeof(wp), "%llu", z->wp);
	if (keys == ZT_JSON_KEYS_NVME)
		fprintf(out,
			"{\"slba\": %llu, \"wp\": %s, \"cap\": %llu, \"state\": \"%s\", \"type\": \"%s\", \"attrs\": %u, \"zone\": %llu, \"length\": %llu}",
			z->start, wp, z->cap, zt_nvme_state_name(z->cond),
			zt_nvme_type_name(z->type), z->attrs,
			zmath_geom_zone_no(geom, z->start), z->len);
	else
		fprintf(out,
			"{\"zone\": %llu, \"start\": %llu, \"length\": %llu, \"capacity\": %llu, \"wp\": %s, \"type\": \"%s\", \"cond\": \"%s\"}",
			zmath_geom_zone_no(geom, z->start), z->start, z->len,
			z->cap, wp, zt_type_name(z->type),
			zt_cond_name(z->cond));
}

/**
 * zt_json_zones() - the zones of a report as a JSON array member
 * @out: where to print
 * @key: the array's key
 * @geom: the zone geometry
 * @zones: the zones
 * @nr_zones: how many
 * @keys: the keys of each zone
 */
void zt_json_zones(FILE *out, const char *key, const struct zmath_geom *geom,
		   const struct zt_zone *zones, u64 nr_zones,
		   enum zt_json_keys keys)
{
	u64 i;

	fprintf(out, ",\n  \"%s\": [", key);
	for (i = 0; i < nr_zones; i++) {
		fprintf(out, "%s\n    ", i ? "," : "");
		zt_print_zone_json(out, geom, &zones[i], keys);
	}
	fprintf(out, "\n  ]");
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
