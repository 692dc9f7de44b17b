// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath-zns - NVMe Zoned Namespace tool on libnvme
 *
 * Talks to the namespace itself, not the block layer: identify (zone size
 * from the ZNS LBA format extension, capacity, open/active limits), report
 * and manage zones with libnvme's ZNS calls, and zone append through the
 * io_uring NVMe passthrough on the generic char device (/dev/ngXnY) where
 * the kernel offers it. Works on a namespace the kernel hides as a block
 * device, as Linux 6.1 does for zone sizes that are not a power of 2.
 * All zone math (zone numbers, boundaries, which zone an appended LBA
 * landed in) is libzmath's, in LBAs; what the namespace says of itself
 * (zone size, zone count, the zones) is read from it, so that --check can
 * find the two disagreeing. Options and output follow nvme-cli where it
 * has them (-n/--namespace-id, -s/--start-lba, hexadecimal LBAs, the keys
 * nr_zones, zone_list, slba, wp, cap, state, type, attrs), and its JSON
 * is zmath-zone's, in LBAs instead of sectors.
 */
#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <fcntl.h>
#include <libnvme.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef ZT_HAVE_LIBURING
#include <liburing.h>
#include <linux/nvme_ioctl.h>
#endif

#include "zt-cli.h"
#include "zt-dev.h"
#include "zt-format.h"
#include "zt-layout.h"
#include "zt-pattern.h"
#include "zt-report.h"
#include "zt-zone.h"

static const char *prog = "zmath-zns";

#define ZNS_REPORT_BYTES	(64 * 1024)
/* NVMe zone attributes: Reset Zone Recommended */
#define ZNS_ZA_RZR		(1U << 2)

/**
 * struct zns_ns - an open zoned namespace
 * @dev: what every zoned device has, in LBAs: @dev.capacity is the
 *       namespace size (NSZE), @dev.zone_size the zone size of the LBA
 *       format in use (ZSZE), @dev.dev_nr_zones the zone count the
 *       namespace reports, @dev.max_open and @dev.max_active its limits
 *       (0: none)
 * @nsid: namespace id
 * @held_fd: the namespace's block device, held open exclusively while the
 *           generic char device is written to; -1 if none
 */
struct zns_ns {
	struct zt_dev dev;
	__u32 nsid;
	int held_fd;
};

/* What the command line asks for. */
struct zns_opts {
	const char *verb;
	__u32 nsid;			/* 0: the device's own */
	bool json, csv, check;
	bool all, force, force_unchecked;
	bool have_slba, have_count, have_zone, append_opts;
	u64 slba, count, zone, blocks, qd;
	int via;
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: %s [identify] [-n NSID] DEVICE\n"
		"       %s report [-s LBA] [-c ZONES] [--json|--csv] [--check] DEVICE\n"
		"       %s reset|open|close|finish -s LBA|--all [-f]\n"
		"                 [--force-unchecked] DEVICE\n"
		"       %s append --zone ZONE [-c APPENDS] [--blocks LBAS]\n"
		"                 [--qd APPENDS] [--via auto|uring|ioctl] [-f] DEVICE\n"
		"\n"
		"DEVICE is an NVMe zoned namespace: /dev/ngXnY (the generic char\n"
		"device, present even when the kernel hides the block device) or\n"
		"/dev/nvmeXnY. LBA and LBAS count logical blocks of the namespace's\n"
		"format in use; ZONE is a zone number and ZONES a count of zones. All\n"
		"are decimal or 0x-hexadecimal; NSID and LBA, which nvme-cli's -n and\n"
		"-s take, are read as nvme-cli reads them: 0-prefixed octal too (010\n"
		"is 8). The report prints LBAs as nvme-cli does.\n"
		"\n", prog, prog, prog, prog);
	fputs("  identify              zone size from the LBA format extension\n"
	      "                        (po2 or npo2), zone capacity, zone count,\n"
	      "                        max open and active zones\n"
	      "  report                the zones (Zone Management Receive), as\n"
	      "                        nvme-cli's zns report-zones\n"
	      "  reset|open|close|finish  Zone Management Send on the zone that\n"
	      "                        starts at --start-lba, or on all zones (--all)\n"
	      "  append                zone appends to a zone; each returned LBA\n"
	      "                        must lie in it per libzmath, and the appends\n"
	      "                        must tile the zone from its write pointer;\n"
	      "                        the data is read back and checked\n"
	      "\n"
	      "  -n, --namespace-id NSID  namespace id to use (default: DEVICE's own)\n"
	      "  -s, --start-lba LBA   report: from the zone that holds this LBA;\n"
	      "                        management: the zone's start LBA\n"
	      "  -c, --count ZONES|APPENDS  report: at most ZONES zones; append:\n"
	      "                        APPENDS appends (default 8)\n"
	      "  -a, --all             select all zones\n"
	      "  -f, --force           write even if the namespace's block device is\n"
	      "                        mounted or held exclusively (no O_EXCL)\n"
	      "      --force-unchecked send --start-lba even if it is not a zone start\n"
	      "  -j, --json            report as JSON, zmath-zone's schema: positions\n"
	      "                        in LBAs (\"units\": \"lbas\"), nr_zones the\n"
	      "                        zones in zone_list, each with nvme-cli's slba,\n"
	      "                        wp (null if none), cap, state, type, attrs\n"
	      "      --csv             report as libzbd's zbd report -csv, positions\n"
	      "                        in LBAs, as the JSON's\n"
	      "      --check           check the report of the whole namespace against\n"
	      "                        libzmath's layout\n"
	      "  -z, --zone ZONE       append: the zone number to append to\n"
	      "  -b, --blocks LBAS     append: LBAs per append (default 1)\n"
	      "  -d, --qd APPENDS      append: appends in flight through io_uring (4)\n"
	      "      --via MODE        uring: io_uring passthrough only; ioctl:\n"
	      "                        NVMe ioctl only; auto (default): uring if\n"
	      "                        the kernel offers it, else ioctl\n"
	      "  -v, --verbose         say how the device is opened\n"
	      "  -V, --version         print the version\n"
	      "  -h, --help            this help\n"
	      "\n"
	      "Exit status: 0 done (and the check holds), 1 failure, 2 bad usage.\n",
	      out);
}

static void nvme_error(const char *what, int ret)
{
	if (ret < 0)
		fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(errno));
	else
		fprintf(stderr, "%s: %s: NVMe status 0x%x (%s)\n", prog, what,
			ret, nvme_status_to_string(ret, false));
}

/*
 * Writing through the generic char device /dev/ngXnY passes by the block
 * layer, so O_EXCL on it guards nothing: hold its block device /dev/nvmeXnY
 * exclusively instead, where there is one (6.1 hides npo2 ones).
 */
static int zns_hold_block_device(struct zns_ns *ns)
{
	const char *base = strrchr(ns->dev.path, '/');
	char blk[256];

	base = base ? base + 1 : ns->dev.path;
	if (strncmp(base, "ng", 2) ||
	    (size_t)snprintf(blk, sizeof(blk), "/dev/nvme%s", base + 2) >=
	    sizeof(blk))
		return ZT_EXIT_OK;
	ns->held_fd = open(blk, O_RDONLY | O_EXCL | O_CLOEXEC);
	if (ns->held_fd >= 0 || errno == ENOENT)
		return ZT_EXIT_OK;
	ns->dev.open_err = errno;
	fprintf(stderr, "%s: %s: its block device %s: %s (%s)\n", prog,
		ns->dev.path, blk,
		zt_open_refusal(errno, geteuid() == 0),
		strerror(errno));
	return ZT_EXIT_FAIL;
}

static void zns_close(struct zns_ns *ns)
{
	if (ns->held_fd >= 0)
		close(ns->held_fd);
	ns->held_fd = -1;
	zt_dev_close(&ns->dev);
}

/* The namespace id: DEVICE's own, or --namespace-id on a controller. */
static int zns_get_nsid(struct zns_ns *ns, __u32 want)
{
	struct stat st;
	__u32 own;

	if (fstat(ns->dev.fd, &st) < 0 ||
	    (!S_ISCHR(st.st_mode) && !S_ISBLK(st.st_mode)) ||
	    (nvme_get_nsid(ns->dev.fd, &own) < 0 && !want)) {
		fprintf(stderr,
			"%s: %s: not an NVMe namespace (use /dev/ngXnY or /dev/nvmeXnY)\n",
			prog, ns->dev.path);
		return ZT_EXIT_FAIL;
	}
	if (!want) {
		ns->nsid = own;
	} else if (nvme_get_nsid(ns->dev.fd, &own) == 0 && own != want) {
		fprintf(stderr,
			"%s: %s is namespace %u, not --namespace-id %u\n",
			prog, ns->dev.path, own, want);
		return ZT_EXIT_USAGE;
	} else {
		ns->nsid = want;
	}
	return ZT_EXIT_OK;
}

/* The LBA format in use: its block size, and the namespace's size. */
static int zns_identify(struct zns_ns *ns, __u8 *lbaf)
{
	const char *path = ns->dev.path;
	struct nvme_id_ns id;
	int ret;

	ret = nvme_identify_ns(ns->dev.fd, ns->nsid, &id);
	if (ret) {
		if (ret < 0 && errno == ENOTTY)
			fprintf(stderr,
				"%s: %s: not an NVMe device (Identify: %s)\n",
				prog, path, strerror(errno));
		else if (ret < 0 && (errno == EACCES || errno == EPERM))
			fprintf(stderr,
				"%s: %s: Identify: %s (%s)\n", prog, path,
				zt_open_refusal(errno, geteuid() == 0),
				strerror(errno));
		else
			nvme_error("Identify Namespace", ret);
		return ZT_EXIT_FAIL;
	}
	nvme_id_ns_flbas_to_lbaf_inuse(id.flbas, lbaf);
	ns->dev.lbs = 1U << id.lbaf[*lbaf].ds;
	ns->dev.capacity = le64toh(id.nsze);
	return ZT_EXIT_OK;
}

/* The zone size of LBA format @lbaf, the open and active zone limits. */
static int zns_identify_zoned(struct zns_ns *ns, __u8 lbaf)
{
	struct nvme_zns_id_ns zid;
	__u32 mar, mor;
	int ret;

	ret = nvme_zns_identify_ns(ns->dev.fd, ns->nsid, &zid);
	if (ret) {
		fprintf(stderr,
			"%s: %s: namespace %u is not a zoned namespace (ZNS Identify: %s)\n",
			prog, ns->dev.path, ns->nsid,
			ret < 0 ? strerror(errno) : "command set not supported");
		return ZT_EXIT_FAIL;
	}
	ns->dev.zone_size = le64toh(zid.lbafe[lbaf].zsze);
	/* 0-based, all ones for no limit */
	mar = le32toh(zid.mar);
	mor = le32toh(zid.mor);
	ns->dev.max_active = mar == 0xffffffffU ? 0 : mar + 1;
	ns->dev.max_open = mor == 0xffffffffU ? 0 : mor + 1;
	ns->dev.cap_valid = true;
	if (zmath_geom_init(&ns->dev.geom, ns->dev.zone_size)) {
		fprintf(stderr, "%s: %s: zone size 0 in LBA format %u\n",
			prog, ns->dev.path, lbaf);
		return ZT_EXIT_FAIL;
	}
	return ZT_EXIT_OK;
}

static int zns_open(struct zns_ns *ns, const char *path, int flags,
		    __u32 nsid)
{
	__u8 lbaf;
	int ret;

	memset(ns, 0, sizeof(*ns));
	ns->held_fd = -1;
	ns->dev.path = path;
	ns->dev.prog = prog;
	zt_cli_note_open(prog, path, flags);
	ns->dev.fd = open(path, flags | O_CLOEXEC);
	if (ns->dev.fd < 0) {
		ns->dev.open_err = errno;
		fprintf(stderr, "%s: %s: %s (%s)\n", prog, path,
			zt_open_refusal(errno, geteuid() == 0),
			strerror(errno));
		return ZT_EXIT_FAIL;
	}
	ret = zns_get_nsid(ns, nsid);
	if (ret)
		goto fail;
	ret = ZT_EXIT_FAIL;
	if ((flags & O_EXCL) && zns_hold_block_device(ns))
		goto fail;
	ret = zns_identify(ns, &lbaf);
	if (!ret)
		ret = zns_identify_zoned(ns, lbaf);
	if (!ret)
		return ZT_EXIT_OK;
fail:
	zns_close(ns);
	return ret;
}

/* The @n zones of one Report Zones from *@slba on; *@slba moves past them. */
static int zns_add_zones(struct zns_ns *ns, const struct nvme_zone_report *rep,
			 u64 n, u64 *slba)
{
	u64 i;

	for (i = 0; i < n; i++) {
		const struct nvme_zns_desc *d = &rep->entries[i];
		struct zt_zone *z = zt_dev_add_zone(&ns->dev);

		if (!z)
			return ZT_EXIT_FAIL;
		z->start = le64toh(d->zslba);
		z->len = ns->dev.zone_size;
		z->cap = le64toh(d->zcap);
		z->wp = le64toh(d->wp);
		z->type = d->zt & 0xf;
		z->cond = d->zs >> 4;
		z->attrs = d->za;
		z->reset = d->za & ZNS_ZA_RZR;
		if (z->start < *slba) {
			fprintf(stderr,
				"%s: Report Zones went backwards at LBA %llu\n",
				prog, *slba);
			return ZT_EXIT_FAIL;
		}
		*slba = z->start + ns->dev.zone_size;
	}
	return ZT_EXIT_OK;
}

/*
 * The whole report, as the namespace gives it: every zone it reports (not
 * as many as libzmath expects), each ZSZE long (NVMe zones have no length
 * of their own), and the zone count of the report's header
 * (@dev.dev_nr_zones), so that zt_check_layout() compares the namespace
 * with libzmath rather than libzmath with itself.
 */
static int zns_report(struct zns_ns *ns)
{
	const u64 per_report = (ZNS_REPORT_BYTES -
				sizeof(struct nvme_zone_report)) /
			       sizeof(struct nvme_zns_desc);
	struct nvme_zone_report *rep;
	u64 slba = 0;
	int ret = ZT_EXIT_FAIL;

	zt_dev_forget_zones(&ns->dev);
	ns->dev.cap_valid = true;
	rep = aligned_alloc(4096, ZNS_REPORT_BYTES);
	if (!rep) {
		fprintf(stderr, "%s: out of memory for a zone report\n", prog);
		return ZT_EXIT_FAIL;
	}
	while (slba < ns->dev.capacity) {
		u64 n;

		memset(rep, 0, ZNS_REPORT_BYTES);
		/* not partial: the header counts every zone from slba on */
		ret = nvme_zns_report_zones(ns->dev.fd, ns->nsid, slba,
					    NVME_ZNS_ZRAS_REPORT_ALL, false,
					    false, ZNS_REPORT_BYTES, rep,
					    NVME_DEFAULT_IOCTL_TIMEOUT, NULL);
		if (ret) {
			nvme_error("Report Zones", ret);
			ret = ZT_EXIT_FAIL;
			goto out;
		}
		n = le64toh(rep->nr_zones);
		if (!slba)
			ns->dev.dev_nr_zones = n;
		if (!n)
			break;
		ret = zns_add_zones(ns, rep, n < per_report ? n : per_report,
				    &slba);
		if (ret)
			goto out;
	}
	ret = ZT_EXIT_OK;
out:
	free(rep);
	return ret;
}

static void print_limit(const char *what, unsigned int v)
{
	if (!v)
		printf("  %s: no limit\n", what);
	else
		printf("  %s: %u\n", what, v);
}

static int do_identify(struct zns_ns *ns)
{
	const struct zt_dev *dev = &ns->dev;
	char size[32];

	if (zns_report(ns))
		return ZT_EXIT_FAIL;
	printf("%s: namespace %u, %llu LBAs of %u bytes\n", dev->path,
	       ns->nsid, dev->capacity, dev->lbs);
	printf("  zone size: %llu LBAs (%s, %s)\n", dev->zone_size,
	       zt_fmt_size(size, sizeof(size), dev->zone_size * dev->lbs),
	       zmath_geom_is_po2(&dev->geom) ? "po2" : "npo2");
	if (dev->nr_zones)
		printf("  zone capacity: %llu LBAs (zone 0)\n",
		       dev->zones[0].cap);
	printf("  zones: %llu reported (libzmath: %llu for %llu LBAs%s)\n",
	       dev->dev_nr_zones,
	       zmath_geom_nr_zones(&dev->geom, dev->capacity), dev->capacity,
	       zmath_geom_is_aligned(&dev->geom, dev->capacity) ? "" :
	       ", smaller last zone");
	print_limit("max open zones", dev->max_open);
	print_limit("max active zones", dev->max_active);
	return ZT_EXIT_OK;
}

static int do_report(struct zns_ns *ns, const struct zns_opts *o)
{
	const struct zt_dev *dev = &ns->dev;
	struct zt_layout layout = {
		.device = dev->path, .unit = "LBAs", .geom = &dev->geom,
		.capacity = dev->capacity,
	};
	unsigned int problems = 0;
	FILE *msg = o->json || o->csv ? stderr : stdout;
	u64 begin, end, i;

	if (zns_report(ns))
		return ZT_EXIT_FAIL;
	if (zt_report_select(dev->zones, dev->nr_zones, o->slba, 0, o->count,
			     &begin, &end)) {
		fprintf(stderr,
			"%s: --start-lba %llu: in no zone of the namespace (%llu LBAs)\n",
			prog, o->slba, dev->capacity);
		return ZT_EXIT_USAGE;
	}
	if (o->check)
		problems = zt_dev_check_layout(dev, msg);
	if (o->json) {
		struct zt_json_report r = {
			.dev = dev, .nsid = ns->nsid, .units = "lbas",
			.unit_bytes = dev->lbs, .begin = begin, .end = end,
			.check = o->check, .problems = problems,
		};

		zt_print_report_json(stdout, &r);
	} else if (o->csv) {
		zt_print_csv(stdout, &dev->geom, dev->zones + begin,
			     end - begin);
	} else {
		printf("nr_zones: %llu\n", end - begin);
		for (i = begin; i < end; i++)
			zt_print_zone_nvme(stdout, &dev->geom, &dev->zones[i]);
	}
	if (!o->check)
		return ZT_EXIT_OK;
	layout.nr_zones = dev->nr_zones;
	return zt_print_verdict(msg, &layout, problems);
}

struct zns_verb {
	const char *name;
	enum nvme_zns_send_action zsa;
};

static const struct zns_verb zns_verbs[] = {
	{ "reset", NVME_ZNS_ZSA_RESET },
	{ "open", NVME_ZNS_ZSA_OPEN },
	{ "close", NVME_ZNS_ZSA_CLOSE },
	{ "finish", NVME_ZNS_ZSA_FINISH },
};

static const struct zns_verb *find_verb(const char *name)
{
	size_t i;

	for (i = 0; i < ZT_ARRAY_SIZE(zns_verbs); i++)
		if (!strcmp(name, zns_verbs[i].name))
			return &zns_verbs[i];
	return NULL;
}

static int do_mgmt(struct zns_ns *ns, const struct zns_verb *v,
		   const struct zns_opts *o)
{
	struct zt_dev *dev = &ns->dev;
	struct nvme_zns_mgmt_send_args args = {
		.args_size = sizeof(args),
		.fd = dev->fd,
		.timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
		.nsid = ns->nsid,
		.slba = o->all ? 0 : o->slba,
		.zsa = v->zsa,
		.select_all = o->all,
	};
	u64 lba = o->slba, zone = zmath_geom_zone_no(&dev->geom, lba);
	enum zt_range_err err;
	char why[512];
	int ret;

	if (!o->all) {
		u64 len = zt_zone_len_at(&dev->geom, dev->capacity, lba);

		err = zt_check_range(&dev->geom, dev->capacity, lba,
				     len ? len : 1);
		if (err != ZT_RANGE_OK) {
			zt_range_explain(why, sizeof(why), &dev->geom,
					 dev->capacity, lba, len ? len : 1,
					 err, "LBAs");
			if (!o->force_unchecked) {
				fprintf(stderr, "%s: %s refused: %s\n",
					prog, v->name, why);
				return ZT_EXIT_USAGE;
			}
			fprintf(stderr,
				"%s: warning: %s; sending it anyway (--force-unchecked)\n",
				prog, why);
		}
	}
	ret = nvme_zns_mgmt_send(&args);
	if (ret) {
		nvme_error(v->name, ret);
		return ZT_EXIT_FAIL;
	}
	if (o->all) {
		printf("%s: all zones done\n", v->name);
		return ZT_EXIT_OK;
	}
	if (zns_report(ns))
		return ZT_EXIT_FAIL;
	printf("%s: zone %llu (LBA %#llx) done\n", v->name, zone, lba);
	if (zone < dev->nr_zones)
		zt_print_zone_nvme(stdout, &dev->geom, &dev->zones[zone]);
	return ZT_EXIT_OK;
}

enum zns_via { ZNS_VIA_AUTO, ZNS_VIA_URING, ZNS_VIA_IOCTL };

struct zns_append {
	struct zns_ns *ns;
	const struct zt_zone *zone;
	u64 zone_no;
	u64 wp0;		/* where the first append lands */
	u64 count;
	u64 blocks;
	unsigned int qd;
	int via;		/* enum zns_via */
	unsigned char *data;	/* count * blocks * lbs, append i at i */
	u64 *alba;		/* returned LBA of append i */
	u64 bad;		/* appends outside the zone */
};

/* The pattern of append i, as if it landed at "sector" i * blocks. */
static void *append_buf(struct zns_append *a, u64 i)
{
	return a->data + i * a->blocks * a->ns->dev.lbs;
}

static u64 append_sectors(const struct zns_append *a)
{
	return a->blocks * a->ns->dev.lbs / ZT_SECTOR_SIZE;
}

static void check_alba(struct zns_append *a, u64 i, u64 alba)
{
	const struct zmath_geom *g = &a->ns->dev.geom;

	a->alba[i] = alba;
	if (zmath_geom_zone_no(g, alba) != a->zone_no ||
	    zmath_geom_zone_no(g, alba + a->blocks - 1) != a->zone_no ||
	    alba + a->blocks > a->zone->start + a->zone->cap) {
		fprintf(stderr,
			"%s: append %llu landed at LBA %llu, zone %llu per libzmath, outside zone %llu [%llu, %llu)\n",
			prog, i, alba, zmath_geom_zone_no(g, alba), a->zone_no,
			a->zone->start, a->zone->start + a->zone->cap);
		a->bad++;
	}
}

static int append_ioctl(struct zns_append *a)
{
	u64 i;

	for (i = 0; i < a->count; i++) {
		__u64 alba = 0;
		struct nvme_zns_append_args args = {
			.zslba = a->zone->start,
			.result = &alba,
			.data = append_buf(a, i),
			.args_size = sizeof(args),
			.fd = a->ns->dev.fd,
			.timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
			.nsid = a->ns->nsid,
			.data_len = (__u32)(a->blocks * a->ns->dev.lbs),
			.nlb = (__u16)(a->blocks - 1),
		};
		int ret = nvme_zns_append(&args);

		if (ret) {
			nvme_error("Zone Append (ioctl)", ret);
			return -EIO;
		}
		check_alba(a, i, alba);
	}
	return 0;
}

#ifdef ZT_HAVE_LIBURING
/* ngXnY for nvmeXnY: the passthrough lives on the generic char device. */
static int open_generic(const char *path)
{
	const char *base = strrchr(path, '/');
	char ng[256];
	struct stat st;

	base = base ? base + 1 : path;
	if (stat(path, &st) == 0 && S_ISCHR(st.st_mode))
		return open(path, O_RDWR | O_CLOEXEC);
	if (strncmp(base, "nvme", 4) ||
	    (size_t)snprintf(ng, sizeof(ng), "/dev/ng%s", base + 4) >=
	    sizeof(ng))
		return -1;
	return open(ng, O_RDWR | O_CLOEXEC);
}

static void prep_append(struct zns_append *a, struct io_uring_sqe *sqe,
			u64 i)
{
	struct nvme_uring_cmd *cmd;

	memset(sqe, 0, 2 * sizeof(*sqe));	/* SQE128 */
	sqe->opcode = IORING_OP_URING_CMD;
	sqe->fd = a->ns->dev.fd;
	sqe->cmd_op = NVME_URING_CMD_IO;
	sqe->user_data = i;
	cmd = (struct nvme_uring_cmd *)sqe->cmd;
	cmd->opcode = nvme_zns_cmd_append;
	cmd->nsid = a->ns->nsid;
	cmd->addr = (__u64)(uintptr_t)append_buf(a, i);
	cmd->data_len = (__u32)(a->blocks * a->ns->dev.lbs);
	cmd->cdw10 = (__u32)a->zone->start;
	cmd->cdw11 = (__u32)(a->zone->start >> 32);
	cmd->cdw12 = (__u32)(a->blocks - 1);
}

/* Queue the appends from *@next on, at most @room of them: how many. */
static unsigned int append_queue(struct zns_append *a, struct io_uring *ring,
				 u64 *next, unsigned int room)
{
	unsigned int queued = 0;

	while (queued < room && *next < a->count) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(ring);

		if (!sqe)
			break;
		prep_append(a, sqe, (*next)++);
		queued++;
	}
	return queued;
}

/*
 * Say why an append failed with @res: -EOPNOTSUPP if it is the @first
 * completion and the kernel offers no passthrough here, else a negative
 * errno.
 */
static int append_cqe_error(int res, bool first)
{
	if (first && (res == -EOPNOTSUPP || res == -EINVAL || res == -ENOTTY)) {
		fprintf(stderr, "%s: io_uring NVMe passthrough: %s\n", prog,
			strerror(-res));
		return -EOPNOTSUPP;
	}
	if (res < 0) {
		fprintf(stderr, "%s: Zone Append (io_uring): %s\n", prog,
			strerror(-res));
		return res;
	}
	nvme_error("Zone Append (io_uring)", res);
	return -EIO;
}

/* Wait for what is still in flight before the buffers go away. */
static void append_drain(struct io_uring *ring, unsigned int inflight)
{
	struct io_uring_cqe *cqe;

	while (inflight && !io_uring_wait_cqe(ring, &cqe)) {
		io_uring_cqe_seen(ring, cqe);
		inflight--;
	}
}

/*
 * Returns 0, -EOPNOTSUPP if the kernel offers no passthrough here (nothing
 * was appended then), or another negative errno.
 */
static int append_uring(struct zns_append *a)
{
	struct io_uring ring;
	unsigned int inflight = 0;
	u64 next = 0, done = 0;
	int ret;

	ret = io_uring_queue_init(a->qd, &ring,
				  IORING_SETUP_SQE128 | IORING_SETUP_CQE32);
	if (ret < 0) {
		fprintf(stderr,
			"%s: io_uring with 128-byte SQEs: %s\n", prog,
			strerror(-ret));
		return -EOPNOTSUPP;
	}
	while (done < a->count) {
		struct io_uring_cqe *cqe;

		inflight += append_queue(a, &ring, &next, a->qd - inflight);
		ret = io_uring_submit_and_wait(&ring, 1);
		if (ret < 0)
			break;
		ret = io_uring_peek_cqe(&ring, &cqe);
		if (ret)
			continue;
		inflight--;
		if (cqe->res) {
			ret = cqe->res;
			io_uring_cqe_seen(&ring, cqe);
			ret = append_cqe_error(ret, !done);
			break;
		}
		check_alba(a, cqe->user_data, cqe->big_cqe[0]);
		io_uring_cqe_seen(&ring, cqe);
		done++;
	}
	append_drain(&ring, inflight);
	io_uring_queue_exit(&ring);
	return done == a->count ? 0 : (ret < 0 ? ret : -EIO);
}

/*
 * The appends through io_uring NVMe passthrough, on the generic char device
 * of the namespace. Returns as append_uring() does; -EOPNOTSUPP too if
 * there is no generic char device.
 */
static int append_passthrough(struct zns_append *a)
{
	int blk_fd = a->ns->dev.fd, fd, ret;

	fd = open_generic(a->ns->dev.path);
	if (fd < 0) {
		fprintf(stderr, "%s: no generic char device for %s\n", prog,
			a->ns->dev.path);
		return -EOPNOTSUPP;
	}
	a->ns->dev.fd = fd;
	ret = append_uring(a);
	a->ns->dev.fd = blk_fd;
	close(fd);
	return ret;
}
#else
/* Built without liburing: no passthrough, which --via uring is told. */
static int append_passthrough(struct zns_append *a)
{
	if (a->via == ZNS_VIA_URING)
		fprintf(stderr, "%s: built without liburing\n", prog);
	return -EOPNOTSUPP;
}
#endif

/*
 * The appends, as --via asks: through the passthrough, or the NVMe ioctl,
 * or the ioctl where there is no passthrough (auto). @how is set to the
 * way they went.
 */
static int append_all(struct zns_append *a, const char **how)
{
	int ret = -EOPNOTSUPP;

	if (a->via != ZNS_VIA_IOCTL)
		ret = append_passthrough(a);
	if (ret != -EOPNOTSUPP || a->via == ZNS_VIA_URING) {
		*how = "io_uring passthrough";
		return ret;
	}
	if (a->via == ZNS_VIA_AUTO)
		fprintf(stderr,
			"%s: falling back to the NVMe ioctl for appends\n",
			prog);
	*how = "ioctl";
	return append_ioctl(a);
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* The appends must tile [wp, wp + count * blocks) with no gap or overlap. */
static int check_tiling(struct zns_append *a, u64 wp0)
{
	u64 *sorted = malloc(a->count * sizeof(*sorted));
	u64 i;
	int ret = 0;

	if (!sorted)
		return -ENOMEM;
	memcpy(sorted, a->alba, a->count * sizeof(*sorted));
	qsort(sorted, a->count, sizeof(*sorted), cmp_u64);
	for (i = 0; i < a->count; i++) {
		if (sorted[i] != wp0 + i * a->blocks) {
			fprintf(stderr,
				"%s: appends do not tile the zone from its write pointer %llu: LBA %llu where %llu was expected\n",
				prog, wp0, sorted[i], wp0 + i * a->blocks);
			ret = -EIO;
			break;
		}
	}
	free(sorted);
	return ret;
}

/* Read each append back from where the device put it. */
static int check_data(struct zns_append *a)
{
	size_t len = a->blocks * a->ns->dev.lbs;
	void *buf = aligned_alloc(4096, (len + 4095) & ~(size_t)4095);
	u64 i;
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	for (i = 0; i < a->count && !ret; i++) {
		struct nvme_io_args args = {
			.slba = a->alba[i],
			.data = buf,
			.args_size = sizeof(args),
			.fd = a->ns->dev.fd,
			.timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
			.nsid = a->ns->nsid,
			.data_len = (__u32)len,
			.nlb = (__u16)(a->blocks - 1),
		};
		int err = nvme_read(&args);

		if (err) {
			nvme_error("Read", err);
			ret = -EIO;
		} else if (zt_pattern_check(buf, i * append_sectors(a),
					    append_sectors(a), a->zone_no) >= 0) {
			fprintf(stderr,
				"%s: append %llu read back from LBA %llu does not match\n",
				prog, i, a->alba[i]);
			ret = -EIO;
		}
	}
	free(buf);
	return ret;
}

/*
 * The zone the appends go to: it must exist, be sequential, writable and
 * not full, have room for them all, and each append must be whole sectors
 * of the pattern. Sets @a->zone and @a->wp0.
 */
static int append_check_zone(struct zns_append *a)
{
	const struct zt_dev *dev = &a->ns->dev;
	const struct zt_zone *z;

	if (a->zone_no >= dev->nr_zones) {
		fprintf(stderr, "%s: --zone %llu: the namespace has %llu zones\n",
			prog, a->zone_no, dev->nr_zones);
		return ZT_EXIT_USAGE;
	}
	z = &dev->zones[a->zone_no];
	a->zone = z;
	a->wp0 = z->cond == ZT_COND_EMPTY ? z->start : z->wp;
	if (!zt_zone_is_seq(z) || !zt_zone_is_usable(z) ||
	    z->cond == ZT_COND_FULL) {
		fprintf(stderr, "%s: zone %llu is %s and %s: cannot append\n",
			prog, a->zone_no, zt_type_name(z->type),
			zt_cond_name(z->cond));
		return ZT_EXIT_FAIL;
	}
	if (a->count * a->blocks > z->start + z->cap - a->wp0) {
		fprintf(stderr,
			"%s: %llu appends of %llu LBAs do not fit: zone %llu has %llu LBAs left\n",
			prog, a->count, a->blocks, a->zone_no,
			z->start + z->cap - a->wp0);
		return ZT_EXIT_USAGE;
	}
	if ((a->blocks * dev->lbs) % ZT_SECTOR_SIZE) {
		fprintf(stderr, "%s: appends must be multiples of 512 bytes\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	return ZT_EXIT_OK;
}

/* The data of every append, each its own part of the pattern. */
static int append_prepare(struct zns_append *a)
{
	u64 i;

	a->data = aligned_alloc(4096, (a->count * a->blocks * a->ns->dev.lbs +
				       4095) & ~(u64)4095);
	a->alba = calloc(a->count, sizeof(*a->alba));
	if (!a->data || !a->alba) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return -ENOMEM;
	}
	for (i = 0; i < a->count; i++)
		zt_pattern_fill(append_buf(a, i), i * append_sectors(a),
				append_sectors(a), a->zone_no);
	return 0;
}

/* Each append in the zone per libzmath, tiling it, its data read back. */
static int append_verify(struct zns_append *a)
{
	int ret;

	if (a->bad) {
		fprintf(stderr, "%s: %llu appends landed outside zone %llu\n",
			prog, a->bad, a->zone_no);
		return -EIO;
	}
	ret = check_tiling(a, a->wp0);
	if (ret)
		return ret;
	ret = check_data(a);
	if (ret)
		return ret;
	printf("append: every returned LBA lies in zone %llu per libzmath, LBAs %llu-%llu, data read back ok\n",
	       a->zone_no, a->wp0, a->wp0 + a->count * a->blocks - 1);
	return 0;
}

static int do_append(struct zns_ns *ns, u64 zone_no, u64 count, u64 blocks,
		     unsigned int qd, int via)
{
	struct zns_append a = {
		.ns = ns, .zone_no = zone_no, .count = count,
		.blocks = blocks, .qd = qd, .via = via,
	};
	const char *how;
	u64 t0;
	int ret;

	if (zns_report(ns))
		return ZT_EXIT_FAIL;
	ret = append_check_zone(&a);
	if (ret)
		return ret;
	ret = append_prepare(&a);
	if (ret)
		goto out;
	t0 = zt_now_ns();
	ret = append_all(&a, &how);
	if (ret)
		goto out;
	printf("append: %llu x %llu LBAs to zone %llu (%s) via %s in %.3f ms\n",
	       count, blocks, zone_no,
	       zmath_geom_is_po2(&ns->dev.geom) ? "po2" : "npo2", how,
	       (double)(zt_now_ns() - t0) / 1e6);
	ret = append_verify(&a);
out:
	free(a.data);
	free(a.alba);
	return ret ? ZT_EXIT_FAIL : ZT_EXIT_OK;
}

static bool verb_is(const struct zns_opts *o, const char *name)
{
	return !strcmp(o->verb, name);
}

/* Options given to a verb they do not go with; @v is a management verb. */
static int check_opts_verb(const struct zns_opts *o,
			   const struct zns_verb *v)
{
	bool report = verb_is(o, "report");
	bool append = verb_is(o, "append");
	bool identify = verb_is(o, "identify");

	if (o->have_count && !o->count) {
		fprintf(stderr, "%s: --count 0: give 1 or more\n", prog);
		return ZT_EXIT_USAGE;
	}
	if (!report && (o->json || o->csv || o->check)) {
		fprintf(stderr, "%s: --json, --csv and --check go with report\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (o->have_count && !report && !append) {
		fprintf(stderr, "%s: --count goes with report and append\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if ((o->have_slba && (identify || append)) || (o->all && !v) ||
	    (o->force_unchecked && !v)) {
		fprintf(stderr,
			"%s: --start-lba goes with report and reset, open, close, finish; --all and --force-unchecked with reset, open, close, finish\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (o->force && (report || identify)) {
		fprintf(stderr,
			"%s: --force goes with reset, open, close, finish and append\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (!append && (o->have_zone || o->append_opts)) {
		fprintf(stderr,
			"%s: --zone, --blocks, --qd and --via go with append\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	return ZT_EXIT_OK;
}

/* Options that exclude, or need, each other; @v is a management verb. */
static int check_opts_together(const struct zns_opts *o,
			       const struct zns_verb *v)
{
	bool report = verb_is(o, "report");

	if (report && o->json && o->csv) {
		fprintf(stderr, "%s: --json and --csv: choose one\n", prog);
		return ZT_EXIT_USAGE;
	}
	if (report && o->check && (o->have_slba || o->have_count)) {
		fprintf(stderr,
			"%s: --check checks the whole namespace: drop --start-lba and --count\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	if (v && o->have_slba && o->all) {
		fprintf(stderr,
			"%s: --start-lba and --all exclude each other: %s one zone, or all\n",
			prog, o->verb);
		return ZT_EXIT_USAGE;
	}
	if (v && !o->have_slba && !o->all) {
		fprintf(stderr, "%s: %s needs --start-lba LBA or --all\n", prog,
			o->verb);
		return ZT_EXIT_USAGE;
	}
	return ZT_EXIT_OK;
}

/* append: a zone, 8 appends unless --count, sizes within bounds. */
static int check_append_opts(struct zns_opts *o)
{
	if (!o->have_zone) {
		fprintf(stderr, "%s: append needs --zone N\n", prog);
		return ZT_EXIT_USAGE;
	}
	if (!o->have_count)
		o->count = 8;
	if (!o->blocks || o->blocks > 65536 || !o->qd || o->qd > 4096) {
		fprintf(stderr, "%s: --blocks 1 to 65536, --qd 1 to 4096\n",
			prog);
		return ZT_EXIT_USAGE;
	}
	return ZT_EXIT_OK;
}

/* Options that do not go with the verb, refused before DEVICE is opened. */
static int check_opts(struct zns_opts *o, const struct zns_verb **v)
{
	int ret;

	*v = NULL;
	if (!verb_is(o, "report") && !verb_is(o, "append") &&
	    !verb_is(o, "identify")) {
		*v = find_verb(o->verb);
		if (!*v) {
			fprintf(stderr,
				"%s: unknown verb '%s' (identify, report, reset, open, close, finish, append)\n",
				prog, o->verb);
			return ZT_EXIT_USAGE;
		}
	}
	ret = check_opts_verb(o, *v);
	if (!ret)
		ret = check_opts_together(o, *v);
	if (!ret && verb_is(o, "append"))
		ret = check_append_opts(o);
	return ret;
}

/* --via: -1 to go on parsing, or ZT_EXIT_USAGE */
static int parse_via(const char *arg, struct zns_opts *o)
{
	static const char *const names[] = {
		[ZNS_VIA_AUTO] = "auto",
		[ZNS_VIA_URING] = "uring",
		[ZNS_VIA_IOCTL] = "ioctl",
	};
	size_t i;

	for (i = 0; i < ZT_ARRAY_SIZE(names); i++) {
		if (!strcmp(arg, names[i])) {
			o->via = (int)i;
			return -1;
		}
	}
	fprintf(stderr, "%s: --via %s: auto, uring or ioctl\n", prog, arg);
	return ZT_EXIT_USAGE;
}

/* --namespace-id: -1 to go on parsing, or ZT_EXIT_USAGE */
static int parse_nsid(const char *arg, struct zns_opts *o)
{
	u64 v;

	/* 0 is no namespace, all ones every namespace: neither is one */
	if (zt_cli_parse_num_range(prog, "--namespace-id", arg, ZT_NUM_NVME,
				   1, 0xfffffffeULL, &v))
		return ZT_EXIT_USAGE;
	o->nsid = (__u32)v;
	return -1;
}

enum { OPT_VIA = ZT_OPT_TOOL_FIRST };

#define ZNS_OPT(c, name, kind, field, given)				\
	{ c, name, kind, offsetof(struct zns_opts, field), given }
#define ZNS_GIVEN(field)	offsetof(struct zns_opts, field)

static const struct zt_cli_opt zns_opt_table[] = {
	ZNS_OPT('s', "--start-lba", ZT_NUM_NVME, slba, ZNS_GIVEN(have_slba)),
	ZNS_OPT('c', "--count", ZT_NUM_PLAIN, count, ZNS_GIVEN(have_count)),
	ZNS_OPT('z', "--zone", ZT_NUM_PLAIN, zone, ZNS_GIVEN(have_zone)),
	ZNS_OPT('b', "--blocks", ZT_NUM_PLAIN, blocks,
		ZNS_GIVEN(append_opts)),
	ZNS_OPT('d', "--qd", ZT_NUM_PLAIN, qd, ZNS_GIVEN(append_opts)),
	ZNS_OPT('a', "--all", ZT_NUM_FLAG, all, ZT_CLI_NO_FIELD),
	ZNS_OPT('f', "--force", ZT_NUM_FLAG, force, ZT_CLI_NO_FIELD),
	ZNS_OPT(ZT_OPT_FORCE_UNCHECKED, "--force-unchecked", ZT_NUM_FLAG,
		force_unchecked, ZT_CLI_NO_FIELD),
	ZNS_OPT('j', "--json", ZT_NUM_FLAG, json, ZT_CLI_NO_FIELD),
	ZNS_OPT(ZT_OPT_CSV, "--csv", ZT_NUM_FLAG, csv, ZT_CLI_NO_FIELD),
	ZNS_OPT(ZT_OPT_CHECK, "--check", ZT_NUM_FLAG, check, ZT_CLI_NO_FIELD),
};

/* Open DEVICE as the verb needs it, and do what the verb says. */
static int zns_run(const char *path, const struct zns_opts *o,
		   const struct zns_verb *v)
{
	bool writes = v || verb_is(o, "append");
	struct zns_ns ns;
	int ret;

	ret = zns_open(&ns, path, zt_cli_open_flags(writes, o->force), o->nsid);
	if (ret) {
		zt_cli_busy_hint(prog, ns.dev.open_err);
		return ret;
	}
	if (verb_is(o, "identify"))
		ret = do_identify(&ns);
	else if (verb_is(o, "report"))
		ret = do_report(&ns, o);
	else if (v)
		ret = do_mgmt(&ns, v, o);
	else
		ret = do_append(&ns, o->zone, o->count, o->blocks,
				(unsigned int)o->qd, o->via);
	zns_close(&ns);
	return ret;
}

int main(int argc, char **argv)
{
	static const struct option long_opts[] = {
		{ "namespace-id", required_argument, NULL, 'n' },
		{ "start-lba", required_argument, NULL, 's' },
		ZT_CLI_ZONE_LONGOPTS,
		{ "zone", required_argument, NULL, 'z' },
		{ "blocks", required_argument, NULL, 'b' },
		{ "qd", required_argument, NULL, 'd' },
		{ "via", required_argument, NULL, OPT_VIA },
		ZT_CLI_COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	struct zns_opts o = {
		.verb = "identify", .blocks = 1, .qd = 4, .via = ZNS_VIA_AUTO,
	};
	const struct zns_verb *v;
	const char *path;
	int c, ret;

	while ((c = getopt_long(argc, argv,
				"n:s:c:afjz:b:d:" ZT_CLI_COMMON_SHORTOPTS,
				long_opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			ret = parse_nsid(optarg, &o);
			break;
		case OPT_VIA:
			ret = parse_via(optarg, &o);
			o.append_opts = true;
			break;
		default:
			ret = zt_cli_option(zns_opt_table,
					    ZT_ARRAY_SIZE(zns_opt_table), c,
					    optarg, prog, &o, usage);
		}
		if (ret >= 0)
			return ret;
	}
	ret = zt_cli_operands(prog, argc, argv, &o.verb, &path);
	if (!ret)
		ret = check_opts(&o, &v);
	if (ret)
		return ret;
	return zns_run(path, &o, v);
}
