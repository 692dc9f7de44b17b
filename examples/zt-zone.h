/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-zone.h - a zone as the zmath tools see it, whatever reported it
 *
 * One structure for a zone of a block device (BLKREPORTZONE) and of an
 * NVMe zoned namespace (Zone Management Receive), their types and
 * conditions by name, and the tests the tools make on them. Positions and
 * sizes are in 512-byte sectors, as in linux/blkzoned.h, unless a function
 * says otherwise (the NVMe tool passes LBAs).
 */
#ifndef ZT_ZONE_H
#define ZT_ZONE_H

#include <stdbool.h>

#include <linux/zmath.h>

/* Zone types and conditions: linux/blkzoned.h values (NVMe ZNS agrees). */
enum {
	ZT_TYPE_CNV = 0x1,
	ZT_TYPE_SEQ_REQ = 0x2,
	ZT_TYPE_SEQ_PREF = 0x3,
};

enum {
	ZT_COND_NOT_WP = 0x0,
	ZT_COND_EMPTY = 0x1,
	ZT_COND_IMP_OPEN = 0x2,
	ZT_COND_EXP_OPEN = 0x3,
	ZT_COND_CLOSED = 0x4,
	ZT_COND_READONLY = 0xd,
	ZT_COND_FULL = 0xe,
	ZT_COND_OFFLINE = 0xf,
};

/**
 * struct zt_zone - one zone as reported, device-independent
 * @start: first sector (or LBA) of the zone
 * @len: zone length
 * @cap: zone capacity (writable part), at most @len
 * @wp: write pointer
 * @type: ZT_TYPE_*
 * @cond: ZT_COND_*
 * @attrs: NVMe zone attributes (ZA), 0 on a block device
 * @non_seq: the zone uses non-sequential write resources (blk_zone.non_seq)
 * @reset: a reset is recommended (blk_zone.reset, NVMe ZA.RZR)
 */
struct zt_zone {
	u64 start;
	u64 len;
	u64 cap;
	u64 wp;
	unsigned int type;
	unsigned int cond;
	unsigned int attrs;
	bool non_seq;
	bool reset;
};

const char *zt_type_name(unsigned int type);
const char *zt_cond_name(unsigned int cond);

/* Type and condition tests. */
static inline bool zt_zone_is_seq(const struct zt_zone *z)
{
	return z->type == ZT_TYPE_SEQ_REQ || z->type == ZT_TYPE_SEQ_PREF;
}

static inline bool zt_zone_is_usable(const struct zt_zone *z)
{
	return z->cond != ZT_COND_OFFLINE && z->cond != ZT_COND_READONLY;
}

/* A sequential zone that holds data and can be reset. */
static inline bool zt_zone_is_written_seq(const struct zt_zone *z)
{
	return zt_zone_is_seq(z) && zt_zone_is_usable(z) &&
	       z->cond != ZT_COND_EMPTY;
}

/*
 * The write pointer is a position in the zone: not for conventional zones,
 * nor for full ones that report none (NVMe: all ones).
 */
static inline bool zt_zone_has_wp(const struct zt_zone *z)
{
	return zt_zone_is_seq(z) && z->wp >= z->start &&
	       z->wp - z->start <= z->len;
}

/* The sector: the unit of a block device's positions and sizes. */
#define ZT_SECTOR_SIZE	512

#endif /* ZT_ZONE_H */
