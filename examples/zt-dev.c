// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-dev.c - zoned block device access shared by the zmath tools
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/blkzoned.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "zt-cli.h"
#include "zt-dev.h"
#include "zt-layout.h"
#include "zt-zone.h"

/* Zones per BLKREPORTZONE call. */
#define ZT_REPORT_BATCH	4096

/* A queue attribute from sysfs, without its newline; -errno if unreadable. */
static int zt_queue_attr(dev_t rdev, const char *name, char *buf, size_t size)
{
	char path[128];
	FILE *f;
	int ret = 0;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/queue/%s",
		 major(rdev), minor(rdev), name);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(buf, (int)size, f))
		ret = -EIO;
	else
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
	return ret;
}

/* A queue limit from sysfs; 0 if it is absent or unreadable. */
static unsigned int zt_queue_limit(dev_t rdev, const char *name)
{
	char buf[32], *end;
	unsigned long v;

	if (zt_queue_attr(rdev, name, buf, sizeof(buf)))
		return 0;
	errno = 0;
	v = strtoul(buf, &end, 10);
	if (errno || end == buf || v > 0xffffffffUL)
		return 0;
	return (unsigned int)v;
}

/**
 * zt_open_refusal() - why open(2) refused a device, in words
 * @err: its errno
 * @root: the caller runs as root (effective uid 0)
 *
 * EACCES and EPERM are permissions for anyone else; root meets EPERM only
 * where the kernel's policy refuses it, which running as root cannot fix.
 *
 * Return: a message without the program and device names, nor strerror().
 */
const char *zt_open_refusal(int err, bool root)
{
	switch (err) {
	case EACCES:
	case EPERM:
		if (!root)
			return "permission denied: run as root or with access to the device";
		if (err == EPERM)
			return "operation not permitted, even to root: a security module, lockdown or the device's own policy refuses it";
		return "permission denied, even to root: a security module or the device's own policy refuses it";
	case EBUSY:
		return "device is busy: a filesystem is mounted on it, or another program holds it open exclusively";
	case EROFS:
		return "the device is read-only: it cannot be opened for writing";
	default:
		return "cannot open";
	}
}

static int zt_open_error(struct zt_dev *dev, int err)
{
	const char *why = zt_open_refusal(err, geteuid() == 0);

	dev->open_err = err;
	fprintf(stderr, "%s: %s: %s (%s)\n", dev->prog, dev->path, why,
		strerror(err));
	return ZT_EXIT_FAIL;
}

/**
 * zt_not_zoned_reason() - why a block device is not a zoned one, in words
 * @buf: where to write it
 * @size: size of @buf
 * @ioctl_err: the errno of BLKGETZONESZ, 0 if it gave a zone size of 0
 * @zoned: what queue/zoned reads, NULL if it could not be read
 *
 * Return: what snprintf() returns.
 */
int zt_not_zoned_reason(char *buf, size_t size, int ioctl_err,
			const char *zoned)
{
	char ioctl_said[64];

	if (ioctl_err)
		snprintf(ioctl_said, sizeof(ioctl_said), "BLKGETZONESZ: %s",
			 strerror(ioctl_err));
	else
		snprintf(ioctl_said, sizeof(ioctl_said), "zone size 0");
	if (!zoned)
		return snprintf(buf, size, "%s; queue/zoned unreadable",
				ioctl_said);
	return snprintf(buf, size, "%s; queue/zoned is \"%s\"", ioctl_said,
			zoned);
}

/* The zone size of a block device, or why it is not a zoned one. */
static int zt_dev_zone_size(struct zt_dev *dev, dev_t rdev, unsigned int *zs)
{
	char why[160], zoned[32];
	bool have_zoned;
	int err = 0;

	if (ioctl(dev->fd, BLKGETZONESZ, zs) < 0)
		err = errno;
	if (!err && *zs)
		return ZT_EXIT_OK;
	have_zoned = !zt_queue_attr(rdev, "zoned", zoned, sizeof(zoned));
	zt_not_zoned_reason(why, sizeof(why), err, have_zoned ? zoned : NULL);
	fprintf(stderr, "%s: %s: not a zoned block device (%s)\n", dev->prog,
		dev->path, why);
	return ZT_EXIT_FAIL;
}

/*
 * The capacity, zone count and block sizes by ioctl, the zone limits from
 * sysfs, and the geometry of zone size @zs, which is not 0.
 */
static int zt_dev_geometry(struct zt_dev *dev, dev_t rdev, unsigned int zs)
{
	unsigned long long bytes;
	unsigned int nr = 0;
	int lbs = 0, pbs = 0;

	if (ioctl(dev->fd, BLKGETNRZONES, &nr) < 0 ||
	    ioctl(dev->fd, BLKGETSIZE64, &bytes) < 0 ||
	    ioctl(dev->fd, BLKSSZGET, &lbs) < 0 ||
	    ioctl(dev->fd, BLKPBSZGET, &pbs) < 0) {
		fprintf(stderr, "%s: %s: geometry ioctl failed: %s\n",
			dev->prog, dev->path, strerror(errno));
		return ZT_EXIT_FAIL;
	}
	dev->zone_size = zs;
	dev->dev_nr_zones = nr;
	dev->capacity = bytes >> 9;
	dev->lbs = (unsigned int)lbs;
	dev->pbs = (unsigned int)pbs;
	dev->max_open = zt_queue_limit(rdev, "max_open_zones");
	dev->max_active = zt_queue_limit(rdev, "max_active_zones");
	/* zs is not 0 here, so this cannot fail */
	zmath_geom_init(&dev->geom, dev->zone_size);
	return ZT_EXIT_OK;
}

/**
 * zt_dev_open() - open a zoned block device and read its geometry
 * @dev: filled in on success
 * @prog: program name for messages
 * @path: the device
 * @flags: open(2) flags (O_RDONLY, O_RDWR, O_DIRECT, O_EXCL...)
 *
 * Refuses, with a message on stderr, anything that is not a zoned block
 * device, so that no tool ever writes to a regular disk or file.
 *
 * Return: ZT_EXIT_OK, or ZT_EXIT_FAIL after printing why.
 */
int zt_dev_open(struct zt_dev *dev, const char *prog, const char *path,
		int flags)
{
	unsigned int zs = 0;
	struct stat st;

	memset(dev, 0, sizeof(*dev));
	dev->prog = prog;
	dev->path = path;
	zt_cli_note_open(prog, path, flags);
	/*
	 * O_DIRECT is set once the device is known to be a block device: a
	 * file on tmpfs would refuse it with a confusing EINVAL.
	 */
	dev->fd = open(path, (flags & ~O_DIRECT) | O_CLOEXEC);
	if (dev->fd < 0)
		return zt_open_error(dev, errno);
	if (fstat(dev->fd, &st) < 0) {
		fprintf(stderr, "%s: %s: stat: %s\n", prog, path,
			strerror(errno));
		goto fail;
	}
	if (!S_ISBLK(st.st_mode)) {
		fprintf(stderr,
			"%s: %s: not a zoned block device (not a block device at all)\n",
			prog, path);
		goto fail;
	}
	if (zt_dev_zone_size(dev, st.st_rdev, &zs) ||
	    zt_dev_geometry(dev, st.st_rdev, zs))
		goto fail;
	if ((flags & O_DIRECT) &&
	    fcntl(dev->fd, F_SETFL, fcntl(dev->fd, F_GETFL) | O_DIRECT) < 0) {
		fprintf(stderr, "%s: %s: O_DIRECT: %s\n", prog, path,
			strerror(errno));
		goto fail;
	}
	return ZT_EXIT_OK;
fail:
	close(dev->fd);
	dev->fd = -1;
	return ZT_EXIT_FAIL;
}

/**
 * zt_dev_forget_zones() - drop the zone report of @dev
 * @dev: the device
 */
void zt_dev_forget_zones(struct zt_dev *dev)
{
	free(dev->zones);
	dev->zones = NULL;
	dev->nr_zones = 0;
	dev->zones_alloc = 0;
	dev->cap_valid = false;
}

/**
 * zt_dev_add_zone() - one more entry at the end of @dev->zones
 * @dev: the device whose report is being read
 *
 * Return: the new entry, zeroed, or NULL after saying that memory ran out.
 */
struct zt_zone *zt_dev_add_zone(struct zt_dev *dev)
{
	struct zt_zone *z;

	if (dev->nr_zones == dev->zones_alloc) {
		u64 alloc = dev->zones_alloc ? 2 * dev->zones_alloc : 64;

		z = realloc(dev->zones, alloc * sizeof(*z));
		if (!z) {
			fprintf(stderr, "%s: out of memory for %llu zones\n",
				dev->prog, alloc);
			return NULL;
		}
		dev->zones = z;
		dev->zones_alloc = alloc;
	}
	z = &dev->zones[dev->nr_zones++];
	memset(z, 0, sizeof(*z));
	return z;
}

/**
 * zt_dev_report() - read the whole zone report into @dev->zones
 * @dev: an open device
 *
 * Return: ZT_EXIT_OK, or ZT_EXIT_FAIL after printing why.
 */
int zt_dev_report(struct zt_dev *dev)
{
	size_t rep_size = sizeof(struct blk_zone_report) +
			  ZT_REPORT_BATCH * sizeof(struct blk_zone);
	struct blk_zone_report *rep;
	u64 sector = 0;
	unsigned int i;

	zt_dev_forget_zones(dev);
	rep = malloc(rep_size);
	if (!rep) {
		fprintf(stderr, "%s: out of memory for a zone report\n",
			dev->prog);
		return ZT_EXIT_FAIL;
	}
	while (sector < dev->capacity) {
		memset(rep, 0, sizeof(*rep));
		rep->sector = sector;
		rep->nr_zones = ZT_REPORT_BATCH;
		if (ioctl(dev->fd, BLKREPORTZONE, rep) < 0) {
			fprintf(stderr, "%s: %s: BLKREPORTZONE at %llu: %s\n",
				dev->prog, dev->path, sector,
				strerror(errno));
			goto fail;
		}
		if (!rep->nr_zones)
			break;
		if (rep->flags & BLK_ZONE_REP_CAPACITY)
			dev->cap_valid = true;
		for (i = 0; i < rep->nr_zones; i++) {
			struct blk_zone *b = &rep->zones[i];
			struct zt_zone *z = zt_dev_add_zone(dev);

			if (!z)
				goto fail;
			z->start = b->start;
			z->len = b->len;
			z->cap = rep->flags & BLK_ZONE_REP_CAPACITY ?
				 b->capacity : b->len;
			z->wp = b->wp;
			z->type = b->type;
			z->cond = b->cond;
			z->non_seq = b->non_seq;
			z->reset = b->reset;
			if (b->start + b->len <= sector) {
				fprintf(stderr,
					"%s: %s: zone report does not advance at %llu\n",
					dev->prog, dev->path, sector);
				goto fail;
			}
			sector = b->start + b->len;
		}
	}
	free(rep);
	return ZT_EXIT_OK;
fail:
	free(rep);
	return ZT_EXIT_FAIL;
}

struct zt_mgmt_op {
	const char *verb;
	unsigned long req;
};

static const struct zt_mgmt_op zt_mgmt_ops[] = {
	{ "reset", BLKRESETZONE },
	{ "open", BLKOPENZONE },
	{ "close", BLKCLOSEZONE },
	{ "finish", BLKFINISHZONE },
};

/**
 * zt_dev_zone_mgmt() - issue a zone management ioctl, unchecked
 * @dev: a device opened for writing
 * @verb: "reset", "open", "close" or "finish"
 * @offset: first sector
 * @length: number of sectors
 *
 * The caller checks the range (zt_check_range()) first, unless it wants to
 * see what the kernel does with a bad one.
 *
 * Return: 0, or a negative errno (-EOPNOTSUPP for an unknown verb).
 */
int zt_dev_zone_mgmt(struct zt_dev *dev, const char *verb, u64 offset,
		     u64 length)
{
	struct blk_zone_range range = { .sector = offset,
					 .nr_sectors = length };
	size_t i;

	for (i = 0; i < ZT_ARRAY_SIZE(zt_mgmt_ops); i++) {
		if (strcmp(verb, zt_mgmt_ops[i].verb))
			continue;
		if (ioctl(dev->fd, zt_mgmt_ops[i].req, &range) < 0)
			return -errno;
		return 0;
	}
	return -EOPNOTSUPP;
}

/**
 * zt_dev_check_layout() - check the report of @dev against libzmath
 * @dev: a device whose whole report was read
 * @out: where to print each problem, or NULL
 *
 * Return: the number of problems, 0 if the layout holds.
 */
unsigned int zt_dev_check_layout(const struct zt_dev *dev, FILE *out)
{
	return zt_check_layout(&dev->geom, dev->capacity, dev->dev_nr_zones,
			       dev->zones, dev->nr_zones, out);
}

/**
 * zt_dev_report_checked() - read the report; refuse a layout libzmath denies
 * @dev: an open device
 *
 * For tools that write: a report that does not match libzmath's geometry
 * means the zone math would put data in the wrong place.
 *
 * Return: ZT_EXIT_OK, or ZT_EXIT_FAIL after printing the problems.
 */
int zt_dev_report_checked(struct zt_dev *dev)
{
	if (zt_dev_report(dev))
		return ZT_EXIT_FAIL;
	if (!zt_dev_check_layout(dev, stderr))
		return ZT_EXIT_OK;
	fprintf(stderr,
		"%s: %s: refused: the zone report does not match libzmath's geometry\n",
		dev->prog, dev->path);
	return ZT_EXIT_FAIL;
}

/**
 * zt_dev_reset_written_zones() - reset the written sequential zones of a range
 * @dev: a device opened for writing, its report read
 * @first: the first zone of the range
 * @end: one past its last zone
 * @nr_reset: where to store how many zones were reset, or NULL
 *
 * Empty, conventional, read-only and offline zones are left alone.
 *
 * Return: ZT_EXIT_OK, or ZT_EXIT_FAIL after saying which reset failed.
 */
int zt_dev_reset_written_zones(struct zt_dev *dev, u64 first, u64 end,
			       u64 *nr_reset)
{
	u64 i, n = 0;
	int ret;

	for (i = first; i < end && i < dev->nr_zones; i++) {
		const struct zt_zone *z = &dev->zones[i];

		if (!zt_zone_is_written_seq(z))
			continue;
		if (zt_verbose)
			fprintf(stderr, "%s: %s: reset zone %llu (%llu+%llu)\n",
				dev->prog, dev->path, i, z->start, z->len);
		ret = zt_dev_zone_mgmt(dev, "reset", z->start, z->len);
		if (ret) {
			fprintf(stderr, "%s: %s: reset zone %llu: %s\n",
				dev->prog, dev->path, i, strerror(-ret));
			return ZT_EXIT_FAIL;
		}
		n++;
	}
	if (nr_reset)
		*nr_reset = n;
	return ZT_EXIT_OK;
}

/**
 * zt_dev_close() - close a device and free its report
 * @dev: the device
 */
void zt_dev_close(struct zt_dev *dev)
{
	if (dev->fd >= 0)
		close(dev->fd);
	dev->fd = -1;
	zt_dev_forget_zones(dev);
}
