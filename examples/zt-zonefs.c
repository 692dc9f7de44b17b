// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-zonefs.c - build and check the zonefs super block
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "zt-parse.h"
#include "zt-zone.h"
#include "zt-zonefs.h"

#define ZT_CRCPOLY_LE	0xedb88320U

/*
 * The kernel's crc32_le(): reflected CRC-32 (the IEEE polynomial), the
 * caller's seed as initial value and no final inversion. zonefs passes ~0
 * as the seed: crc32_le(~0, "123456789", 9) is 0x340bc6d9, the complement
 * of the usual check value 0xcbf43926.
 */
static u32 zt_crc32_table[256];

static void zt_crc32_init(void)
{
	u32 i, j, c;

	for (i = 0; i < 256; i++) {
		c = i;
		for (j = 0; j < 8; j++)
			c = (c >> 1) ^ (c & 1 ? ZT_CRCPOLY_LE : 0);
		zt_crc32_table[i] = c;
	}
}

/**
 * zt_crc32_le() - CRC-32 as the kernel's crc32_le() computes it
 * @crc: the seed (or the CRC so far)
 * @buf: the data
 * @len: its length in bytes
 *
 * Return: the updated CRC, not inverted.
 */
u32 zt_crc32_le(u32 crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	if (!zt_crc32_table[1])
		zt_crc32_init();
	while (len--)
		crc = (crc >> 8) ^ zt_crc32_table[(crc ^ *p++) & 0xff];
	return crc;
}

/**
 * zt_zonefs_crc() - the checksum zonefs expects in a super block
 * @sb: the 4096-byte super block; its s_crc field is ignored
 *
 * zonefs_read_super() zeroes s_crc, then takes crc32(~0, sb, 4096).
 *
 * Return: the checksum, in CPU order.
 */
u32 zt_zonefs_crc(const void *sb)
{
	const unsigned char *p = sb;
	static const unsigned char zero[4];
	size_t off = offsetof(struct zt_zonefs_super, s_crc);
	u32 crc = ~0U;

	crc = zt_crc32_le(crc, p, off);
	crc = zt_crc32_le(crc, zero, sizeof(zero));
	return zt_crc32_le(crc, p + off + 4, ZT_ZONEFS_SUPER_SIZE - off - 4);
}

/**
 * zt_zonefs_set_label() - set the volume label
 * @o: the options
 * @label: at most 64 bytes; exactly 64 leaves no terminating NUL on disk,
 *         as the kernel allows
 *
 * Return: 0, or -ENAMETOOLONG.
 */
int zt_zonefs_set_label(struct zt_zonefs_opts *o, const char *label)
{
	size_t len = strlen(label);

	if (len > ZT_ZONEFS_LABEL_LEN)
		return -ENAMETOOLONG;
	memset(o->label, 0, sizeof(o->label));
	memcpy(o->label, label, len);
	return 0;
}

static int zt_parse_id(const char *s, u32 *id)
{
	u64 v;

	/* (u32)-1 is the kernel's invalid id: make_kuid() would refuse it */
	if (zt_parse_u64(s, &v) || v >= 0xffffffffULL)
		return -EINVAL;
	*id = (u32)v;
	return 0;
}

static int zt_parse_perm(const char *s, u32 *perm)
{
	u32 v = 0;

	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s < '0' || *s > '7')
			return -EINVAL;
		v = v * 8 + (u32)(*s - '0');
		if (v > 0777)
			return -EINVAL;
	}
	*perm = v;
	return 0;
}

/**
 * zt_zonefs_parse_features() - parse a comma-separated feature list
 * @o: the options to update
 * @s: e.g. "aggr_cnv,uid=1000,gid=1000,perm=644": aggr_cnv aggregates
 *     contiguous conventional zones into one file; uid, gid (decimal) and
 *     perm (octal, at most 0777) set the owner and mode of every file
 *
 * Return: 0, or -EINVAL on an unknown or malformed feature.
 */
int zt_zonefs_parse_features(struct zt_zonefs_opts *o, const char *s)
{
	char buf[256];
	char *tok, *save;
	int ret;

	if (strlen(s) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, s);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "aggr_cnv")) {
			o->features |= ZT_ZONEFS_F_AGGRCNV;
			continue;
		}
		if (!strncmp(tok, "uid=", 4)) {
			ret = zt_parse_id(tok + 4, &o->uid);
			o->features |= ZT_ZONEFS_F_UID;
		} else if (!strncmp(tok, "gid=", 4)) {
			ret = zt_parse_id(tok + 4, &o->gid);
			o->features |= ZT_ZONEFS_F_GID;
		} else if (!strncmp(tok, "perm=", 5)) {
			ret = zt_parse_perm(tok + 5, &o->perm);
			o->features |= ZT_ZONEFS_F_PERM;
		} else {
			ret = -EINVAL;
		}
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * zt_zonefs_build() - fill in a super block
 * @sb: 4096 bytes
 * @o: what to put in it
 *
 * Reserved bytes are zero, as the kernel demands, and the checksum is the
 * one it computes.
 */
void zt_zonefs_build(void *sb, const struct zt_zonefs_opts *o)
{
	struct zt_zonefs_super *s = sb;

	memset(s, 0, sizeof(*s));
	s->s_magic = htole32(ZT_ZONEFS_MAGIC);
	memcpy(s->s_label, o->label, sizeof(s->s_label));
	memcpy(s->s_uuid, o->uuid, sizeof(s->s_uuid));
	s->s_features = htole64(o->features);
	s->s_uid = htole32(o->uid);
	s->s_gid = htole32(o->gid);
	s->s_perm = htole32(o->perm);
	s->s_crc = htole32(zt_zonefs_crc(s));
}

/**
 * zt_zonefs_verify() - check a super block as zonefs_read_super() does
 * @sb: 4096 bytes read from sector 0
 * @o: where to decode it, or NULL
 *
 * Return: 0 if zonefs would mount it; -ENODATA without the magic,
 * -EBADMSG on a checksum mismatch, -EOPNOTSUPP for unknown features,
 * -EINVAL for an invalid uid or gid, -EUCLEAN if reserved bytes are set.
 */
int zt_zonefs_verify(const void *sb, struct zt_zonefs_opts *o)
{
	const struct zt_zonefs_super *s = sb;
	u64 features = le64toh(s->s_features);
	size_t i;

	if (le32toh(s->s_magic) != ZT_ZONEFS_MAGIC)
		return -ENODATA;
	if (le32toh(s->s_crc) != zt_zonefs_crc(s))
		return -EBADMSG;
	if (features & ~ZT_ZONEFS_F_DEFINED)
		return -EOPNOTSUPP;
	if (((features & ZT_ZONEFS_F_UID) && le32toh(s->s_uid) == ~0U) ||
	    ((features & ZT_ZONEFS_F_GID) && le32toh(s->s_gid) == ~0U))
		return -EINVAL;
	for (i = 0; i < sizeof(s->s_reserved); i++)
		if (s->s_reserved[i])
			return -EUCLEAN;
	if (o) {
		memcpy(o->label, s->s_label, sizeof(o->label));
		memcpy(o->uuid, s->s_uuid, sizeof(o->uuid));
		o->features = features;
		o->uid = le32toh(s->s_uid);
		o->gid = le32toh(s->s_gid);
		o->perm = le32toh(s->s_perm);
	}
	return 0;
}

/**
 * zt_zonefs_strerror() - what zt_zonefs_verify() found
 * @err: its return value
 *
 * Return: a static description.
 */
const char *zt_zonefs_strerror(int err)
{
	switch (err) {
	case 0:
		return "valid zonefs super block";
	case -ENODATA:
		return "no zonefs magic";
	case -EBADMSG:
		return "zonefs magic but bad checksum";
	case -EOPNOTSUPP:
		return "unknown zonefs features";
	case -EINVAL:
		return "invalid uid or gid";
	case -EUCLEAN:
		return "reserved area in use";
	default:
		return "invalid super block";
	}
}

/**
 * zt_zonefs_check_zones() - can this zone layout hold a zonefs?
 * @zones: the device's full zone report
 * @nr_zones: number of zones
 * @features: the ZT_ZONEFS_F_* bits to format with
 * @files: where to count the files zonefs will create, or NULL
 * @why: where to say why not
 * @size: size of @why
 *
 * Zone 0 holds the super block and must be readable and writable; every
 * zone must be of a type zonefs knows (it fails the mount otherwise); at
 * least one zone after zone 0 must be usable. Files are counted as
 * zonefs_get_zone_info_cb() does: one per sequential zone, one per
 * conventional zone or per run of contiguous ones with aggr_cnv.
 *
 * Return: 0 if the device can be formatted, -EINVAL otherwise.
 */
int zt_zonefs_check_zones(const struct zt_zone *zones, u64 nr_zones,
			  u64 features, struct zt_zonefs_files *files,
			  char *why, size_t size)
{
	struct zt_zonefs_files f = { 0, 0 };
	u64 i, usable = 0;
	bool prev_cnv = false;

	if (nr_zones < 2) {
		snprintf(why, size,
			 "%llu zone%s: zonefs needs zone 0 for its super block and at least one more",
			 nr_zones, nr_zones == 1 ? "" : "s");
		return -EINVAL;
	}
	if (!zt_zone_is_usable(&zones[0])) {
		snprintf(why, size,
			 "zone 0 is %s: the super block cannot be written there",
			 zt_cond_name(zones[0].cond));
		return -EINVAL;
	}
	for (i = 0; i < nr_zones; i++) {
		const struct zt_zone *z = &zones[i];

		if (z->type != ZT_TYPE_CNV && !zt_zone_is_seq(z)) {
			snprintf(why, size,
				 "zone %llu has type 0x%x, which zonefs does not support",
				 i, z->type);
			return -EINVAL;
		}
		if (!i)
			continue;
		if (zt_zone_is_usable(z))
			usable++;
		if (zt_zone_is_seq(z)) {
			f.nr_seq++;
			prev_cnv = false;
		} else {
			if (!(features & ZT_ZONEFS_F_AGGRCNV) || !prev_cnv)
				f.nr_cnv++;
			prev_cnv = true;
		}
	}
	if (!usable) {
		snprintf(why, size,
			 "no usable zone after zone 0 (all read-only or offline)");
		return -EINVAL;
	}
	if (files)
		*files = f;
	return 0;
}

/**
 * zt_uuid_unparse() - format a UUID the usual way
 * @uuid: 16 bytes
 * @out: at least 37 bytes
 */
void zt_uuid_unparse(const uint8_t *uuid, char *out)
{
	static const char hex[] = "0123456789abcdef";
	unsigned int i;

	for (i = 0; i < ZT_ZONEFS_UUID_SIZE; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*out++ = '-';
		*out++ = hex[uuid[i] >> 4];
		*out++ = hex[uuid[i] & 15];
	}
	*out = '\0';
}
