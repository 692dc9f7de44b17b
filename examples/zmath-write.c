// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath-write - sequential O_DIRECT writer for zoned block devices
 *
 * Writes a deterministic pattern through io_uring into a range of
 * sequential zones, several zones at a time but at most one write in
 * flight per zone: that keeps each zone's writes in order whatever the I/O
 * scheduler, while the queue depth comes from spreading across zones.
 * Each zone's write pointer is tracked with libzmath (every completion must
 * land at the tracked pointer, inside the zone's capacity), compared with
 * the device's own report at the end, and the data is read back and
 * checked.
 */
#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <liburing.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zt-cli.h"
#include "zt-dev.h"
#include "zt-format.h"
#include "zt-layout.h"
#include "zt-pattern.h"
#include "zt-plan.h"
#include "zt-zone.h"

static const char *prog = "zmath-write";

#define ZW_DEFAULT_SEED	0x7a6d617468ULL	/* "zmath" */

struct zw_opts {
	u64 first_zone;
	bool have_first;
	u64 count;		/* zones, 0: up to the last */
	u64 bs;			/* bytes */
	unsigned int qd;
	u64 size;		/* bytes per zone, 0: up to capacity */
	bool reset;
	bool finish;
	bool force;
	bool no_verify;
	u64 seed;
	u64 progress_s;
};

struct zw_slot {
	void *buf;
	long zi;		/* index in the plan array, -1 if idle */
	u64 pos;		/* sectors */
	u64 len;
};

struct zw_ctx {
	struct zt_dev *dev;
	const struct zw_opts *o;
	struct io_uring ring;
	struct zw_slot *slots;
	struct zt_wzone *plan;	/* one per zone being written */
	u64 *first_wp;		/* where each zone's writing began */
	u64 nr_plan;
	u64 total;		/* sectors to move in this pass */
	u64 done;
	u64 t0, last;
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: %s [options] DEVICE\n"
		"\n"
		"Write sequential zones of a zoned block device with io_uring and\n"
		"O_DIRECT, one write in flight per zone and several zones at once,\n"
		"then check the write pointers and read the data back.\n"
		"\n"
		"  -z, --zone ZONE       first zone, a zone number (default: the first\n"
		"                        sequential zone)\n"
		"  -c, --count ZONES     zones to write (default 4, 0: to the last)\n"
		"  -b, --bs BYTES        bytes per write (default 64K), a multiple of\n"
		"                        the logical block size\n"
		"  -d, --qd WRITES       writes in flight, each in its own zone (4)\n"
		"  -s, --size BYTES      bytes per zone (default: up to zone capacity)\n"
		"  -r, --reset           reset the zones first (else append at each\n"
		"                        zone's write pointer)\n"
		"      --finish          finish zones left partly written (--size),\n"
		"                        so they do not hold active zone resources\n"
		"  -f, --force           open the device even if it is mounted or held\n"
		"                        exclusively (no O_EXCL): it destroys their data\n"
		"      --no-verify       do not read back\n"
		"      --seed SEED       pattern seed, a number (default 0x%llx)\n"
		"  -p, --progress SECONDS  progress every SECONDS seconds (1; 0: off)\n"
		"  -v, --verbose         say how the device is opened, each zone reset\n"
		"  -V, --version         print the version\n"
		"  -h, --help            this help\n"
		"\n"
		"BYTES is read as util-linux reads sizes: decimal, 0x-hexadecimal or\n"
		"0-prefixed octal, then an optional K, M, G, T (alone or with iB: powers\n"
		"of 1024) or KB, MB, GB, TB (powers of 1000): 64K = 65536, 1MB = 10^6.\n"
		"ZONE, ZONES, WRITES, SEED and SECONDS are decimal or 0x-hexadecimal.\n"
		"The device is opened exclusively, as blkzone does: refused while a\n"
		"filesystem is mounted on it. Conventional, read-only, offline and\n"
		"(without --reset) full zones in the range are skipped.\n"
		"\n"
		"Exit status: 0 written and verified, 1 I/O, write pointer or data\n"
		"mismatch, 2 bad usage.\n",
		prog, ZW_DEFAULT_SEED);
}

static void zw_progress(struct zw_ctx *c, const char *what, bool final)
{
	u64 now = zt_now_ns();

	if (!final && (!c->o->progress_s ||
		       now - c->last < c->o->progress_s * 1000000000ULL))
		return;
	c->last = now;
	printf("%s: %llu/%llu MiB (%llu%%), %.1f MiB/s%s\n", what,
	       (c->done << 9) >> 20, (c->total << 9) >> 20,
	       c->total ? c->done * 100 / c->total : 100,
	       zt_mib_per_s(c->done << 9, now - c->t0),
	       final ? ", done" : "");
	fflush(stdout);
}

/* Give an idle slot the next zone with work; false if there is none. */
static bool zw_assign(struct zw_ctx *c, struct zw_slot *s, u64 *next)
{
	while (*next < c->nr_plan) {
		u64 zi = (*next)++;

		if (c->plan[zi].wp < c->plan[zi].end) {
			s->zi = (long)zi;
			return true;
		}
	}
	s->zi = -1;
	return false;
}

static int zw_submit(struct zw_ctx *c, struct zw_slot *s, bool write)
{
	struct zt_wzone *wz = &c->plan[s->zi];
	struct io_uring_sqe *sqe;

	if (!zt_wzone_next(wz, c->o->bs >> 9, &s->pos, &s->len))
		return 0;
	sqe = io_uring_get_sqe(&c->ring);
	if (!sqe)
		return -EBUSY;
	if (write) {
		zt_pattern_fill(s->buf, s->pos, s->len, c->o->seed);
		io_uring_prep_write(sqe, c->dev->fd, s->buf,
				    (unsigned int)(s->len << 9), s->pos << 9);
	} else {
		io_uring_prep_read(sqe, c->dev->fd, s->buf,
				   (unsigned int)(s->len << 9), s->pos << 9);
	}
	io_uring_sqe_set_data(sqe, s);
	return 1;
}

/* Check one completion and account for it; 0 or -EIO. */
static int zw_complete(struct zw_ctx *c, struct zw_slot *s, int res,
		       bool write)
{
	const char *what = write ? "write" : "verify";
	struct zt_wzone *wz = &c->plan[s->zi];
	long long bad;

	if (res != (int)(s->len << 9)) {
		fprintf(stderr,
			"%s: %s: %s zone %llu at sector %llu (+%llu): %s\n",
			prog, c->dev->path, what, wz->zone_no, s->pos, s->len,
			res < 0 ? strerror(-res) : "short transfer");
		return -EIO;
	}
	if (zt_wzone_advance(wz, &c->dev->geom, s->pos, s->len)) {
		fprintf(stderr,
			"%s: zone %llu: %s at %llu+%llu is not at the tracked write pointer %llu inside the zone\n",
			prog, wz->zone_no, what, s->pos, s->len, wz->wp);
		return -EIO;
	}
	if (!write) {
		bad = zt_pattern_check(s->buf, s->pos, s->len, c->o->seed);
		if (bad >= 0) {
			fprintf(stderr,
				"%s: %s: data mismatch in zone %llu at sector %llu\n",
				prog, c->dev->path, wz->zone_no,
				s->pos + (u64)bad);
			return -EIO;
		}
	}
	c->done += s->len;
	zw_progress(c, what, false);
	return 0;
}

/* A zone done before its capacity: finish it to release its resources. */
static int zw_finish(struct zw_ctx *c, struct zt_wzone *wz)
{
	int ret;

	if (wz->wp >= wz->cap_end)
		return 0;	/* full already */
	ret = zt_dev_zone_mgmt(c->dev, "finish", wz->start,
			       zt_zone_len_at(&c->dev->geom, c->dev->capacity,
					      wz->start));
	if (ret) {
		fprintf(stderr, "%s: %s: finish zone %llu: %s\n", prog,
			c->dev->path, wz->zone_no, strerror(-ret));
		return -EIO;
	}
	wz->finished = true;
	return 0;
}

/*
 * After a completion in slot @s: the same zone's next write if it has more,
 * else, its zone finished with --finish, another zone's. Returns the number
 * of writes submitted, 0 or 1, or a negative errno.
 */
static int zw_continue(struct zw_ctx *c, struct zw_slot *s, bool write,
		       u64 *next)
{
	int err;

	if (c->plan[s->zi].wp >= c->plan[s->zi].end) {
		if (write && c->o->finish) {
			err = zw_finish(c, &c->plan[s->zi]);
			if (err)
				return err;
		}
		if (!zw_assign(c, s, next))
			return 0;
	}
	return zw_submit(c, s, write);
}

/*
 * One pass over the plan: write it, or read it back and check it. On an
 * error, stop submitting but wait for what is in flight, whose buffers are
 * still the kernel's.
 */
static int zw_pass(struct zw_ctx *c, bool write)
{
	unsigned int i, inflight = 0;
	u64 next = 0;
	int ret, err = 0;

	c->done = 0;
	c->t0 = c->last = zt_now_ns();
	for (i = 0; i < c->o->qd && !err; i++) {
		struct zw_slot *s = &c->slots[i];

		if (!zw_assign(c, s, &next))
			break;
		ret = zw_submit(c, s, write);
		if (ret < 0)
			err = ret;
		else
			inflight += ret;
	}

	while (inflight) {
		struct io_uring_cqe *cqe;
		struct zw_slot *s;
		int res;

		ret = io_uring_submit_and_wait(&c->ring, 1);
		if (ret < 0 && ret != -EINTR) {
			fprintf(stderr, "%s: io_uring: %s\n", prog,
				strerror(-ret));
			return ret;	/* the ring is unusable: no drain */
		}
		if (io_uring_peek_cqe(&c->ring, &cqe))
			continue;
		s = io_uring_cqe_get_data(cqe);
		res = cqe->res;
		io_uring_cqe_seen(&c->ring, cqe);
		inflight--;
		if (err)
			continue;
		err = zw_complete(c, s, res, write);
		if (err)
			continue;
		ret = zw_continue(c, s, write, &next);
		if (ret < 0)
			err = ret;
		else
			inflight += ret;
	}
	if (err)
		return err;
	zw_progress(c, write ? "write" : "verify", true);
	return 0;
}

/* After writing: does the device agree with the tracked write pointers? */
static int zw_check_wps(struct zw_ctx *c)
{
	unsigned int bad = 0;
	u64 i;

	if (zt_dev_report(c->dev))
		return -EIO;
	for (i = 0; i < c->nr_plan; i++) {
		const struct zt_wzone *wz = &c->plan[i];
		const struct zt_zone *z = &c->dev->zones[wz->zone_no];
		bool full_ok = z->cond == ZT_COND_FULL &&
			       (wz->finished || wz->wp == wz->cap_end);

		if (full_ok || (z->cond != ZT_COND_FULL && z->wp == wz->wp))
			continue;
		fprintf(stderr,
			"%s: zone %llu: device reports wp %llu (%s), tracked %llu\n",
			prog, wz->zone_no, z->wp, zt_cond_name(z->cond),
			wz->wp);
		bad++;
	}
	if (bad)
		return -EIO;
	printf("write pointers: %llu zones match the tracked positions\n",
	       c->nr_plan);
	return 0;
}

/* The zones to work on: [*first, *last), chosen by zt_select_zones(). */
static int zw_range(const struct zt_dev *dev, const struct zw_opts *o,
		    u64 *first, u64 *last)
{
	int ret = zt_select_zones(dev->zones, dev->nr_zones, o->have_first,
				  o->first_zone, o->count, first, last);

	if (ret == -ENOENT) {
		fprintf(stderr, "%s: %s: no sequential zone\n", prog,
			dev->path);
		return ZT_EXIT_FAIL;
	}
	if (ret) {
		fprintf(stderr, "%s: --zone %llu: the device has %llu zones\n",
			prog, o->first_zone, dev->nr_zones);
		return ZT_EXIT_USAGE;
	}
	return ZT_EXIT_OK;
}

static int zw_build_plan(struct zw_ctx *c)
{
	struct zt_dev *dev = c->dev;
	const struct zw_opts *o = c->o;
	u64 i, first, last, skipped = 0;
	int ret;

	ret = zw_range(dev, o, &first, &last);
	if (ret)
		return ret;
	c->plan = calloc(last - first, sizeof(*c->plan));
	c->first_wp = calloc(last - first, sizeof(*c->first_wp));
	if (!c->plan || !c->first_wp) {
		fprintf(stderr, "%s: out of memory for the plan of %llu zones\n",
			prog, last - first);
		return ZT_EXIT_FAIL;
	}
	for (i = first; i < last; i++) {
		struct zt_wzone *wz = &c->plan[c->nr_plan];
		int ret = zt_wzone_init(wz, &dev->geom, &dev->zones[i],
					o->size >> 9);

		if (ret) {
			printf("skipping zone %llu: %s %s\n", i,
			       zt_type_name(dev->zones[i].type),
			       zt_cond_name(dev->zones[i].cond));
			skipped++;
			continue;
		}
		if ((wz->wp << 9) % dev->lbs) {
			fprintf(stderr,
				"%s: zone %llu: write pointer %llu is not logical-block aligned\n",
				prog, i, wz->wp);
			return ZT_EXIT_FAIL;
		}
		c->first_wp[c->nr_plan] = wz->wp;
		c->total += wz->end - wz->wp;
		c->nr_plan++;
	}
	if (!c->nr_plan) {
		fprintf(stderr, "%s: %s: no writable zone in %llu-%llu\n",
			prog, dev->path, first, last - 1);
		return ZT_EXIT_FAIL;
	}
	printf("%s: zones %llu-%llu (%llu to write, %llu skipped), zone size %llu sectors (%s), %llu MiB, bs %llu, qd %u\n",
	       dev->path, first, last - 1, c->nr_plan, skipped,
	       dev->zone_size, zmath_geom_is_po2(&dev->geom) ? "po2" : "npo2",
	       (c->total << 9) >> 20, o->bs, o->qd);
	return ZT_EXIT_OK;
}

static int zw_reset(struct zt_dev *dev, const struct zw_opts *o)
{
	u64 first, last;
	int ret;

	ret = zw_range(dev, o, &first, &last);
	if (ret)
		return ret;
	ret = zt_dev_reset_written_zones(dev, first, last, NULL);
	if (ret)
		return ret;
	return zt_dev_report(dev);
}

/*
 * Zones left partly written stay active. Refuse a run that would leave more
 * of them than the device allows, before any I/O (and before --reset),
 * rather than fail halfway through it.
 */
static int zw_check_active(const struct zt_dev *dev, const struct zw_opts *o)
{
	u64 i, first, last, partial = 0, others = 0;
	int ret;

	if (!dev->max_active || o->finish)
		return ZT_EXIT_OK;
	ret = zw_range(dev, o, &first, &last);
	if (ret)
		return ret;
	for (i = 0; i < dev->nr_zones; i++) {
		const struct zt_zone *z = &dev->zones[i];
		bool active = z->cond == ZT_COND_IMP_OPEN ||
			      z->cond == ZT_COND_EXP_OPEN ||
			      z->cond == ZT_COND_CLOSED;
		u64 wp = z->cond == ZT_COND_EMPTY || o->reset ? z->start : z->wp;

		if (i < first || i >= last) {
			others += active;
			continue;
		}
		if (!zt_zone_is_seq(z) || !zt_zone_is_usable(z) ||
		    (z->cond == ZT_COND_FULL && !o->reset))
			continue;
		/* written up to capacity, a zone becomes full, not active */
		if (o->size && wp + (o->size >> 9) < z->start + z->cap)
			partial++;
	}
	if (partial + others <= dev->max_active)
		return ZT_EXIT_OK;
	fprintf(stderr,
		"%s: %s: this run would leave %llu zones partly written while %llu other zones are active, but the device allows %u active zones: use --finish, fewer zones or no --size\n",
		prog, dev->path, partial, others, dev->max_active);
	return ZT_EXIT_USAGE;
}

/* What must hold before any I/O, then --reset. */
static int zw_prepare(struct zt_dev *dev, const struct zw_opts *o)
{
	int ret;

	if (zt_dev_report_checked(dev))
		return ZT_EXIT_FAIL;
	if (o->bs % dev->lbs) {
		fprintf(stderr,
			"%s: --bs %llu is not a multiple of the logical block size %u\n",
			prog, o->bs, dev->lbs);
		return ZT_EXIT_USAGE;
	}
	if (o->size % dev->lbs) {
		fprintf(stderr,
			"%s: --size %llu is not a multiple of the logical block size %u\n",
			prog, o->size, dev->lbs);
		return ZT_EXIT_USAGE;
	}
	ret = zw_check_active(dev, o);
	if (ret)
		return ret;
	if (o->reset)
		return zw_reset(dev, o);
	return ZT_EXIT_OK;
}

/*
 * The ring and its slots, each with a buffer of --bs bytes: as many as
 * --qd asks for, lowered to the device's open and active zone limits.
 */
static int zw_setup_io(struct zw_ctx *c, struct zw_opts *o)
{
	const struct zt_dev *dev = c->dev;
	unsigned int qd, i;
	int ret;

	qd = zt_zone_concurrency(o->qd, dev->max_open, dev->max_active);
	if (qd < o->qd) {
		printf("qd %u: the device allows %u open and %u active zones; writing %u zones at a time\n",
		       o->qd, dev->max_open, dev->max_active, qd);
		o->qd = qd;
	}
	c->slots = calloc(o->qd, sizeof(*c->slots));
	if (!c->slots) {
		fprintf(stderr, "%s: out of memory for %u I/O slots\n", prog,
			o->qd);
		return ZT_EXIT_FAIL;
	}
	for (i = 0; i < o->qd; i++) {
		/* posix_memalign() returns the error, it does not set errno */
		ret = posix_memalign(&c->slots[i].buf, 4096, o->bs);
		if (ret) {
			c->slots[i].buf = NULL;
			fprintf(stderr, "%s: %u buffers of %llu bytes: %s\n",
				prog, o->qd, o->bs, strerror(ret));
			return ZT_EXIT_FAIL;
		}
	}
	/* io_uring_queue_init() returns -errno, it does not set errno */
	ret = io_uring_queue_init(o->qd, &c->ring, 0);
	if (ret < 0) {
		fprintf(stderr, "%s: io_uring_queue_init(%u): %s\n", prog,
			o->qd, strerror(-ret));
		return ZT_EXIT_FAIL;
	}
	return ZT_EXIT_OK;
}

/* Write the plan, check the write pointers, read the data back. */
static int zw_write_and_verify(struct zw_ctx *c)
{
	u64 written_ns, i;

	if (zw_pass(c, true))
		return ZT_EXIT_FAIL;
	written_ns = zt_now_ns() - c->t0;
	printf("wrote %llu MiB in %.3f s: %.1f MiB/s\n",
	       (c->total << 9) >> 20, (double)written_ns / 1e9,
	       zt_mib_per_s(c->total << 9, written_ns));
	if (zw_check_wps(c))
		return ZT_EXIT_FAIL;
	if (c->o->no_verify)
		return ZT_EXIT_OK;

	/* Read back what was written: from each first wp to its wp. */
	for (i = 0; i < c->nr_plan; i++) {
		c->plan[i].end = c->plan[i].wp;
		c->plan[i].wp = c->first_wp[i];
	}
	if (zw_pass(c, false))
		return ZT_EXIT_FAIL;
	printf("verified %llu MiB: %.1f MiB/s\n", (c->total << 9) >> 20,
	       zt_mib_per_s(c->total << 9, zt_now_ns() - c->t0));
	return ZT_EXIT_OK;
}

static int zw_run(struct zt_dev *dev, struct zw_opts *o)
{
	struct zw_ctx c = { .dev = dev, .o = o };
	unsigned int i;
	int ret;

	ret = zw_prepare(dev, o);
	if (ret)
		return ret;
	ret = zw_build_plan(&c);
	if (!ret)
		ret = zw_setup_io(&c, o);
	if (!ret) {
		ret = zw_write_and_verify(&c);
		io_uring_queue_exit(&c.ring);
	}
	if (c.slots)
		for (i = 0; i < o->qd; i++)
			free(c.slots[i].buf);
	free(c.slots);
	free(c.plan);
	free(c.first_wp);
	return ret;
}

enum { OPT_FINISH = ZT_OPT_TOOL_FIRST, OPT_NO_VERIFY, OPT_SEED };

#define ZW_OPT(c, name, kind, field)					\
	{ c, name, kind, offsetof(struct zw_opts, field), ZT_CLI_NO_FIELD }

static const struct zt_cli_opt zw_opt_table[] = {
	{ 'z', "--zone", ZT_NUM_PLAIN, offsetof(struct zw_opts, first_zone),
	  offsetof(struct zw_opts, have_first) },
	ZW_OPT('c', "--count", ZT_NUM_PLAIN, count),
	ZW_OPT('b', "--bs", ZT_NUM_BYTES, bs),
	ZW_OPT('s', "--size", ZT_NUM_BYTES, size),
	ZW_OPT(OPT_SEED, "--seed", ZT_NUM_PLAIN, seed),
	ZW_OPT('p', "--progress", ZT_NUM_PLAIN, progress_s),
	ZW_OPT('r', "--reset", ZT_NUM_FLAG, reset),
	ZW_OPT(OPT_FINISH, "--finish", ZT_NUM_FLAG, finish),
	ZW_OPT('f', "--force", ZT_NUM_FLAG, force),
	ZW_OPT(OPT_NO_VERIFY, "--no-verify", ZT_NUM_FLAG, no_verify),
};

/* --bs and --size, whole sectors, before the device says its block size */
static int check_sizes(const struct zw_opts *o)
{
	if (!o->bs || o->bs % 512 || o->bs > (1ULL << 30)) {
		fprintf(stderr,
			"%s: --bs %llu: a multiple of 512 bytes up to 1 GiB\n",
			prog, o->bs);
		return ZT_EXIT_USAGE;
	}
	if (o->size % 512) {
		fprintf(stderr, "%s: --size %llu: a multiple of 512 bytes\n",
			prog, o->size);
		return ZT_EXIT_USAGE;
	}
	return ZT_EXIT_OK;
}

int main(int argc, char **argv)
{
	static const struct option long_opts[] = {
		{ "zone", required_argument, NULL, 'z' },
		{ "count", required_argument, NULL, 'c' },
		{ "bs", required_argument, NULL, 'b' },
		{ "qd", required_argument, NULL, 'd' },
		{ "size", required_argument, NULL, 's' },
		{ "reset", no_argument, NULL, 'r' },
		{ "finish", no_argument, NULL, OPT_FINISH },
		{ "force", no_argument, NULL, 'f' },
		{ "no-verify", no_argument, NULL, OPT_NO_VERIFY },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "progress", required_argument, NULL, 'p' },
		ZT_CLI_COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	struct zw_opts o = {
		.count = 4, .bs = 64 * 1024, .qd = 4,
		.seed = ZW_DEFAULT_SEED, .progress_s = 1,
	};
	const char *path;
	struct zt_dev dev;
	u64 qd;
	int c, ret;

	while ((c = getopt_long(argc, argv,
				"z:c:b:d:s:rfp:" ZT_CLI_COMMON_SHORTOPTS,
				long_opts, NULL)) != -1) {
		if (c != 'd') {
			ret = zt_cli_option(zw_opt_table,
					    ZT_ARRAY_SIZE(zw_opt_table), c,
					    optarg, prog, &o, usage);
			if (ret >= 0)
				return ret;
			continue;
		}
		/* --qd is an unsigned int */
		if (zt_cli_parse_num_range(prog, "--qd", optarg, ZT_NUM_PLAIN,
					   1, 4096, &qd))
			return ZT_EXIT_USAGE;
		o.qd = (unsigned int)qd;
	}
	ret = check_sizes(&o);
	if (ret)
		return ret;
	ret = zt_cli_operands(prog, argc, argv, NULL, &path);
	if (ret)
		return ret;

	/* it writes: exclusive, as blkzone, whether or not it resets */
	ret = zt_dev_open(&dev, prog, path,
			  zt_cli_open_flags(true, o.force) | O_DIRECT);
	if (ret) {
		zt_cli_busy_hint(prog, dev.open_err);
		return ret;
	}
	ret = zw_run(&dev, &o);
	zt_dev_close(&dev);
	return ret;
}
