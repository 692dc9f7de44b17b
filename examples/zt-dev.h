/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-dev.h - zoned block device access shared by the zmath tools
 *
 * Opening with clear refusals (not a block device, not zoned, permission
 * denied), the geometry ioctls, a full BLKREPORTZONE and the zone
 * management ioctls. Sizes are in 512-byte sectors; the NVMe tool fills
 * the same structure in LBAs.
 */
#ifndef ZT_DEV_H
#define ZT_DEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <linux/zmath.h>

#include "zt-zone.h"

/**
 * struct zt_dev - an open zoned block device
 * @path: as given by the user
 * @prog: program name for messages
 * @fd: open file descriptor
 * @capacity: device capacity (BLKGETSIZE64 / 512)
 * @zone_size: zone size (BLKGETZONESZ)
 * @dev_nr_zones: zone count the kernel claims (BLKGETNRZONES)
 * @lbs: logical block size in bytes (BLKSSZGET)
 * @pbs: physical block size in bytes (BLKPBSZGET)
 * @geom: libzmath geometry of @zone_size
 * @zones: the zone report, after zt_dev_report()
 * @nr_zones: number of entries in @zones
 * @zones_alloc: number of entries allocated in @zones
 * @cap_valid: the kernel reported zone capacities (BLK_ZONE_REP_CAPACITY)
 * @max_open: queue/max_open_zones from sysfs, 0 for no limit or unknown
 * @max_active: queue/max_active_zones from sysfs, 0 for no limit or unknown
 * @open_err: the errno of a failed open(2), 0 if open(2) succeeded
 */
struct zt_dev {
	const char *path;
	const char *prog;
	int fd;
	u64 capacity;
	u64 zone_size;
	u64 dev_nr_zones;
	unsigned int lbs;
	unsigned int pbs;
	struct zmath_geom geom;
	struct zt_zone *zones;
	u64 nr_zones;
	u64 zones_alloc;
	bool cap_valid;
	unsigned int max_open;
	unsigned int max_active;
	int open_err;
};

int zt_dev_open(struct zt_dev *dev, const char *prog, const char *path,
		int flags);
int zt_dev_report(struct zt_dev *dev);
int zt_dev_report_checked(struct zt_dev *dev);
unsigned int zt_dev_check_layout(const struct zt_dev *dev, FILE *out);
void zt_dev_forget_zones(struct zt_dev *dev);
struct zt_zone *zt_dev_add_zone(struct zt_dev *dev);
int zt_dev_reset_written_zones(struct zt_dev *dev, u64 first, u64 end,
			       u64 *nr_reset);
int zt_dev_zone_mgmt(struct zt_dev *dev, const char *verb, u64 offset,
		     u64 length);
void zt_dev_close(struct zt_dev *dev);

/* Why an open or a device was refused, in words; for the messages. */
const char *zt_open_refusal(int err, bool root);
int zt_not_zoned_reason(char *buf, size_t size, int ioctl_err,
			const char *zoned);

#endif /* ZT_DEV_H */
