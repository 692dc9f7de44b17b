// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath-zone - report, check and manage the zones of a zoned block device
 *
 * Unlike blkzone(8) of util-linux 2.38, which checks offsets with a
 * power-of-2 mask, every zone number and boundary here comes from libzmath,
 * so devices whose zone size is not a power of 2 are handled exactly.
 * Its geometry verb needs no device: it lays zones of any size over a
 * capacity given in bytes, for whoever has no zoned drive at hand.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "zt-cli.h"
#include "zt-dev.h"
#include "zt-format.h"
#include "zt-layout.h"
#include "zt-report.h"
#include "zt-zone.h"

static const char *prog = "zmath-zone";

/* What the command line asks for. */
struct zone_opts {
	const char *verb;
	bool json, csv, check, quiet;
	bool all, force, force_unchecked;
	bool have_offset, have_length, have_count;
	u64 offset, length, count;
	/* geometry: bytes */
	bool have_zone_size, have_capacity, have_zone_cap;
	u64 zone_size, capacity, zone_cap;
};

/* geometry's options, which no other verb takes */
enum {
	OPT_ZONE_SIZE = ZT_OPT_TOOL_FIRST,
	OPT_CAPACITY,
	OPT_ZONE_CAPACITY,
};

/**
 * usage_units() - the help's paragraphs on the units options read
 * @out: where to print them
 *
 * Device verbs take 512-byte sectors as blkzone does, geometry bytes;
 * both read numbers as util-linux's strtosize() does.
 */
static void usage_units(FILE *out)
{
	fputs("SECTOR and SECTORS count 512-byte sectors, whatever the logical block\n"
	      "size, as blkzone's -o and -l: decimal, 0x-hexadecimal or 0-prefixed\n"
	      "octal, then an optional suffix that multiplies the number as util-linux\n"
	      "reads sizes: K, M, G, T, P, E, alone or with iB, are powers of 1024;\n"
	      "KB, MB, GB, TB, PB, EB powers of 1000. So -o 1M is sector 1048576\n"
	      "(byte 512 MiB) and -o 1MB sector 1000000. ZONES counts zones.\n"
	      "\n"
	      "geometry opens no device: it prints how many zones a drive of the\n"
	      "capacity has (a smaller last zone counts), the size of a smaller last\n"
	      "zone, the usable capacity (the sum of the zone capacities, a smaller\n"
	      "last zone's capped at its size), and for each POSITION its zone number,\n"
	      "offset in zone, zone start and whether it is zone-aligned. Its sizes\n"
	      "and positions are BYTES, read by the same rules (96M = 96MiB =\n"
	      "100663296, 96MB = 96000000); fractions are refused. Each POSITION must\n"
	      "be below the capacity; sizes are 1 to 2^64 - 1 bytes.\n"
	      "\n", out);
}

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: %s [report] [-o SECTOR] [-l SECTORS] [-c ZONES]\n"
		"                  [--json|--csv] [--check [--quiet]] DEVICE\n"
		"       %s reset|open|close|finish -o SECTOR [-l SECTORS|-c ZONES]\n"
		"                  [-f] [--force-unchecked] DEVICE\n"
		"       %s reset|open|close|finish --all [-f] DEVICE\n"
		"       %s geometry --zone-size BYTES --capacity BYTES\n"
		"                  [--zone-capacity BYTES] [--json] [POSITION...]\n"
		"\n"
		"Report the zones of a zoned block device (zone number from libzmath,\n"
		"start, length, capacity, write pointer, type, condition), check the\n"
		"layout against libzmath's geometry, or reset, open, close or finish\n"
		"a range of zones.\n"
		"\n",
		prog, prog, prog, prog);
	usage_units(out);
	fputs("  -o, --offset SECTOR    report: from the zone that holds this sector\n"
	      "                         (default 0); management: the first sector of\n"
	      "                         the range, a zone start\n"
	      "  -l, --length SECTORS   sectors in the range; management: it must end\n"
	      "                         on a zone boundary or at the capacity\n"
	      "  -c, --count ZONES      zones in the range (report: at most;\n"
	      "                         management: 1 unless given)\n"
	      "  -a, --all              management: every zone of the device\n"
	      "  -f, --force            management: open the device even if it is\n"
	      "                         mounted or held exclusively (no O_EXCL)\n"
	      "      --force-unchecked  pass the range to the kernel even if libzmath\n"
	      "                         says it is misaligned (to see the kernel refuse)\n"
	      "  -j, --json             report as JSON, zmath-zns's schema: positions\n"
	      "                         in 512-byte sectors (\"units\": \"sectors\"),\n"
	      "                         nr_zones the zones in zone_list, each with\n"
	      "                         nvme-cli's slba, wp (null if none), cap,\n"
	      "                         state, type, attrs; or geometry as JSON (keys\n"
	      "                         name their unit: _bytes)\n"
	      "      --csv              report as libzbd's zbd report -csv -u 512:\n"
	      "                         positions in 512-byte sectors\n"
	      "      --check            check the layout of the whole device: the zone\n"
	      "                         count from the capacity, zone i starting at\n"
	      "                         zone boundary i, every zone zone-size long but\n"
	      "                         a smaller last one, capacity within length,\n"
	      "                         write pointers within capacity\n"
	      "  -q, --quiet            with --check, print only the verdict\n"
	      "      --zone-size BYTES  geometry: the zone size\n"
	      "      --capacity BYTES   geometry: the drive's capacity\n"
	      "      --zone-capacity BYTES\n"
	      "                         geometry: the writable bytes of each zone, 1 up\n"
	      "                         to the zone size (default: the zone size)\n"
	      "  -v, --verbose          say how the device is opened, each zone reset\n"
	      "  -V, --version          print the version\n"
	      "  -h, --help             this help\n"
	      "\n"
	      "Exit status: 0 done (and the layout holds), 1 failure, device refused\n"
	      "or check failed, 2 bad usage, a range refused before any ioctl or a\n"
	      "geometry refused.\n", out);
}

static void print_header(const struct zt_dev *dev, FILE *out)
{
	u64 last = zt_zone_len_at(&dev->geom, dev->capacity,
				  dev->capacity ? dev->capacity - 1 : 0);
	char size[32];

	fprintf(out,
		"%s: %llu sectors, %llu zones of %llu sectors (%s, %s), last zone %llu sectors, logical block %u bytes%s\n",
		dev->path, dev->capacity,
		zmath_geom_nr_zones(&dev->geom, dev->capacity),
		dev->zone_size,
		zt_fmt_size(size, sizeof(size), dev->zone_size << 9),
		zmath_geom_is_po2(&dev->geom) ? "po2" : "npo2", last,
		dev->lbs,
		dev->cap_valid ? "" : ", no zone capacity reported");
	if (dev->max_open || dev->max_active)
		fprintf(out, "  max open zones %u, max active zones %u (0: no limit)\n",
			dev->max_open, dev->max_active);
}

static int do_report(struct zt_dev *dev, const struct zone_opts *o)
{
	struct zt_layout layout = {
		.device = dev->path, .unit = "sectors", .geom = &dev->geom,
		.capacity = dev->capacity,
	};
	unsigned int problems = 0;
	FILE *msg = o->json || o->csv ? stderr : stdout;
	u64 begin = 0, end, i;

	if (zt_dev_report(dev))
		return ZT_EXIT_FAIL;
	end = dev->nr_zones;
	if (zt_report_select(dev->zones, dev->nr_zones, o->offset, o->length,
			     o->count, &begin, &end)) {
		fprintf(stderr,
			"%s: --offset %llu: past the end of the device (%llu sectors)\n",
			prog, o->offset, dev->capacity);
		return ZT_EXIT_USAGE;
	}
	if (o->check)
		problems = zt_dev_check_layout(dev, msg);
	if (o->json) {
		struct zt_json_report r = {
			.dev = dev, .units = "sectors",
			.unit_bytes = ZT_SECTOR_SIZE, .begin = begin,
			.end = end, .check = o->check, .problems = problems,
		};

		zt_print_report_json(stdout, &r);
	} else if (o->csv) {
		zt_print_csv(stdout, &dev->geom, dev->zones + begin,
			     end - begin);
	} else if (!o->quiet || !o->check) {
		print_header(dev, stdout);
		zt_print_zone_header(stdout);
		for (i = begin; i < end; i++)
			zt_print_zone(stdout, &dev->geom, &dev->zones[i]);
	}
	if (!o->check)
		return ZT_EXIT_OK;
	layout.nr_zones = dev->nr_zones;
	return zt_print_verdict(msg, &layout, problems);
}

/* The range a management verb covers: --all, --count or --length. */
static int mgmt_range(const struct zt_dev *dev, const struct zone_opts *o,
		      u64 *offset, u64 *length)
{
	u64 nr = zmath_geom_nr_zones(&dev->geom, dev->capacity);
	u64 first, end;

	*offset = o->offset;
	if (o->all) {
		*offset = 0;
		*length = dev->capacity;
	} else if (o->have_length) {
		*length = o->length;
	} else {
		/* --count zones, one by default, from the zone of offset */
		first = zmath_geom_zone_no(&dev->geom, o->offset);
		if (first >= nr || o->count > nr - first) {
			fprintf(stderr,
				"%s: %llu zone%s from zone %llu: the device has %llu zones\n",
				prog, o->count, o->count == 1 ? "" : "s", first,
				nr);
			return ZT_EXIT_USAGE;
		}
		end = (first + o->count) * dev->zone_size;
		*length = (end < dev->capacity ? end : dev->capacity) -
			  o->offset;
	}
	return ZT_EXIT_OK;
}

static int do_mgmt(struct zt_dev *dev, const struct zone_opts *o)
{
	enum zt_range_err err;
	u64 offset, length, first, i;
	char why[512];
	int ret;

	ret = mgmt_range(dev, o, &offset, &length);
	if (ret)
		return ret;
	err = zt_check_range(&dev->geom, dev->capacity, offset, length);
	if (err != ZT_RANGE_OK) {
		zt_range_explain(why, sizeof(why), &dev->geom, dev->capacity,
				 offset, length, err, "sectors");
		if (!o->force_unchecked) {
			fprintf(stderr, "%s: %s refused: %s\n", prog, o->verb,
				why);
			return ZT_EXIT_USAGE;
		}
		fprintf(stderr,
			"%s: warning: %s; passing it to the kernel anyway (--force-unchecked)\n",
			prog, why);
	}

	if (zt_verbose)
		fprintf(stderr, "%s: %s: %s %llu+%llu\n", prog, dev->path,
			o->verb, offset, length);
	ret = zt_dev_zone_mgmt(dev, o->verb, offset, length);
	if (ret) {
		fprintf(stderr, "%s: %s: %s %llu+%llu: kernel refused: %s\n",
			prog, dev->path, o->verb, offset, length,
			strerror(-ret));
		return ZT_EXIT_FAIL;
	}

	first = zmath_geom_zone_no(&dev->geom, offset);
	printf("%s: zones %llu-%llu (sectors %llu+%llu) done\n", o->verb,
	       first, zmath_geom_zone_no(&dev->geom, offset + length - 1),
	       offset, length);
	if (zt_dev_report(dev))
		return ZT_EXIT_FAIL;
	for (i = first; i < dev->nr_zones &&
	     dev->zones[i].start < offset + length; i++)
		zt_print_zone(stdout, &dev->geom, &dev->zones[i]);
	return ZT_EXIT_OK;
}

/**
 * struct geometry - a drive that geometry lays zones over, in bytes
 * @geom: libzmath's geometry of the zone size
 * @capacity: the drive's capacity
 * @zone_cap: the zone capacity of every full zone
 * @nr_zones: zones that cover @capacity, a smaller last one included
 * @last_zone: size of a smaller last zone, 0 if there is none
 * @usable: sum of the zone capacities
 */
struct geometry {
	struct zmath_geom geom;
	u64 capacity;
	u64 zone_cap;
	u64 nr_zones;
	u64 last_zone;
	u64 usable;
};

/**
 * geometry_init() - lay zones over a capacity
 * @g: the geometry to fill in
 * @o: the options, checked by check_geometry_opts()
 *
 * The zone capacity of a smaller last zone is the zone capacity, or the
 * zone's size if that is less. The usable capacity never wraps: each full
 * zone adds at most its size, the last one at most its size, and together
 * they are the capacity, at most 2^64 - 1.
 *
 * Return: 0, or what zmath_geom_init() returned.
 */
static int geometry_init(struct geometry *g, const struct zone_opts *o)
{
	u64 full;
	int ret;

	ret = zmath_geom_init(&g->geom, o->zone_size);
	if (ret)
		return ret;
	g->capacity = o->capacity;
	g->zone_cap = o->have_zone_cap ? o->zone_cap : o->zone_size;
	g->nr_zones = zmath_geom_nr_zones(&g->geom, g->capacity);
	full = zmath_geom_zone_no(&g->geom, g->capacity);
	g->last_zone = zmath_geom_zone_offset(&g->geom, g->capacity);
	g->usable = full * g->zone_cap +
		    (g->last_zone < g->zone_cap ? g->last_zone : g->zone_cap);
	return 0;
}

/**
 * fmt_bytes() - a byte count that names its unit
 * @buf: where to write it
 * @size: size of @buf
 * @bytes: the byte count
 *
 * Return: @buf: "100663296 bytes (96 MiB)", with the largest exact binary
 * unit, or "1000 bytes" if there is none.
 */
static const char *fmt_bytes(char *buf, size_t size, u64 bytes)
{
	char human[32];

	if (bytes && !(bytes & 1023))
		snprintf(buf, size, "%llu bytes (%s)", bytes,
			 zt_fmt_size(human, sizeof(human), bytes));
	else
		snprintf(buf, size, "%llu byte%s", bytes, bytes == 1 ? "" : "s");
	return buf;
}

/**
 * print_geometry_text() - geometry's result, one line a value
 * @g: the geometry
 * @pos: the positions, below the capacity
 * @nr_pos: how many
 */
static void print_geometry_text(const struct geometry *g, const u64 *pos,
				int nr_pos)
{
	char a[64], b[64], c[64];
	int i;

	printf("zone size:         %s, %s\n",
	       fmt_bytes(a, sizeof(a), g->geom.zone_size),
	       zmath_geom_is_po2(&g->geom) ? "a power of 2" :
	       "not a power of 2");
	printf("zone capacity:     %s\n", fmt_bytes(a, sizeof(a), g->zone_cap));
	printf("capacity:          %s\n", fmt_bytes(a, sizeof(a), g->capacity));
	printf("zones:             %llu\n", g->nr_zones);
	printf("smaller last zone: %s\n", g->last_zone ?
	       fmt_bytes(a, sizeof(a), g->last_zone) : "none");
	printf("usable capacity:   %s\n", fmt_bytes(a, sizeof(a), g->usable));
	for (i = 0; i < nr_pos; i++)
		printf("position %s: zone %llu, offset in zone %s, zone start %s, %s\n",
		       fmt_bytes(a, sizeof(a), pos[i]),
		       zmath_geom_zone_no(&g->geom, pos[i]),
		       fmt_bytes(b, sizeof(b),
				 zmath_geom_zone_offset(&g->geom, pos[i])),
		       fmt_bytes(c, sizeof(c),
				 zmath_geom_zone_start(&g->geom, pos[i])),
		       zmath_geom_is_aligned(&g->geom, pos[i]) ?
		       "zone-aligned" : "not zone-aligned");
}

/**
 * print_geometry_json() - geometry's result as a JSON object
 * @g: the geometry
 * @pos: the positions, below the capacity
 * @nr_pos: how many
 *
 * Keys of sizes and positions end in _bytes; a smaller last zone that does
 * not exist is null.
 */
static void print_geometry_json(const struct geometry *g, const u64 *pos,
				int nr_pos)
{
	int i;

	printf("{\n  \"zone_size_bytes\": %llu", g->geom.zone_size);
	zt_json_u64(stdout, "zone_capacity_bytes", g->zone_cap);
	zt_json_u64(stdout, "capacity_bytes", g->capacity);
	zt_json_bool(stdout, "po2", zmath_geom_is_po2(&g->geom));
	zt_json_u64(stdout, "zmath_nr_zones", g->nr_zones);
	if (g->last_zone)
		zt_json_u64(stdout, "smaller_last_zone_bytes", g->last_zone);
	else
		printf(",\n  \"smaller_last_zone_bytes\": null");
	zt_json_u64(stdout, "usable_capacity_bytes", g->usable);
	printf(",\n  \"positions\": [");
	for (i = 0; i < nr_pos; i++) {
		printf("%s\n    {\"position_bytes\": %llu", i ? "," : "",
		       pos[i]);
		printf(", \"zone\": %llu", zmath_geom_zone_no(&g->geom, pos[i]));
		printf(", \"offset_in_zone_bytes\": %llu",
		       zmath_geom_zone_offset(&g->geom, pos[i]));
		printf(", \"zone_start_bytes\": %llu",
		       zmath_geom_zone_start(&g->geom, pos[i]));
		printf(", \"aligned\": %s}",
		       zmath_geom_is_aligned(&g->geom, pos[i]) ?
		       "true" : "false");
	}
	printf("%s]", nr_pos ? "\n  " : "");
	zt_json_end(stdout, false, 0);
}

/**
 * parse_positions() - the POSITION operands of geometry, in bytes
 * @o: the options, whose capacity a position must lie below
 * @nr: how many operands
 * @args: the operands
 * @pos: where to store them, @nr of them
 *
 * Return: ZT_EXIT_OK, or ZT_EXIT_USAGE after saying which one is refused.
 */
static int parse_positions(const struct zone_opts *o, int nr, char **args,
			   u64 *pos)
{
	int i;

	for (i = 0; i < nr; i++) {
		if (zt_cli_parse_num(prog, "position", args[i], ZT_NUM_BYTES,
				     &pos[i]))
			return ZT_EXIT_USAGE;
		if (pos[i] >= o->capacity) {
			fprintf(stderr,
				"%s: position %s (%llu bytes): at or past the end of the capacity, %llu bytes; the last byte is %llu\n",
				prog, args[i], pos[i], o->capacity,
				o->capacity - 1);
			return ZT_EXIT_USAGE;
		}
	}
	return ZT_EXIT_OK;
}

/**
 * do_geometry() - print the zones of a drive that is not there
 * @o: the options, checked by check_geometry_opts()
 * @nr: how many POSITION operands
 * @args: the POSITION operands
 *
 * Every position is checked before anything is printed.
 *
 * Return: ZT_EXIT_OK, ZT_EXIT_USAGE for a bad position, ZT_EXIT_FAIL if
 * memory runs out.
 */
static int do_geometry(const struct zone_opts *o, int nr, char **args)
{
	struct geometry g;
	u64 *pos;
	int ret;

	pos = calloc(nr ? nr : 1, sizeof(*pos));
	if (!pos) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return ZT_EXIT_FAIL;
	}
	ret = parse_positions(o, nr, args, pos);
	if (!ret && geometry_init(&g, o)) {
		fprintf(stderr, "%s: libzmath refuses zone size %llu\n", prog,
			o->zone_size);
		ret = ZT_EXIT_FAIL;
	}
	if (!ret && o->json)
		print_geometry_json(&g, pos, nr);
	else if (!ret)
		print_geometry_text(&g, pos, nr);
	free(pos);
	return ret;
}

/**
 * check_geometry_opts() - refuse what geometry cannot lay out
 * @o: the options, with the verb
 *
 * geometry's options go with no other verb and the device options not with
 * geometry; a zone size, a capacity or a zone capacity of 0 and a zone
 * capacity above the zone size are refused. Positions are checked later.
 *
 * Return: ZT_EXIT_OK, or ZT_EXIT_USAGE after saying what is wrong.
 */
static int check_geometry_opts(const struct zone_opts *o)
{
	if (strcmp(o->verb, "geometry")) {
		if (!o->have_zone_size && !o->have_capacity &&
		    !o->have_zone_cap)
			return ZT_EXIT_OK;
		fprintf(stderr,
			"%s: --zone-size, --capacity and --zone-capacity go with geometry\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (o->have_offset || o->have_length || o->have_count || o->all ||
	    o->force || o->force_unchecked || o->csv || o->check || o->quiet) {
		fprintf(stderr,
			"%s: geometry opens no device: it takes --zone-size, --capacity, --zone-capacity and --json\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (!o->have_zone_size || !o->have_capacity) {
		fprintf(stderr, "%s: geometry needs --zone-size and --capacity\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (!o->zone_size) {
		fprintf(stderr, "%s: --zone-size 0: a zone holds 1 byte or more\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (!o->capacity) {
		fprintf(stderr,
			"%s: --capacity 0: a drive of no bytes has no zones; give 1 byte or more\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (o->have_zone_cap && !o->zone_cap) {
		fprintf(stderr,
			"%s: --zone-capacity 0: a zone holds 1 writable byte or more\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (o->have_zone_cap && o->zone_cap > o->zone_size) {
		fprintf(stderr,
			"%s: --zone-capacity %llu bytes: more than the zone size, %llu bytes\n",
			prog, o->zone_cap, o->zone_size);
		return ZT_EXIT_USAGE;
	}
	return ZT_EXIT_OK;
}

/* report: no management option, one format at most, --check alone. */
static int check_report_opts(const struct zone_opts *o)
{
	if (o->all || o->force || o->force_unchecked) {
		fprintf(stderr,
			"%s: --all, --force and --force-unchecked go with reset, open, close and finish\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (o->json && o->csv) {
		fprintf(stderr, "%s: --json and --csv: choose one\n", prog);
		return ZT_EXIT_USAGE;
	}
	if (o->check && (o->have_offset || o->have_length || o->have_count)) {
		fprintf(stderr,
			"%s: --check checks the whole device: drop --offset, --length and --count\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	return ZT_EXIT_OK;
}

/* Options that do not go together, refused before the device is opened. */
static int check_opts(struct zone_opts *o)
{
	bool report = !strcmp(o->verb, "report");

	if (!report && strcmp(o->verb, "reset") && strcmp(o->verb, "open") &&
	    strcmp(o->verb, "close") && strcmp(o->verb, "finish")) {
		fprintf(stderr,
			"%s: unknown verb '%s' (report, reset, open, close, finish)\n",
			prog, o->verb);
		return ZT_EXIT_USAGE;
	}
	if (o->have_count && !o->count) {
		fprintf(stderr, "%s: --count 0: give 1 zone or more\n", prog);
		return ZT_EXIT_USAGE;
	}
	if (report)
		return check_report_opts(o);
	if (o->json || o->csv || o->check || o->quiet) {
		fprintf(stderr,
			"%s: --json, --csv, --check and --quiet go with report\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (o->all && (o->have_offset || o->have_length || o->have_count)) {
		fprintf(stderr,
			"%s: --all and --offset, --length, --count exclude each other\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (o->have_length && o->have_count) {
		fprintf(stderr, "%s: --length and --count exclude each other\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (!o->all && !o->have_offset) {
		fprintf(stderr, "%s: %s needs --offset SECTOR or --all\n", prog,
			o->verb);
		return ZT_EXIT_USAGE;
	}
	if (!o->have_count)
		o->count = 1;
	return ZT_EXIT_OK;
}

/* One line of note_sectors(): a sector number, or a count of them. */
static void note_sector_opt(const char *opt, u64 val, bool count)
{
	fprintf(stderr, count ? "%s: %s: %llu sectors" : "%s: %s: sector %llu",
		prog, opt, val);
	if (val <= UINT64_MAX / ZT_SECTOR_SIZE)
		fprintf(stderr, count ? " (%llu bytes)" : " (byte %llu)",
			val * ZT_SECTOR_SIZE);
	fputc('\n', stderr);
}

/**
 * note_sectors() - with -v, say how --offset and --length were read
 * @o: the options
 *
 * They are sector numbers whatever their suffix, as blkzone reads them:
 * "-o 1M" is sector 1048576, byte 512 MiB.
 */
static void note_sectors(const struct zone_opts *o)
{
	if (zt_verbose && o->have_offset)
		note_sector_opt("--offset", o->offset, false);
	if (zt_verbose && o->have_length)
		note_sector_opt("--length", o->length, true);
}

#define ZONE_OPT(c, name, kind, field, given)				\
	{ c, name, kind, offsetof(struct zone_opts, field), given }
#define ZONE_GIVEN(field)	offsetof(struct zone_opts, field)

static const struct zt_cli_opt zone_opt_table[] = {
	ZONE_OPT('o', "--offset", ZT_NUM_SECTORS, offset,
		 ZONE_GIVEN(have_offset)),
	ZONE_OPT('l', "--length", ZT_NUM_SECTORS, length,
		 ZONE_GIVEN(have_length)),
	ZONE_OPT('c', "--count", ZT_NUM_PLAIN, count, ZONE_GIVEN(have_count)),
	ZONE_OPT('a', "--all", ZT_NUM_FLAG, all, ZT_CLI_NO_FIELD),
	ZONE_OPT('f', "--force", ZT_NUM_FLAG, force, ZT_CLI_NO_FIELD),
	ZONE_OPT(ZT_OPT_FORCE_UNCHECKED, "--force-unchecked", ZT_NUM_FLAG,
		 force_unchecked, ZT_CLI_NO_FIELD),
	ZONE_OPT('j', "--json", ZT_NUM_FLAG, json, ZT_CLI_NO_FIELD),
	ZONE_OPT(ZT_OPT_CSV, "--csv", ZT_NUM_FLAG, csv, ZT_CLI_NO_FIELD),
	ZONE_OPT(ZT_OPT_CHECK, "--check", ZT_NUM_FLAG, check, ZT_CLI_NO_FIELD),
	ZONE_OPT('q', "--quiet", ZT_NUM_FLAG, quiet, ZT_CLI_NO_FIELD),
	ZONE_OPT(OPT_ZONE_SIZE, "--zone-size", ZT_NUM_BYTES, zone_size,
		 ZONE_GIVEN(have_zone_size)),
	ZONE_OPT(OPT_CAPACITY, "--capacity", ZT_NUM_BYTES, capacity,
		 ZONE_GIVEN(have_capacity)),
	ZONE_OPT(OPT_ZONE_CAPACITY, "--zone-capacity", ZT_NUM_BYTES, zone_cap,
		 ZONE_GIVEN(have_zone_cap)),
};

int main(int argc, char **argv)
{
	static const struct option long_opts[] = {
		{ "offset", required_argument, NULL, 'o' },
		{ "length", required_argument, NULL, 'l' },
		ZT_CLI_ZONE_LONGOPTS,
		{ "quiet", no_argument, NULL, 'q' },
		{ "zone-size", required_argument, NULL, OPT_ZONE_SIZE },
		{ "capacity", required_argument, NULL, OPT_CAPACITY },
		{ "zone-capacity", required_argument, NULL, OPT_ZONE_CAPACITY },
		ZT_CLI_COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	struct zone_opts o = { .verb = "report" };
	const char *path;
	struct zt_dev dev;
	int c, ret;

	while ((c = getopt_long(argc, argv, "o:l:c:afjq" ZT_CLI_COMMON_SHORTOPTS,
				long_opts, NULL)) != -1) {
		ret = zt_cli_option(zone_opt_table,
				    ZT_ARRAY_SIZE(zone_opt_table), c, optarg,
				    prog, &o, usage);
		if (ret >= 0)
			return ret;
	}
	if (optind < argc && !strcmp(argv[optind], "geometry")) {
		o.verb = "geometry";
		ret = check_geometry_opts(&o);
		if (ret)
			return ret;
		return do_geometry(&o, argc - optind - 1, argv + optind + 1);
	}
	ret = zt_cli_operands(prog, argc, argv, &o.verb, &path);
	if (!ret)
		ret = check_geometry_opts(&o);
	if (!ret)
		ret = check_opts(&o);
	if (ret)
		return ret;
	note_sectors(&o);

	ret = zt_dev_open(&dev, prog, path,
			  zt_cli_open_flags(strcmp(o.verb, "report"), o.force));
	if (ret) {
		zt_cli_busy_hint(prog, dev.open_err);
		return ret;
	}
	if (!strcmp(o.verb, "report"))
		ret = do_report(&dev, &o);
	else
		ret = do_mgmt(&dev, &o);
	zt_dev_close(&dev);
	return ret;
}
