// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath-zone - report, check and manage the zones of a zoned block device
 *
 * Unlike blkzone(8) of util-linux 2.38, which checks offsets with a
 * power-of-2 mask, every zone number and boundary here comes from libzmath,
 * so devices whose zone size is not a power of 2 are handled exactly.
 */
#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "zt-cli.h"
#include "zt-common.h"
#include "zt-dev.h"
#include "zt-report.h"

static const char *prog = "zmath-zone";

/* What the command line asks for. */
struct zone_opts {
	const char *verb;
	bool json, csv, check, quiet;
	bool all, force, force_unchecked;
	bool have_offset, have_length, have_count;
	u64 offset, length, count;
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: %s [report] [-o OFFSET] [-l LENGTH] [-c COUNT]\n"
		"                  [--json|--csv] [--check [--quiet]] DEVICE\n"
		"       %s reset|open|close|finish -o OFFSET [-l LENGTH|-c COUNT]\n"
		"                  [-f] [--force-unchecked] DEVICE\n"
		"       %s reset|open|close|finish --all [-f] DEVICE\n"
		"\n"
		"Report the zones of a zoned block device (zone number from libzmath,\n"
		"start, length, capacity, write pointer, type, condition), check the\n"
		"layout against libzmath's geometry, or reset, open, close or finish\n"
		"a range of zones. OFFSET and LENGTH are 512-byte sectors, decimal or\n"
		"0x-hexadecimal, or sizes with a suffix (96M, 1G, 4096B), as blkzone\n"
		"takes them.\n"
		"\n"
		"  -o, --offset OFFSET    report: from the zone that holds it (0);\n"
		"                         management: first sector, a zone start\n"
		"  -l, --length LENGTH    length of the range; management: must end on\n"
		"                         a zone boundary or at the capacity (one zone)\n"
		"  -c, --count COUNT      number of zones (report: at most)\n"
		"  -a, --all              management: every zone of the device\n"
		"  -f, --force            management: open the device even if it is\n"
		"                         mounted or held exclusively (no O_EXCL)\n"
		"      --force-unchecked  pass the range to the kernel even if libzmath\n"
		"                         says it is misaligned (to see the kernel refuse)\n"
		"  -j, --json             report as JSON (a missing write pointer: null)\n"
		"      --csv              report as libzbd's zbd -csv (bytes)\n"
		"      --check            check the layout of the whole device: nr_zones\n"
		"                         from the capacity, zone i starting at zone\n"
		"                         boundary i, every zone zone-size long but a\n"
		"                         smaller last one, capacity within length, write\n"
		"                         pointers within capacity\n"
		"  -q, --quiet            with --check, print only the verdict\n"
		"  -v, --verbose          say how the device is opened, each zone reset\n"
		"  -V, --version          print the version\n"
		"  -h, --help             this help\n"
		"\n"
		"Exit status: 0 done (and the layout holds), 1 failure, device refused\n"
		"or check failed, 2 bad usage or a range refused before any ioctl.\n",
		prog, prog, prog);
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

static void print_json(const struct zt_dev *dev, u64 begin, u64 end,
		       bool check, unsigned int problems)
{
	zt_json_begin(stdout, dev->path);
	zt_json_u64(stdout, "capacity", dev->capacity);
	zt_json_u64(stdout, "zone_size", dev->zone_size);
	zt_json_bool(stdout, "po2", zmath_geom_is_po2(&dev->geom));
	zt_json_u64(stdout, "nr_zones",
		    zmath_geom_nr_zones(&dev->geom, dev->capacity));
	zt_json_u64(stdout, "dev_nr_zones", dev->dev_nr_zones);
	zt_json_u64(stdout, "logical_block_size", dev->lbs);
	zt_json_bool(stdout, "capacity_reported", dev->cap_valid);
	zt_json_zones(stdout, "zones", &dev->geom, dev->zones + begin,
		      end - begin, ZT_JSON_KEYS_BLOCK);
	zt_json_end(stdout, check, problems);
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
		print_json(dev, begin, end, o->check, problems);
	} else if (o->csv) {
		zt_print_csv(stdout, &dev->geom, dev->zones + begin,
			     end - begin, ZT_SECTOR_SIZE);
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
	if (report) {
		if (o->all || o->force || o->force_unchecked) {
			fprintf(stderr,
				"%s: --all, --force and --force-unchecked go with reset, open, close and finish\n",
				prog);
			return ZT_EXIT_USAGE;
		}
		if (o->json && o->csv) {
			fprintf(stderr, "%s: --json and --csv: choose one\n",
				prog);
			return ZT_EXIT_USAGE;
		}
		if (o->check && (o->have_offset || o->have_length ||
				 o->have_count)) {
			fprintf(stderr,
				"%s: --check checks the whole device: drop --offset, --length and --count\n",
				prog);
			return ZT_EXIT_USAGE;
		}
		return ZT_EXIT_OK;
	}
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
};

int main(int argc, char **argv)
{
	static const struct option long_opts[] = {
		{ "offset", required_argument, NULL, 'o' },
		{ "length", required_argument, NULL, 'l' },
		ZT_CLI_ZONE_LONGOPTS,
		{ "quiet", no_argument, NULL, 'q' },
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
	ret = zt_cli_operands(prog, usage, argc, argv, &o.verb, &path);
	if (!ret)
		ret = check_opts(&o);
	if (ret)
		return ret;

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
