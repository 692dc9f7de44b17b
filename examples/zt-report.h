/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-report.h - a zone report as the tools print it
 *
 * The table (one line a zone, 7 columns, read by the guest scripts), JSON
 * that a JSON reader gets exactly (a write pointer that does not exist is
 * null) in one schema for every tool, libzbd zbd's CSV, nvme-cli's lines,
 * which zones a report shows, and the verdict of a layout check.
 * Positions are in whatever unit the zones are in, in every format:
 * 512-byte sectors, or LBAs for an NVMe namespace.
 */
#ifndef ZT_REPORT_H
#define ZT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include <linux/zmath.h>

#include "zt-dev.h"
#include "zt-zone.h"

/**
 * struct zt_json_report - what a zone report's JSON holds
 * @dev: the device, its geometry and its zone report
 * @nsid: the NVMe namespace id, 0 on a block device (null)
 * @units: the unit of every position and length: "sectors" or "lbas"
 * @unit_bytes: bytes in one unit: 512, or the LBA size
 * @begin: the first zone listed, an index in @dev->zones
 * @end: one past the last zone listed
 * @check: a layout check ran: its result is printed
 * @problems: the problems it found
 */
struct zt_json_report {
	const struct zt_dev *dev;
	unsigned int nsid;
	const char *units;
	unsigned int unit_bytes;
	u64 begin;
	u64 end;
	bool check;
	unsigned int problems;
};

void zt_print_zone_header(FILE *out);
void zt_print_zone(FILE *out, const struct zmath_geom *geom,
		   const struct zt_zone *z);
void zt_print_zone_nvme(FILE *out, const struct zmath_geom *geom,
			const struct zt_zone *z);
void zt_print_csv(FILE *out, const struct zmath_geom *geom,
		  const struct zt_zone *zones, u64 nr_zones);

void zt_json_str(FILE *out, const char *s);
void zt_json_u64(FILE *out, const char *key, u64 val);
void zt_json_bool(FILE *out, const char *key, bool val);
void zt_print_zone_json(FILE *out, const struct zmath_geom *geom,
			const struct zt_zone *z);
void zt_print_report_json(FILE *out, const struct zt_json_report *r);
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
