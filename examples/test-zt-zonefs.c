// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * test-zt-zonefs.c - unit tests of zt-zonefs.c: the zonefs super block,
 * its CRC, its options and the zone layouts zonefs takes
 */
#include <endian.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test-zt.h"
#include "zt-cli.h"
#include "zt-zone.h"
#include "zt-zonefs.h"

/* The kernel's lib/crc32.c, one bit at a time (CRC_LE_BITS == 1). */
static u32 crc32_le_bitwise(u32 crc, const unsigned char *p, size_t len)
{
	int i;

	while (len--) {
		crc ^= *p++;
		for (i = 0; i < 8; i++)
			crc = (crc >> 1) ^ ((crc & 1) ? 0xedb88320 : 0);
	}
	return crc;
}

static void test_crc32(void **state)
{
	static unsigned char big[4096];
	size_t i;

	(void)state;
	assert_true(zt_crc32_le(~0U, "123456789", 9) == 0x340bc6d9);
	assert_true(~zt_crc32_le(~0U, "123456789", 9) == 0xcbf43926);
	assert_true(zt_crc32_le(0, "", 0) == 0);
	for (i = 0; i < sizeof(big); i++)
		big[i] = (unsigned char)(i * 7 + (i >> 8));
	assert_true(zt_crc32_le(~0U, big, sizeof(big)) ==
		    crc32_le_bitwise(~0U, big, sizeof(big)));
	/* chaining, as zt_zonefs_crc() does */
	assert_true(zt_crc32_le(zt_crc32_le(~0U, big, 100), big + 100, 3996) ==
		    crc32_le_bitwise(~0U, big, sizeof(big)));
}

/* A super block with every feature, label "zmath", UUID 10 11 ... 1f */
static void build_super(unsigned char *sb, struct zt_zonefs_opts *o)
{
	size_t i;

	memset(o, 0, sizeof(*o));
	o->perm = 0640;
	for (i = 0; i < ZT_ZONEFS_UUID_SIZE; i++)
		o->uuid[i] = (uint8_t)(0x10 + i);
	assert_int_equal(zt_zonefs_set_label(o, "zmath"), 0);
	assert_int_equal(zt_zonefs_parse_features(o,
			 "aggr_cnv,uid=1000,gid=100,perm=644"), 0);
	zt_zonefs_build(sb, o);
}

static void test_zonefs_super(void **state)
{
	static unsigned char sb[ZT_ZONEFS_SUPER_SIZE];
	static unsigned char copy[ZT_ZONEFS_SUPER_SIZE];
	struct zt_zonefs_opts o, back;
	u32 crc;

	(void)state;
	build_super(sb, &o);

	/* byte layout of struct zonefs_super, little endian */
	assert_memory_equal(sb, "\x53\x46\x4f\x5a", 4);
	assert_memory_equal(sb + 8, "zmath", 6);
	assert_int_equal(sb + 72 - sb, offsetof(struct zt_zonefs_super,
						s_uuid));
	assert_int_equal(sb[72], 0x10);
	assert_int_equal(offsetof(struct zt_zonefs_super, s_features), 88);
	assert_int_equal(sb[88], 0xf);
	assert_memory_equal(sb + 96, "\xe8\x03\x00\x00\x64\x00\x00\x00"
				     "\xa4\x01\x00\x00", 12);
	assert_int_equal(offsetof(struct zt_zonefs_super, s_reserved), 108);

	/* the kernel's check: crc32(~0, sb with s_crc = 0, 4096) */
	memcpy(copy, sb, sizeof(copy));
	memset(copy + 4, 0, 4);
	crc = crc32_le_bitwise(~0U, copy, sizeof(copy));
	assert_int_equal(sb[4], crc & 0xff);
	assert_int_equal(sb[5], (crc >> 8) & 0xff);
	assert_int_equal(sb[6], (crc >> 16) & 0xff);
	assert_int_equal(sb[7], crc >> 24);

	assert_int_equal(zt_zonefs_verify(sb, &back), 0);
	assert_memory_equal(back.uuid, o.uuid, sizeof(o.uuid));
	assert_memory_equal(back.label, "zmath", 6);
	assert_true(back.features == ZT_ZONEFS_F_DEFINED);
	assert_int_equal(back.uid, 1000);
	assert_int_equal(back.gid, 100);
	assert_int_equal(back.perm, 0644);
}

/* What zonefs_read_super() refuses */
static void test_zonefs_super_refused(void **state)
{
	static unsigned char sb[ZT_ZONEFS_SUPER_SIZE];
	static unsigned char copy[ZT_ZONEFS_SUPER_SIZE];
	struct zt_zonefs_super *s = (struct zt_zonefs_super *)copy;
	struct zt_zonefs_opts o;

	(void)state;
	build_super(sb, &o);
	memcpy(copy, sb, sizeof(copy));
	copy[0] ^= 1;
	assert_int_equal(zt_zonefs_verify(copy, NULL), -ENODATA);
	memcpy(copy, sb, sizeof(copy));
	copy[200] = 1;
	assert_int_equal(zt_zonefs_verify(copy, NULL), -EBADMSG);
	s->s_crc = htole32(zt_zonefs_crc(copy));
	assert_int_equal(zt_zonefs_verify(copy, NULL), -EUCLEAN);
	memcpy(copy, sb, sizeof(copy));
	copy[88] = 0x10;	/* an undefined feature bit */
	s->s_crc = htole32(zt_zonefs_crc(copy));
	assert_int_equal(zt_zonefs_verify(copy, NULL), -EOPNOTSUPP);
	memcpy(copy, sb, sizeof(copy));
	memset(copy + 96, 0xff, 4);	/* uid (u32)-1 */
	s->s_crc = htole32(zt_zonefs_crc(copy));
	assert_int_equal(zt_zonefs_verify(copy, NULL), -EINVAL);
	memset(copy, 0, sizeof(copy));
	assert_int_equal(zt_zonefs_verify(copy, NULL), -ENODATA);
}

static void test_zonefs_opts(void **state)
{
	static const struct {
		const char *s;
		int ret;
		u64 features;
	} cases[] = {
		{ "", 0, 0 },
		{ "aggr_cnv", 0, ZT_ZONEFS_F_AGGRCNV },
		{ "uid=0", 0, ZT_ZONEFS_F_UID },
		{ "gid=4294967294", 0, ZT_ZONEFS_F_GID },
		{ "perm=777", 0, ZT_ZONEFS_F_PERM },
		{ "perm=0600,aggr_cnv", 0,
		  ZT_ZONEFS_F_PERM | ZT_ZONEFS_F_AGGRCNV },
		{ "uid=4294967295", -EINVAL, 0 },
		{ "uid=-1", -EINVAL, 0 },
		{ "uid=", -EINVAL, 0 },
		{ "perm=1000", -EINVAL, 0 },
		{ "perm=8", -EINVAL, 0 },
		{ "perm=", -EINVAL, 0 },
		{ "aggr", -EINVAL, 0 },
		{ "aggr_cnv,bogus", -EINVAL, 0 },
	};
	char label[ZT_ZONEFS_LABEL_LEN + 2];
	struct zt_zonefs_opts o;
	size_t i;

	(void)state;
	for (i = 0; i < ZT_ARRAY_SIZE(cases); i++) {
		memset(&o, 0, sizeof(o));
		if (zt_zonefs_parse_features(&o, cases[i].s) != cases[i].ret)
			fail_msg("features \"%s\"", cases[i].s);
		if (!cases[i].ret)
			assert_true(o.features == cases[i].features);
	}
	memset(label, 'x', sizeof(label));
	label[ZT_ZONEFS_LABEL_LEN] = '\0';
	assert_int_equal(zt_zonefs_set_label(&o, label), 0);
	assert_memory_equal(o.label, label, ZT_ZONEFS_LABEL_LEN);
	label[ZT_ZONEFS_LABEL_LEN] = 'x';
	label[ZT_ZONEFS_LABEL_LEN + 1] = '\0';
	assert_int_equal(zt_zonefs_set_label(&o, label), -ENAMETOOLONG);
}

static void test_zonefs_zones(void **state)
{
	/* cnv cnv cnv seq seq cnv cnv seq: zone 0 holds the super block */
	static const unsigned int types[] = { 1, 1, 1, 2, 2, 1, 1, 2 };
	struct zt_zonefs_files f;
	struct zt_zone z[8];
	char why[256];
	size_t i;

	(void)state;
	make_layout(z, NPO2, 8, 0);
	for (i = 0; i < 8; i++) {
		z[i].type = types[i];
		z[i].cond = types[i] == 1 ? ZT_COND_NOT_WP : ZT_COND_EMPTY;
	}
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 0);
	assert_true(f.nr_cnv == 4 && f.nr_seq == 3);
	assert_int_equal(zt_zonefs_check_zones(z, 8, ZT_ZONEFS_F_AGGRCNV, &f,
					       why, sizeof(why)), 0);
	assert_true(f.nr_cnv == 2 && f.nr_seq == 3);

	/* all sequential, as on an NVMe ZNS namespace */
	for (i = 0; i < 8; i++)
		z[i].type = ZT_TYPE_SEQ_REQ;
	assert_int_equal(zt_zonefs_check_zones(z, 8, ZT_ZONEFS_F_AGGRCNV, &f,
					       why, sizeof(why)), 0);
	assert_true(f.nr_cnv == 0 && f.nr_seq == 7);

	assert_int_equal(zt_zonefs_check_zones(z, 1, 0, &f, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "at least one more"));
	z[0].cond = ZT_COND_OFFLINE;
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "zone 0 is offline"));
	z[0].cond = ZT_COND_FULL;	/* fine: it gets reset */
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 0);
	for (i = 1; i < 8; i++)
		z[i].cond = i & 1 ? ZT_COND_OFFLINE : ZT_COND_READONLY;
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "no usable zone"));
	z[3].cond = ZT_COND_EMPTY;
	z[3].type = 4;
	assert_int_equal(zt_zonefs_check_zones(z, 8, 0, &f, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "zone 3 has type 0x4"));
}

static void test_uuid(void **state)
{
	static const uint8_t u[16] = {
		0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0x4d, 0xef,
		0x80, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0xff,
	};
	char s[40];

	(void)state;
	zt_uuid_unparse(u, s);
	assert_string_equal(s, "12345678-9abc-4def-8001-0203040506ff");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc32),
		cmocka_unit_test(test_zonefs_super),
		cmocka_unit_test(test_zonefs_super_refused),
		cmocka_unit_test(test_zonefs_opts),
		cmocka_unit_test(test_zonefs_zones),
		cmocka_unit_test(test_uuid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
