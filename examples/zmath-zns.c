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
 * landed in) is libzmath's, in LBAs.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libnvme.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef ZT_HAVE_LIBURING
#include <liburing.h>
#include <linux/nvme_ioctl.h>
#endif

#include "zt-common.h"

static const char *prog = "zmath-zns";

#define ZNS_REPORT_BYTES	(64 * 1024)

/**
 * struct zns - an open zoned namespace
 * @path: the device given
 * @fd: its file descriptor
 * @nsid: namespace id
 * @lbs: LBA size in bytes
 * @nsze: namespace size in LBAs
 * @zsze: zone size in LBAs (ZNS LBA format extension)
 * @mar: maximum active resources, 0-based, ~0 for no limit
 * @mor: maximum open resources, 0-based, ~0 for no limit
 * @geom: libzmath geometry of @zsze
 * @zones: the zone report
 * @nr_zones: entries in @zones
 */
struct zns {
	const char *path;
	int fd;
	__u32 nsid;
	unsigned int lbs;
	u64 nsze;
	u64 zsze;
	u32 mar;
	u32 mor;
	struct zmath_geom geom;
	struct zt_zone *zones;
	u64 nr_zones;
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: %s [identify] DEVICE\n"
		"       %s report [--json] [--check] DEVICE\n"
		"       %s reset|open|close|finish --lba LBA|--all\n"
		"                 [--force-unchecked] DEVICE\n"
		"       %s append --zone N [--count N] [--blocks N] [--qd N]\n"
		"                 [--via auto|uring|ioctl] DEVICE\n"
		"\n"
		"DEVICE is an NVMe zoned namespace: /dev/ngXnY (the generic char\n"
		"device, present even when the kernel hides the block device) or\n"
		"/dev/nvmeXnY. Positions are LBAs of the namespace's format.\n"
		"\n"
		"  identify              zone size from the LBA format extension\n"
		"                        (po2 or npo2), zone capacity, zone count,\n"
		"                        max open and active zones\n"
		"  report                the zones (Zone Management Receive)\n"
		"  reset|open|close|finish  Zone Management Send on the zone that\n"
		"                        starts at --lba, or on all zones (--all)\n"
		"  append                zone appends to zone N; each returned LBA\n"
		"                        must lie in zone N per libzmath, and the\n"
		"                        appends must tile the zone from its write\n"
		"                        pointer; the data is read back and checked\n"
		"\n"
		"  -j, --json            report as JSON\n"
		"  -c, --check           check the report against libzmath's layout\n"
		"  -l, --lba LBA         start LBA of the zone to manage\n"
		"  -a, --all             select all zones\n"
		"      --force-unchecked send --lba even if it is not a zone start\n"
		"  -z, --zone N          zone to append to\n"
		"  -n, --count N         number of appends (default 8)\n"
		"  -b, --blocks N        LBAs per append (default 1)\n"
		"  -d, --qd N            appends in flight through io_uring (4)\n"
		"      --via MODE        uring: io_uring passthrough only; ioctl:\n"
		"                        NVMe ioctl only; auto (default): uring if\n"
		"                        the kernel offers it, else ioctl\n"
		"  -h, --help            this help\n"
		"\n"
		"Exit status: 0 done (and the check holds), 1 failure, 2 bad usage.\n",
		prog, prog, prog, prog);
}

static void nvme_error(const char *what, int ret)
{
	if (ret < 0)
		fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(errno));
	else
		fprintf(stderr, "%s: %s: NVMe status 0x%x (%s)\n", prog, what,
			ret, nvme_status_to_string(ret, false));
}

static int zns_open(struct zns *ns, const char *path, int flags)
{
	struct nvme_zns_id_ns zid;
	struct nvme_id_ns id;
	struct stat st;
	__u8 lbaf;
	int ret;

	memset(ns, 0, sizeof(*ns));
	ns->path = path;
	ns->fd = open(path, flags | O_CLOEXEC);
	if (ns->fd < 0) {
		ret = errno;
		if (ret == EACCES || ret == EPERM)
			fprintf(stderr,
				"%s: %s: permission denied (%s): NVMe passthrough needs root or CAP_SYS_ADMIN\n",
				prog, path, strerror(ret));
		else
			fprintf(stderr, "%s: %s: cannot open: %s\n", prog,
				path, strerror(ret));
		return ZT_EXIT_FAIL;
	}
	if (fstat(ns->fd, &st) < 0 ||
	    (!S_ISCHR(st.st_mode) && !S_ISBLK(st.st_mode)) ||
	    nvme_get_nsid(ns->fd, &ns->nsid) < 0) {
		fprintf(stderr,
			"%s: %s: not an NVMe namespace (use /dev/ngXnY or /dev/nvmeXnY)\n",
			prog, path);
		goto fail;
	}

	ret = nvme_identify_ns(ns->fd, ns->nsid, &id);
	if (ret) {
		if (ret < 0 && (errno == EACCES || errno == EPERM))
			fprintf(stderr,
				"%s: %s: permission denied: Identify needs root or CAP_SYS_ADMIN\n",
				prog, path);
		else
			nvme_error("Identify Namespace", ret);
		goto fail;
	}
	nvme_id_ns_flbas_to_lbaf_inuse(id.flbas, &lbaf);
	ns->lbs = 1U << id.lbaf[lbaf].ds;
	ns->nsze = le64toh(id.nsze);

	ret = nvme_zns_identify_ns(ns->fd, ns->nsid, &zid);
	if (ret) {
		fprintf(stderr,
			"%s: %s: namespace %u is not a zoned namespace (ZNS Identify: %s)\n",
			prog, path, ns->nsid,
			ret < 0 ? strerror(errno) : "command set not supported");
		goto fail;
	}
	ns->zsze = le64toh(zid.lbafe[lbaf].zsze);
	ns->mar = le32toh(zid.mar);
	ns->mor = le32toh(zid.mor);
	if (zmath_geom_init(&ns->geom, ns->zsze)) {
		fprintf(stderr, "%s: %s: zone size 0 in LBA format %u\n",
			prog, path, lbaf);
		goto fail;
	}
	return ZT_EXIT_OK;
fail:
	close(ns->fd);
	ns->fd = -1;
	return ZT_EXIT_FAIL;
}

static int zns_report(struct zns *ns)
{
	struct nvme_zone_report *rep;
	u64 slba = 0, nr_max = zmath_geom_nr_zones(&ns->geom, ns->nsze);
	int ret;

	free(ns->zones);
	ns->nr_zones = 0;
	ns->zones = calloc(nr_max ? nr_max : 1, sizeof(*ns->zones));
	rep = aligned_alloc(4096, ZNS_REPORT_BYTES);
	if (!ns->zones || !rep) {
		fprintf(stderr, "%s: out of memory\n", prog);
		free(rep);
		return ZT_EXIT_FAIL;
	}
	while (slba < ns->nsze && ns->nr_zones < nr_max) {
		u64 i, n;

		memset(rep, 0, ZNS_REPORT_BYTES);
		ret = nvme_zns_report_zones(ns->fd, ns->nsid, slba,
					    NVME_ZNS_ZRAS_REPORT_ALL, false,
					    true, ZNS_REPORT_BYTES, rep,
					    NVME_DEFAULT_IOCTL_TIMEOUT, NULL);
		if (ret) {
			nvme_error("Report Zones", ret);
			free(rep);
			return ZT_EXIT_FAIL;
		}
		n = le64toh(rep->nr_zones);
		if (!n)
			break;
		for (i = 0; i < n && ns->nr_zones < nr_max; i++) {
			const struct nvme_zns_desc *d = &rep->entries[i];
			struct zt_zone *z = &ns->zones[ns->nr_zones++];

			z->start = le64toh(d->zslba);
			z->cap = le64toh(d->zcap);
			z->wp = le64toh(d->wp);
			z->type = d->zt & 0xf;
			z->cond = d->zs >> 4;
			/* NVMe reports no length: the geometry gives it */
			z->len = zt_zone_len_at(&ns->geom, ns->nsze, z->start);
			if (z->start < slba) {
				fprintf(stderr,
					"%s: Report Zones went backwards at LBA %llu\n",
					prog, slba);
				free(rep);
				return ZT_EXIT_FAIL;
			}
			slba = z->start + ns->zsze;
		}
		if ((u64)(ZNS_REPORT_BYTES - sizeof(*rep)) /
		    sizeof(rep->entries[0]) > n)
			break;	/* a short report is the last one */
	}
	free(rep);
	return ZT_EXIT_OK;
}

static void print_limit(const char *what, u32 v)
{
	if (v == 0xffffffffU)
		printf("  %s: no limit\n", what);
	else
		printf("  %s: %u\n", what, v + 1);
}

static int do_identify(struct zns *ns)
{
	char size[32];

	if (zns_report(ns))
		return ZT_EXIT_FAIL;
	printf("%s: namespace %u, %llu LBAs of %u bytes\n", ns->path,
	       ns->nsid, ns->nsze, ns->lbs);
	printf("  zone size: %llu LBAs (%s, %s)\n", ns->zsze,
	       zt_fmt_size(size, sizeof(size), ns->zsze * ns->lbs),
	       zmath_geom_is_po2(&ns->geom) ? "po2" : "npo2");
	if (ns->nr_zones)
		printf("  zone capacity: %llu LBAs (zone 0)\n",
		       ns->zones[0].cap);
	printf("  zones: %llu (libzmath: %llu LBAs / zone size%s)\n",
	       zmath_geom_nr_zones(&ns->geom, ns->nsze), ns->nsze,
	       zmath_geom_is_aligned(&ns->geom, ns->nsze) ? "" :
	       ", smaller last zone");
	print_limit("max open zones", ns->mor);
	print_limit("max active zones", ns->mar);
	return ZT_EXIT_OK;
}

static int do_report(struct zns *ns, bool json, bool check)
{
	unsigned int problems = 0;
	FILE *msg = json ? stderr : stdout;
	u64 i;

	if (zns_report(ns))
		return ZT_EXIT_FAIL;
	if (check)
		problems = zt_check_layout(&ns->geom, ns->nsze, 0, ns->zones,
					   ns->nr_zones, msg);
	if (json) {
		printf("{\n  \"device\": ");
		zt_json_str(stdout, ns->path);
		printf(",\n  \"nsid\": %u,\n  \"lba_size\": %u,\n"
		       "  \"nsze\": %llu,\n  \"zone_size\": %llu,\n"
		       "  \"po2\": %s,\n  \"nr_zones\": %llu,\n  \"zones\": [",
		       ns->nsid, ns->lbs, ns->nsze, ns->zsze,
		       zmath_geom_is_po2(&ns->geom) ? "true" : "false",
		       ns->nr_zones);
		for (i = 0; i < ns->nr_zones; i++)
			zt_print_zone_json(stdout, &ns->geom, &ns->zones[i],
					   i == 0);
		printf("\n  ]");
		if (check)
			printf(",\n  \"check\": {\"ok\": %s, \"problems\": %u}",
			       problems ? "false" : "true", problems);
		printf("\n}\n");
	} else {
		printf("%s: namespace %u, %llu zones of %llu LBAs (%s), LBA %u bytes\n",
		       ns->path, ns->nsid, ns->nr_zones, ns->zsze,
		       zmath_geom_is_po2(&ns->geom) ? "po2" : "npo2", ns->lbs);
		zt_print_zone_header(stdout);
		for (i = 0; i < ns->nr_zones; i++)
			zt_print_zone(stdout, &ns->geom, &ns->zones[i]);
	}
	if (!check)
		return ZT_EXIT_OK;
	if (problems) {
		fprintf(msg, "check: FAILED: %u problem%s\n", problems,
			problems == 1 ? "" : "s");
		return ZT_EXIT_FAIL;
	}
	fprintf(msg, "check: ok: %llu zones of %llu LBAs (%s) cover %llu LBAs\n",
		ns->nr_zones, ns->zsze,
		zmath_geom_is_po2(&ns->geom) ? "po2" : "npo2", ns->nsze);
	return ZT_EXIT_OK;
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

static int do_mgmt(struct zns *ns, const struct zns_verb *v, u64 lba,
		   bool all, bool force)
{
	struct nvme_zns_mgmt_send_args args = {
		.args_size = sizeof(args),
		.fd = ns->fd,
		.timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
		.nsid = ns->nsid,
		.slba = all ? 0 : lba,
		.zsa = v->zsa,
		.select_all = all,
	};
	enum zt_range_err err;
	char why[512];
	int ret;

	if (!all) {
		u64 len = zt_zone_len_at(&ns->geom, ns->nsze, lba);

		err = zt_check_range(&ns->geom, ns->nsze, lba, len ? len : 1);
		if (err != ZT_RANGE_OK) {
			zt_range_explain(why, sizeof(why), &ns->geom,
					 ns->nsze, lba, len ? len : 1, err,
					 "LBAs");
			if (!force) {
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
	if (all) {
		printf("%s: all zones done\n", v->name);
		return ZT_EXIT_OK;
	}
	if (zns_report(ns))
		return ZT_EXIT_FAIL;
	printf("%s: zone %llu (LBA %llu) done\n", v->name,
	       zmath_geom_zone_no(&ns->geom, lba), lba);
	if (zmath_geom_zone_no(&ns->geom, lba) < ns->nr_zones)
		zt_print_zone(stdout, &ns->geom,
			      &ns->zones[zmath_geom_zone_no(&ns->geom, lba)]);
	return ZT_EXIT_OK;
}

enum zns_via { ZNS_VIA_AUTO, ZNS_VIA_URING, ZNS_VIA_IOCTL };

struct zns_append {
	struct zns *ns;
	const struct zt_zone *zone;
	u64 zone_no;
	u64 count;
	u64 blocks;
	unsigned int qd;
	unsigned char *data;	/* count * blocks * lbs, append i at i */
	u64 *alba;		/* returned LBA of append i */
	u64 bad;		/* appends outside the zone */
};

/* The pattern of append i, as if it landed at "sector" i * blocks. */
static void *append_buf(struct zns_append *a, u64 i)
{
	return a->data + i * a->blocks * a->ns->lbs;
}

static u64 append_sectors(const struct zns_append *a)
{
	return a->blocks * a->ns->lbs / ZT_SECTOR_SIZE;
}

static void check_alba(struct zns_append *a, u64 i, u64 alba)
{
	const struct zmath_geom *g = &a->ns->geom;

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
			.fd = a->ns->fd,
			.timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
			.nsid = a->ns->nsid,
			.data_len = (__u32)(a->blocks * a->ns->lbs),
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
static void prep_append(struct zns_append *a, struct io_uring_sqe *sqe,
			u64 i)
{
	struct nvme_uring_cmd *cmd;

	memset(sqe, 0, 2 * sizeof(*sqe));	/* SQE128 */
	sqe->opcode = IORING_OP_URING_CMD;
	sqe->fd = a->ns->fd;
	sqe->cmd_op = NVME_URING_CMD_IO;
	sqe->user_data = i;
	cmd = (struct nvme_uring_cmd *)sqe->cmd;
	cmd->opcode = nvme_zns_cmd_append;
	cmd->nsid = a->ns->nsid;
	cmd->addr = (__u64)(uintptr_t)append_buf(a, i);
	cmd->data_len = (__u32)(a->blocks * a->ns->lbs);
	cmd->cdw10 = (__u32)a->zone->start;
	cmd->cdw11 = (__u32)(a->zone->start >> 32);
	cmd->cdw12 = (__u32)(a->blocks - 1);
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

		while (inflight < a->qd && next < a->count) {
			struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);

			if (!sqe)
				break;
			prep_append(a, sqe, next++);
			inflight++;
		}
		ret = io_uring_submit_and_wait(&ring, 1);
		if (ret < 0)
			break;
		ret = io_uring_peek_cqe(&ring, &cqe);
		if (ret)
			continue;
		if (cqe->res) {
			ret = cqe->res;
			io_uring_cqe_seen(&ring, cqe);
			if (!done && (ret == -EOPNOTSUPP || ret == -EINVAL ||
				      ret == -ENOTTY)) {
				fprintf(stderr,
					"%s: io_uring NVMe passthrough: %s\n",
					prog, strerror(-ret));
				ret = -EOPNOTSUPP;
			} else if (ret < 0) {
				fprintf(stderr,
					"%s: Zone Append (io_uring): %s\n",
					prog, strerror(-ret));
			} else {
				nvme_error("Zone Append (io_uring)", ret);
				ret = -EIO;
			}
			break;
		}
		check_alba(a, cqe->user_data, cqe->big_cqe[0]);
		io_uring_cqe_seen(&ring, cqe);
		inflight--;
		done++;
	}
	/* Drain what is still in flight before the buffers go away. */
	while (inflight) {
		struct io_uring_cqe *cqe;

		if (io_uring_wait_cqe(&ring, &cqe))
			break;
		io_uring_cqe_seen(&ring, cqe);
		inflight--;
	}
	io_uring_queue_exit(&ring);
	return done == a->count ? 0 : (ret < 0 ? ret : -EIO);
}
#endif

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
	size_t len = a->blocks * a->ns->lbs;
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
			.fd = a->ns->fd,
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

static int do_append(struct zns *ns, u64 zone_no, u64 count, u64 blocks,
		     unsigned int qd, enum zns_via via)
{
	struct zns_append a = {
		.ns = ns, .zone_no = zone_no, .count = count,
		.blocks = blocks, .qd = qd,
	};
	const char *how = "ioctl";
	u64 wp0, i, t0;
	int ret = -EOPNOTSUPP, fd;

	if (zns_report(ns))
		return ZT_EXIT_FAIL;
	if (zone_no >= ns->nr_zones) {
		fprintf(stderr, "%s: --zone %llu: the namespace has %llu zones\n",
			prog, zone_no, ns->nr_zones);
		return ZT_EXIT_USAGE;
	}
	a.zone = &ns->zones[zone_no];
	wp0 = a.zone->cond == ZT_COND_EMPTY ? a.zone->start : a.zone->wp;
	if (!zt_zone_is_seq(a.zone) || !zt_zone_is_usable(a.zone) ||
	    a.zone->cond == ZT_COND_FULL) {
		fprintf(stderr, "%s: zone %llu is %s and %s: cannot append\n",
			prog, zone_no, zt_type_name(a.zone->type),
			zt_cond_name(a.zone->cond));
		return ZT_EXIT_FAIL;
	}
	if (count * blocks > a.zone->start + a.zone->cap - wp0) {
		fprintf(stderr,
			"%s: %llu appends of %llu LBAs do not fit: zone %llu has %llu LBAs left\n",
			prog, count, blocks, zone_no,
			a.zone->start + a.zone->cap - wp0);
		return ZT_EXIT_USAGE;
	}
	if ((blocks * ns->lbs) % ZT_SECTOR_SIZE) {
		fprintf(stderr, "%s: appends must be multiples of 512 bytes\n",
			prog);
		return ZT_EXIT_USAGE;
	}

	a.data = aligned_alloc(4096, (count * blocks * ns->lbs + 4095) &
			       ~(u64)4095);
	a.alba = calloc(count, sizeof(*a.alba));
	if (!a.data || !a.alba) {
		fprintf(stderr, "%s: out of memory\n", prog);
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < count; i++)
		zt_pattern_fill(append_buf(&a, i), i * append_sectors(&a),
				append_sectors(&a), zone_no);

	t0 = zt_now_ns();
#ifdef ZT_HAVE_LIBURING
	if (via != ZNS_VIA_IOCTL) {
		fd = open_generic(ns->path);
		if (fd >= 0) {
			int blk_fd = ns->fd;

			ns->fd = fd;
			ret = append_uring(&a);
			ns->fd = blk_fd;
			close(fd);
			how = "io_uring passthrough";
		} else {
			fprintf(stderr,
				"%s: no generic char device for %s\n", prog,
				ns->path);
		}
	}
#else
	(void)fd;
	if (via == ZNS_VIA_URING)
		fprintf(stderr, "%s: built without liburing\n", prog);
#endif
	if (ret == -EOPNOTSUPP && via != ZNS_VIA_URING) {
		if (via == ZNS_VIA_AUTO)
			fprintf(stderr,
				"%s: falling back to the NVMe ioctl for appends\n",
				prog);
		how = "ioctl";
		ret = append_ioctl(&a);
	}
	if (ret)
		goto out;

	printf("append: %llu x %llu LBAs to zone %llu (%s) via %s in %.3f ms\n",
	       count, blocks, zone_no,
	       zmath_geom_is_po2(&ns->geom) ? "po2" : "npo2", how,
	       (double)(zt_now_ns() - t0) / 1e6);
	if (a.bad) {
		fprintf(stderr, "%s: %llu appends landed outside zone %llu\n",
			prog, a.bad, zone_no);
		ret = -EIO;
		goto out;
	}
	ret = check_tiling(&a, wp0);
	if (ret)
		goto out;
	ret = check_data(&a);
	if (ret)
		goto out;
	printf("append: every returned LBA lies in zone %llu per libzmath, LBAs %llu-%llu, data read back ok\n",
	       zone_no, wp0, wp0 + count * blocks - 1);
out:
	free(a.data);
	free(a.alba);
	return ret ? ZT_EXIT_FAIL : ZT_EXIT_OK;
}

static int parse_num(const char *opt, const char *arg, u64 *val)
{
	int ret = zt_parse_u64(arg, val);

	if (ret)
		fprintf(stderr, "%s: %s '%s': %s\n", prog, opt, arg,
			ret == -ERANGE ? "too large" : "not a number");
	return ret;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "check", no_argument, NULL, 'c' },
		{ "lba", required_argument, NULL, 'l' },
		{ "all", no_argument, NULL, 'a' },
		{ "force-unchecked", no_argument, NULL, 'F' },
		{ "zone", required_argument, NULL, 'z' },
		{ "count", required_argument, NULL, 'n' },
		{ "blocks", required_argument, NULL, 'b' },
		{ "qd", required_argument, NULL, 'd' },
		{ "via", required_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, check = false, all = false, force = false;
	bool have_lba = false, have_zone = false;
	u64 lba = 0, zone = 0, count = 8, blocks = 1, qd = 4;
	enum zns_via via = ZNS_VIA_AUTO;
	const char *verb = "identify";
	const struct zns_verb *v = NULL;
	struct zns ns;
	int c, ret;

	while ((c = getopt_long(argc, argv, "jcl:az:n:b:d:h", opts,
				NULL)) != -1) {
		switch (c) {
		case 'j':
			json = true;
			break;
		case 'c':
			check = true;
			break;
		case 'l':
			if (parse_num("--lba", optarg, &lba))
				return ZT_EXIT_USAGE;
			have_lba = true;
			break;
		case 'a':
			all = true;
			break;
		case 'F':
			force = true;
			break;
		case 'z':
			if (parse_num("--zone", optarg, &zone))
				return ZT_EXIT_USAGE;
			have_zone = true;
			break;
		case 'n':
			if (parse_num("--count", optarg, &count))
				return ZT_EXIT_USAGE;
			break;
		case 'b':
			if (parse_num("--blocks", optarg, &blocks))
				return ZT_EXIT_USAGE;
			break;
		case 'd':
			if (parse_num("--qd", optarg, &qd))
				return ZT_EXIT_USAGE;
			break;
		case 'V':
			if (!strcmp(optarg, "auto")) {
				via = ZNS_VIA_AUTO;
			} else if (!strcmp(optarg, "uring")) {
				via = ZNS_VIA_URING;
			} else if (!strcmp(optarg, "ioctl")) {
				via = ZNS_VIA_IOCTL;
			} else {
				fprintf(stderr,
					"%s: --via %s: auto, uring or ioctl\n",
					prog, optarg);
				return ZT_EXIT_USAGE;
			}
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

	if (!strcmp(verb, "append")) {
		if (!have_zone) {
			fprintf(stderr, "%s: append needs --zone N\n", prog);
			return ZT_EXIT_USAGE;
		}
		if (!count || !blocks || blocks > 65536 || !qd || qd > 4096) {
			fprintf(stderr,
				"%s: --count >= 1, --blocks 1 to 65536, --qd 1 to 4096\n",
				prog);
			return ZT_EXIT_USAGE;
		}
	} else if (strcmp(verb, "identify") && strcmp(verb, "report")) {
		v = find_verb(verb);
		if (!v) {
			fprintf(stderr,
				"%s: unknown verb '%s' (identify, report, reset, open, close, finish, append)\n",
				prog, verb);
			return ZT_EXIT_USAGE;
		}
		if (have_lba == all) {
			fprintf(stderr, "%s: %s needs --lba LBA or --all\n",
				prog, verb);
			return ZT_EXIT_USAGE;
		}
	}

	ret = zns_open(&ns, argv[optind],
		       strcmp(verb, "identify") && strcmp(verb, "report") ?
		       O_RDWR : O_RDONLY);
	if (ret)
		return ret;
	if (!strcmp(verb, "identify"))
		ret = do_identify(&ns);
	else if (!strcmp(verb, "report"))
		ret = do_report(&ns, json, check);
	else if (v)
		ret = do_mgmt(&ns, v, lba, all, force);
	else
		ret = do_append(&ns, zone, count, blocks, (unsigned int)qd,
				via);
	close(ns.fd);
	free(ns.zones);
	return ret;
}
