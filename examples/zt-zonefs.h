/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-zonefs.h - the zonefs on-disk super block, as fs/zonefs/ reads it
 *
 * Layout, magic and feature bits from the kernel's fs/zonefs/zonefs.h and
 * include/uapi/linux/magic.h (Linux 6.1); the checks in zt_zonefs_verify()
 * are the ones zonefs_read_super() makes at mount time.
 */
#ifndef ZT_ZONEFS_H
#define ZT_ZONEFS_H

#include <linux/types.h>
#include <stddef.h>
#include <stdint.h>

#include "zt-zone.h"

#define ZT_ZONEFS_MAGIC		0x5a4f4653	/* "SFOZ" on disk */
#define ZT_ZONEFS_SUPER_SIZE	4096
#define ZT_ZONEFS_LABEL_LEN	64
#define ZT_ZONEFS_UUID_SIZE	16

#define ZT_ZONEFS_F_AGGRCNV	(1ULL << 0)
#define ZT_ZONEFS_F_UID		(1ULL << 1)
#define ZT_ZONEFS_F_GID		(1ULL << 2)
#define ZT_ZONEFS_F_PERM	(1ULL << 3)
#define ZT_ZONEFS_F_DEFINED	(ZT_ZONEFS_F_AGGRCNV | ZT_ZONEFS_F_UID | \
				 ZT_ZONEFS_F_GID | ZT_ZONEFS_F_PERM)

/* struct zonefs_super, field for field */
struct zt_zonefs_super {
	__le32 s_magic;
	__le32 s_crc;
	char s_label[ZT_ZONEFS_LABEL_LEN];
	__u8 s_uuid[ZT_ZONEFS_UUID_SIZE];
	__le64 s_features;
	__le32 s_uid;
	__le32 s_gid;
	__le32 s_perm;
	__u8 s_reserved[3988];
} __attribute__((packed));

_Static_assert(sizeof(struct zt_zonefs_super) == ZT_ZONEFS_SUPER_SIZE,
	       "zonefs super block must be 4096 bytes");

/**
 * struct zt_zonefs_opts - what goes into a super block, in CPU order
 * @label: volume label, NUL-padded, need not be NUL-terminated
 * @uuid: 128-bit UUID
 * @features: ZT_ZONEFS_F_* bits
 * @uid: file owner, used with ZT_ZONEFS_F_UID
 * @gid: file group, used with ZT_ZONEFS_F_GID
 * @perm: file permissions, used with ZT_ZONEFS_F_PERM
 */
struct zt_zonefs_opts {
	char label[ZT_ZONEFS_LABEL_LEN];
	uint8_t uuid[ZT_ZONEFS_UUID_SIZE];
	u64 features;
	u32 uid;
	u32 gid;
	u32 perm;
};

/* What a format gives at mount time: the files zonefs will create. */
struct zt_zonefs_files {
	u64 nr_cnv;	/* files under cnv/ */
	u64 nr_seq;	/* files under seq/ */
};

u32 zt_crc32_le(u32 crc, const void *buf, size_t len);
u32 zt_zonefs_crc(const void *sb);

int zt_zonefs_set_label(struct zt_zonefs_opts *o, const char *label);
int zt_zonefs_parse_features(struct zt_zonefs_opts *o, const char *s);
void zt_zonefs_build(void *sb, const struct zt_zonefs_opts *o);
int zt_zonefs_verify(const void *sb, struct zt_zonefs_opts *o);
const char *zt_zonefs_strerror(int err);

int zt_zonefs_check_zones(const struct zt_zone *zones, u64 nr_zones,
			  u64 features, struct zt_zonefs_files *files,
			  char *why, size_t size);
void zt_uuid_unparse(const uint8_t *uuid, char *out);

#endif /* ZT_ZONEFS_H */
