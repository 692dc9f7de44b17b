/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-dev.h - zoned block device access shared by the zmath tools
 *
 * Opening with clear refusals (not a block device, not zoned, permission
 * denied), the geometry ioctls, a full BLKREPORTZONE and the zone
 * management ioctls. Sizes are in 512-byte sectors.
 */
#ifndef ZT_DEV_H
#define ZT_DEV_H

#include "zt-common.h"

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
 * @cap_valid: the kernel reported zone capacities (BLK_ZONE_REP_CAPACITY)
 * @max_open: queue/max_open_zones from sysfs, 0 for no limit or unknown
 * @max_active: queue/max_active_zones from sysfs, 0 for no limit or unknown
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
	bool cap_valid;
	unsigned int max_open;
	unsigned int max_active;
};

int zt_dev_open(struct zt_dev *dev, const char *prog, const char *path,
		int flags);
int zt_dev_report(struct zt_dev *dev);
int zt_dev_zone_mgmt(struct zt_dev *dev, const char *verb, u64 offset,
		     u64 length);
void zt_dev_close(struct zt_dev *dev);

#endif /* ZT_DEV_H */
