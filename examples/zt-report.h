/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-report.h - a zone report as the tools print it
 *
 * The table (one line a zone, 7 columns, read by the guest scripts), JSON
 * that a JSON reader gets exactly (a write pointer that does not exist is
 * null), libzbd zbd's CSV, nvme-cli's lines, which zones a report shows,
 * and the verdict of a layout check. Positions are in whatever unit the
 * zones are in: sectors, or LBAs for an NVMe namespace.
 */
#ifndef ZT_REPORT_H
#define ZT_REPORT_H

#include "zt-common.h"

/* The keys of a zone's JSON object. */
enum zt_json_keys {
	/* zone, start, length, capacity, wp, type, cond */
	ZT_JSON_KEYS_BLOCK,
	/* nvme-cli's slba, wp, cap, state, type, attrs; then zone, length */
	ZT_JSON_KEYS_NVME,
};

void zt_print_zone_header(FILE *out);
void zt_print_zone(FILE *out, const struct zmath_geom *geom,
		   const struct zt_zone *z);
void zt_print_zone_nvme(FILE *out, const struct zmath_geom *geom,
			const struct zt_zone *z);
void zt_print_csv(FILE *out, const struct zmath_geom *geom,
		  const struct zt_zone *zones, u64 nr_zones,
		  unsigned int unit_bytes);

void zt_json_str(FILE *out, const char *s);
void zt_json_begin(FILE *out, const char *device);
void zt_json_u64(FILE *out, const char *key, u64 val);
void zt_json_bool(FILE *out, const char *key, bool val);
void zt_print_zone_json(FILE *out, const struct zmath_geom *geom,
			const struct zt_zone *z, enum zt_json_keys keys);
void zt_json_zones(FILE *out, const char *key, const struct zmath_geom *geom,
		   const struct zt_zone *zones, u64 nr_zones,
		   enum zt_json_keys keys);
void zt_json_end(FILE *out, bool check, unsigned int problems);

int zt_report_select(const struct zt_zone *zones, u64 nr_zones, u64 offset,
		     u64 length, u64 count, u64 *begin, u64 *end);

/**
 * struct zt_layout - what a layout check covered, for its verdict
 * @device: the device's path
 * @unit: "sectors" or "LBAs"
 * @geom: the zone geometry
 * @capacity: the device's capacity
 * @nr_zones: the zones reported
 */
struct zt_layout {
	const char *device;
	const char *unit;
	const struct zmath_geom *geom;
	u64 capacity;
	u64 nr_zones;
};

int zt_print_verdict(FILE *out, const struct zt_layout *l,
		     unsigned int problems);

#endif /* ZT_REPORT_H */
