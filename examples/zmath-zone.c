// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath-zone - report, check and manage the zones of a zoned block device
 *
 * Unlike blkzone(8) of util-linux 2.38, which checks offsets with a
 * power-of-2 mask, every zone number and boundary here comes from libzmath,
 * so devices whose zone size is not a power of 2 are handled exactly.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "zt-common.h"
#include "zt-dev.h"

static const char *prog = "zmath-zone";

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: %s [report] [--json] [--check] [--quiet] DEVICE\n"
		"       %s reset|open|close|finish --offset SECTOR [--length SECTORS]\n"
		"                  [--force-unchecked] DEVICE\n"
		"\n"
		"Report the zones of a zoned block device (zone number from libzmath,\n"
		"start, length, capacity, write pointer, type, condition), check the\n"
		"layout against libzmath's geometry, or reset, open, close or finish\n"
		"a range of zones. Positions and lengths are 512-byte sectors, decimal\n"
		"or 0x-hexadecimal.\n"
		"\n"
		"  -j, --json             print the report as JSON\n"
		"  -c, --check            check the layout: nr_zones from the capacity,\n"
		"                         zone i starting at zone boundary i, every zone\n"
		"                         zone-size long but a smaller last one, capacity\n"
		"                         within length, write pointers within capacity\n"
		"  -q, --quiet            with --check, print only the verdict\n"
		"  -o, --offset SECTOR    first sector of the range (a zone start)\n"
		"  -l, --length SECTORS   length of the range (default: one zone); must\n"
		"                         end on a zone boundary or at the capacity\n"
		"      --force-unchecked  pass the range to the kernel even if libzmath\n"
		"                         says it is misaligned (to see the kernel refuse)\n"
		"  -h, --help             this help\n"
		"\n"
		"Exit status: 0 done (and the layout holds), 1 failure or check failed,\n"
		"2 bad usage or a range refused before any ioctl.\n",
		prog, prog);
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

static void print_table(const struct zt_dev *dev, FILE *out)
{
	u64 i;

	print_header(dev, out);
	zt_print_zone_header(out);
	for (i = 0; i < dev->nr_zones; i++)
		zt_print_zone(out, &dev->geom, &dev->zones[i]);
}

static void print_json(const struct zt_dev *dev, bool check,
		       unsigned int problems)
{
	u64 i;

	printf("{\n  \"device\": ");
	zt_json_str(stdout, dev->path);
	printf(",\n  \"capacity\": %llu,\n  \"zone_size\": %llu,\n"
	       "  \"po2\": %s,\n  \"nr_zones\": %llu,\n"
	       "  \"dev_nr_zones\": %llu,\n  \"logical_block_size\": %u,\n"
	       "  \"capacity_reported\": %s,\n  \"zones\": [",
	       dev->capacity, dev->zone_size,
	       zmath_geom_is_po2(&dev->geom) ? "true" : "false",
	       zmath_geom_nr_zones(&dev->geom, dev->capacity),
	       dev->dev_nr_zones, dev->lbs,
	       dev->cap_valid ? "true" : "false");
	for (i = 0; i < dev->nr_zones; i++)
		zt_print_zone_json(stdout, &dev->geom, &dev->zones[i], i == 0);
	printf("\n  ]");
	if (check)
		printf(",\n  \"check\": {\"ok\": %s, \"problems\": %u}",
		       problems ? "false" : "true", problems);
	printf("\n}\n");
}

static int do_report(struct zt_dev *dev, bool json, bool check, bool quiet)
{
	unsigned int problems = 0;
	FILE *msg = json ? stderr : stdout;

	if (zt_dev_report(dev))
		return ZT_EXIT_FAIL;
	if (check)
		problems = zt_check_layout(&dev->geom, dev->capacity,
					   dev->dev_nr_zones, dev->zones,
					   dev->nr_zones, msg);
	if (json)
		print_json(dev, check, problems);
	else if (!quiet || !check)
		print_table(dev, stdout);
	if (!check)
		return ZT_EXIT_OK;
	if (problems) {
		fprintf(msg, "check: FAILED: %u problem%s in the layout of %s\n",
			problems, problems == 1 ? "" : "s", dev->path);
		return ZT_EXIT_FAIL;
	}
	fprintf(msg,
		"check: ok: %llu zones of %llu sectors (%s) cover %llu sectors, last zone %llu sectors\n",
		dev->nr_zones, dev->zone_size,
		zmath_geom_is_po2(&dev->geom) ? "po2" : "npo2",
		dev->capacity,
		zt_zone_len_at(&dev->geom, dev->capacity, dev->capacity - 1));
	return ZT_EXIT_OK;
}

static int do_mgmt(struct zt_dev *dev, const char *verb, u64 offset,
		   bool have_length, u64 length, bool force)
{
	enum zt_range_err err;
	char why[512];
	u64 first, i;
	int ret;

	if (!have_length) {
		length = zt_zone_len_at(&dev->geom, dev->capacity, offset);
		if (!length)
			length = 1;	/* let the check say "beyond" */
	}
	err = zt_check_range(&dev->geom, dev->capacity, offset, length);
	if (err != ZT_RANGE_OK) {
		zt_range_explain(why, sizeof(why), &dev->geom, dev->capacity,
				 offset, length, err, "sectors");
		if (!force) {
			fprintf(stderr, "%s: %s refused: %s\n", prog, verb,
				why);
			return ZT_EXIT_USAGE;
		}
		fprintf(stderr,
			"%s: warning: %s; passing it to the kernel anyway (--force-unchecked)\n",
			prog, why);
	}

	ret = zt_dev_zone_mgmt(dev, verb, offset, length);
	if (ret) {
		fprintf(stderr, "%s: %s: %s %llu+%llu: kernel refused: %s\n",
			prog, dev->path, verb, offset, length, strerror(-ret));
		return ZT_EXIT_FAIL;
	}

	first = zmath_geom_zone_no(&dev->geom, offset);
	printf("%s: zones %llu-%llu (sectors %llu+%llu) done\n", verb, first,
	       zmath_geom_zone_no(&dev->geom, offset + length - 1), offset,
	       length);
	if (zt_dev_report(dev))
		return ZT_EXIT_FAIL;
	for (i = first; i < dev->nr_zones &&
	     dev->zones[i].start < offset + length; i++)
		zt_print_zone(stdout, &dev->geom, &dev->zones[i]);
	return ZT_EXIT_OK;
}

static int parse_sectors(const char *opt, const char *arg, u64 *val)
{
	int ret = zt_parse_u64(arg, val);

	if (ret)
		fprintf(stderr, "%s: %s '%s': %s\n", prog, opt, arg,
			ret == -ERANGE ? "too large" :
			"not a number of sectors");
	return ret;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "check", no_argument, NULL, 'c' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "offset", required_argument, NULL, 'o' },
		{ "length", required_argument, NULL, 'l' },
		{ "force-unchecked", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, check = false, quiet = false, force = false;
	bool have_offset = false, have_length = false;
	const char *verb = "report", *path;
	u64 offset = 0, length = 0;
	struct zt_dev dev;
	int c, ret;

	while ((c = getopt_long(argc, argv, "jcqo:l:h", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = true;
			break;
		case 'c':
			check = true;
			break;
		case 'q':
			quiet = true;
			break;
		case 'o':
			if (parse_sectors("--offset", optarg, &offset))
				return ZT_EXIT_USAGE;
			have_offset = true;
			break;
		case 'l':
			if (parse_sectors("--length", optarg, &length))
				return ZT_EXIT_USAGE;
			have_length = true;
			break;
		case 'F':
			force = true;
			break;
		case 'h':
			usage(stdout);
			return ZT_EXIT_OK;
		default:
			usage(stderr);
			return ZT_EXIT_USAGE;
		}
	}

	if (argc - optind == 2) {
		verb = argv[optind++];
	} else if (argc - optind != 1) {
		fprintf(stderr, "%s: expected [VERB] DEVICE\n", prog);
		usage(stderr);
		return ZT_EXIT_USAGE;
	}
	path = argv[optind];

	if (strcmp(verb, "report")) {
		if (strcmp(verb, "reset") && strcmp(verb, "open") &&
		    strcmp(verb, "close") && strcmp(verb, "finish")) {
			fprintf(stderr,
				"%s: unknown verb '%s' (report, reset, open, close, finish)\n",
				prog, verb);
			return ZT_EXIT_USAGE;
		}
		if (!have_offset) {
			fprintf(stderr, "%s: %s needs --offset SECTOR\n", prog,
				verb);
			return ZT_EXIT_USAGE;
		}
		if (json || check) {
			fprintf(stderr, "%s: --json and --check go with report\n",
				prog);
			return ZT_EXIT_USAGE;
		}
	} else if (have_offset || have_length || force) {
		fprintf(stderr,
			"%s: --offset, --length and --force-unchecked go with reset, open, close and finish\n",
			prog);
		return ZT_EXIT_USAGE;
	}

	ret = zt_dev_open(&dev, prog, path,
			  strcmp(verb, "report") ? O_RDWR : O_RDONLY);
	if (ret)
		return ret;
	if (!strcmp(verb, "report"))
		ret = do_report(&dev, json, check, quiet);
	else
		ret = do_mgmt(&dev, verb, offset, have_length, length, force);
	zt_dev_close(&dev);
	return ret;
}
