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

#include "zt-dev.h"

/* Zones per BLKREPORTZONE call. */
#define ZT_REPORT_BATCH	4096

/* A queue limit from sysfs; 0 if it is absent or unreadable. */
static unsigned int zt_queue_limit(dev_t rdev, const char *name)
{
	char path[128];
	unsigned long v = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/queue/%s",
		 major(rdev), minor(rdev), name);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fscanf(f, "%lu", &v) != 1 || v > 0xffffffffUL)
		v = 0;
	fclose(f);
	return (unsigned int)v;
}

static int zt_open_error(const char *prog, const char *path, int err)
{
	switch (err) {
	case EACCES:
	case EPERM:
		fprintf(stderr,
			"%s: %s: permission denied (%s): run as root or with access to the device\n",
			prog, path, strerror(err));
		break;
	case EBUSY:
		fprintf(stderr,
			"%s: %s: device is busy (mounted or opened exclusively)\n",
			prog, path);
		break;
	default:
		fprintf(stderr, "%s: %s: cannot open: %s\n", prog, path,
			strerror(err));
	}
	return ZT_EXIT_FAIL;
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
	unsigned long long bytes;
	unsigned int zs = 0, nr = 0;
	struct stat st;
	int lbs = 0, pbs = 0;

	memset(dev, 0, sizeof(*dev));
	dev->prog = prog;
	dev->path = path;
	/*
	 * O_DIRECT is set once the device is known to be a block device: a
	 * file on tmpfs would refuse it with a confusing EINVAL.
	 */
	dev->fd = open(path, (flags & ~O_DIRECT) | O_CLOEXEC);
	if (dev->fd < 0)
		return zt_open_error(prog, path, errno);
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
	if (ioctl(dev->fd, BLKGETZONESZ, &zs) < 0 || !zs) {
		fprintf(stderr,
			"%s: %s: not a zoned block device (zone size %s; queue/zoned is \"none\")\n",
			prog, path, zs ? "unknown" : "0");
		goto fail;
	}
	if (ioctl(dev->fd, BLKGETNRZONES, &nr) < 0 ||
	    ioctl(dev->fd, BLKGETSIZE64, &bytes) < 0 ||
	    ioctl(dev->fd, BLKSSZGET, &lbs) < 0 ||
	    ioctl(dev->fd, BLKPBSZGET, &pbs) < 0) {
		fprintf(stderr, "%s: %s: geometry ioctl failed: %s\n", prog,
			path, strerror(errno));
		goto fail;
	}
	if ((flags & O_DIRECT) &&
	    fcntl(dev->fd, F_SETFL, fcntl(dev->fd, F_GETFL) | O_DIRECT) < 0) {
		fprintf(stderr, "%s: %s: O_DIRECT: %s\n", prog, path,
			strerror(errno));
		goto fail;
	}
	dev->zone_size = zs;
	dev->dev_nr_zones = nr;
	dev->capacity = bytes >> 9;
	dev->lbs = (unsigned int)lbs;
	dev->pbs = (unsigned int)pbs;
	dev->max_open = zt_queue_limit(st.st_rdev, "max_open_zones");
	dev->max_active = zt_queue_limit(st.st_rdev, "max_active_zones");
	/* zs is not 0 here, so this cannot fail */
	zmath_geom_init(&dev->geom, dev->zone_size);
	return ZT_EXIT_OK;
fail:
	close(dev->fd);
	dev->fd = -1;
	return ZT_EXIT_FAIL;
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
	u64 alloc = dev->dev_nr_zones ? dev->dev_nr_zones : 64;
	u64 sector = 0;
	unsigned int i;

	rep = malloc(rep_size);
	free(dev->zones);
	dev->zones = calloc(alloc, sizeof(*dev->zones));
	dev->nr_zones = 0;
	if (!rep || !dev->zones) {
		fprintf(stderr, "%s: out of memory\n", dev->prog);
		goto fail;
	}
	dev->cap_valid = false;
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
			struct zt_zone *z;

			if (dev->nr_zones == alloc) {
				struct zt_zone *n;

				alloc *= 2;
				n = realloc(dev->zones, alloc * sizeof(*n));
				if (!n) {
					fprintf(stderr, "%s: out of memory\n",
						dev->prog);
					goto fail;
				}
				dev->zones = n;
			}
			z = &dev->zones[dev->nr_zones++];
			z->start = b->start;
			z->len = b->len;
			z->cap = rep->flags & BLK_ZONE_REP_CAPACITY ?
				 b->capacity : b->len;
			z->wp = b->wp;
			z->type = b->type;
			z->cond = b->cond;
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
 * zt_dev_close() - close a device and free its report
 * @dev: the device
 */
void zt_dev_close(struct zt_dev *dev)
{
	if (dev->fd >= 0)
		close(dev->fd);
	dev->fd = -1;
	free(dev->zones);
	dev->zones = NULL;
	dev->nr_zones = 0;
}
