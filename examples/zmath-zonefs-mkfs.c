// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath-zonefs-mkfs - format a zoned block device for zonefs
 *
 * Debian packages no zonefs-tools. This writes the one on-disk structure
 * zonefs has, the super block in sector 0 (zone 0), exactly as the kernel's
 * fs/zonefs/ reads it, after checking the zone layout with libzmath and
 * that zonefs can use the device. It never writes to a device it refuses.
 */
#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zt-cli.h"
#include "zt-dev.h"
#include "zt-format.h"
#include "zt-layout.h"
#include "zt-zone.h"
#include "zt-zonefs.h"

static const char *prog = "zmath-zonefs-mkfs";

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: %s [-L LABEL] [-o LIST] [-U UUID] [-f] [-n] DEVICE\n"
		"\n"
		"Write a zonefs super block to zone 0 of a zoned block device.\n"
		"Zone 0 holds the super block; every other zone becomes a file under\n"
		"cnv/ or seq/ when mounted (mount -t zonefs DEVICE DIR).\n"
		"\n"
		"  -L, --label LABEL      volume label, text of at most 64 bytes\n"
		"  -o, --features LIST    comma-separated: aggr_cnv (one file per run\n"
		"                         of contiguous conventional zones), uid=N,\n"
		"                         gid=N (ids, decimal or 0x-hexadecimal),\n"
		"                         perm=OCTAL (mode of the files, at most 777)\n"
		"  -U, --uuid UUID        use this UUID (36 characters, 8-4-4-4-12\n"
		"                         hexadecimal digits) instead of a random one\n"
		"  -f, --force            overwrite existing data: an existing super\n"
		"                         block, data in sector 0, written zones\n"
		"  -n, --dry-run          check and print the plan, write nothing\n"
		"  -v, --verbose          say how the device is opened, each zone reset\n"
		"  -V, --version          print the version\n"
		"  -h, --help             this help\n"
		"\n"
		"The device is opened exclusively: a mounted one is refused, -f or\n"
		"not. Sequential zones that hold data are reset (needs -f). If zone 0 is\n"
		"sequential, it is reset, written and finished, as mkzonefs does.\n"
		"\n"
		"Exit status: 0 formatted (or the plan holds, with -n), 1 device refused\n"
		"or I/O failure, 2 bad usage.\n",
		prog);
}

static int parse_uuid(const char *s, uint8_t *uuid)
{
	unsigned int i, n = 0;

	for (i = 0; s[i]; i++) {
		int v;

		if ((i == 8 || i == 13 || i == 18 || i == 23) && s[i] == '-')
			continue;
		if (s[i] >= '0' && s[i] <= '9')
			v = s[i] - '0';
		else if (s[i] >= 'a' && s[i] <= 'f')
			v = s[i] - 'a' + 10;
		else if (s[i] >= 'A' && s[i] <= 'F')
			v = s[i] - 'A' + 10;
		else
			return -EINVAL;
		if (n >= 32)
			return -EINVAL;
		if (n & 1)
			uuid[n / 2] |= (uint8_t)v;
		else
			uuid[n / 2] = (uint8_t)(v << 4);
		n++;
	}
	return n == 32 && i == 36 ? 0 : -EINVAL;
}

/* A version 4 UUID from /dev/urandom; 0, or -errno after saying why not. */
static int random_uuid(uint8_t *uuid)
{
	ssize_t n;
	int fd, err = 0;

	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
	} else {
		n = read(fd, uuid, ZT_ZONEFS_UUID_SIZE);
		close(fd);
		if (n != ZT_ZONEFS_UUID_SIZE)
			err = -EIO;
	}
	if (err) {
		fprintf(stderr, "%s: /dev/urandom: %s\n", prog, strerror(-err));
		return err;
	}
	uuid[6] = (uuid[6] & 0x0f) | 0x40;	/* version 4 */
	uuid[8] = (uuid[8] & 0x3f) | 0x80;	/* RFC 4122 variant */
	return 0;
}

/* -L, -o or -U: what goes into the super block; 0, or -EINVAL, said why. */
static int parse_super_opt(int c, const char *arg, struct zt_zonefs_opts *o)
{
	switch (c) {
	case 'L':
		if (!zt_zonefs_set_label(o, arg))
			return 0;
		fprintf(stderr, "%s: label too long: %zu bytes, at most %d\n",
			prog, strlen(arg), ZT_ZONEFS_LABEL_LEN);
		break;
	case 'o':
		if (!zt_zonefs_parse_features(o, arg))
			return 0;
		fprintf(stderr,
			"%s: bad features '%s' (aggr_cnv, uid=N, gid=N, perm=OCTAL up to 777)\n",
			prog, arg);
		break;
	default:
		if (!parse_uuid(arg, o->uuid))
			return 0;
		fprintf(stderr, "%s: bad UUID '%s'\n", prog, arg);
	}
	return -EINVAL;
}

static bool all_zero(const unsigned char *p, size_t len)
{
	while (len--)
		if (*p++)
			return false;
	return true;
}

/* Refuse to destroy data without -f. Returns the number of reasons. */
static unsigned int existing_data(struct zt_dev *dev, const void *sb)
{
	struct zt_zonefs_opts old;
	unsigned int reasons = 0;
	u64 i, written = 0, first = 0;
	char uuid[40];

	if (!zt_zonefs_verify(sb, &old)) {
		zt_uuid_unparse(old.uuid, uuid);
		fprintf(stderr,
			"%s: %s already holds a zonefs (label \"%.64s\", UUID %s)\n",
			prog, dev->path, old.label, uuid);
		reasons++;
	} else if ((!zt_zone_is_seq(&dev->zones[0]) ||
		    dev->zones[0].cond != ZT_COND_EMPTY) &&
		   !all_zero(sb, ZT_ZONEFS_SUPER_SIZE)) {
		/* (an empty sequential zone reads back as anything) */
		fprintf(stderr,
			"%s: %s: sector 0 holds data (not a zonefs super block)\n",
			prog, dev->path);
		reasons++;
	}
	for (i = 0; i < dev->nr_zones; i++) {
		const struct zt_zone *z = &dev->zones[i];

		if (!zt_zone_is_written_seq(z))
			continue;
		if (!written++)
			first = i;
	}
	if (written) {
		fprintf(stderr,
			"%s: %s: %llu sequential zone%s not empty (first: zone %llu, %s)\n",
			prog, dev->path, written, written == 1 ? " is" : "s are",
			first, zt_cond_name(dev->zones[first].cond));
		reasons++;
	}
	return reasons;
}

static void print_plan(const struct zt_dev *dev,
		       const struct zt_zonefs_opts *o,
		       const struct zt_zonefs_files *files)
{
	char size[32], uuid[40];

	zt_uuid_unparse(o->uuid, uuid);
	printf("%s: %llu sectors, %llu zones of %llu sectors (%s, %s)\n",
	       dev->path, dev->capacity, dev->nr_zones, dev->zone_size,
	       zt_fmt_size(size, sizeof(size), dev->zone_size << 9),
	       zmath_geom_is_po2(&dev->geom) ? "po2" : "npo2");
	if (dev->capacity % dev->zone_size)
		printf("  last zone: %llu sectors\n",
		       zt_zone_len_at(&dev->geom, dev->capacity,
				      dev->capacity - 1));
	printf("  super block: zone 0 (%s)\n",
	       zt_type_name(dev->zones[0].type));
	printf("  files: %llu under cnv/, %llu under seq/\n", files->nr_cnv,
	       files->nr_seq);
	printf("  aggregate conventional zones: %s\n",
	       o->features & ZT_ZONEFS_F_AGGRCNV ? "yes" : "no");
	if (o->features & ZT_ZONEFS_F_UID)
		printf("  file uid: %u\n", o->uid);
	if (o->features & ZT_ZONEFS_F_GID)
		printf("  file gid: %u\n", o->gid);
	if (o->features & ZT_ZONEFS_F_PERM)
		printf("  file permissions: %03o\n", o->perm);
	printf("  label: \"%.64s\"\n  UUID: %s\n", o->label, uuid);
}

/* Reset the written zones, write the super block and finish its zone. */
static int write_super(struct zt_dev *dev, const struct zt_zonefs_opts *o,
		       unsigned char *buf, size_t io_size)
{
	u64 nr_reset;

	if (zt_dev_reset_written_zones(dev, 0, dev->nr_zones, &nr_reset))
		return ZT_EXIT_FAIL;
	printf("Reset %llu sequential zone%s\n", nr_reset,
	       nr_reset == 1 ? "" : "s");
	memset(buf, 0, io_size);
	zt_zonefs_build(buf, o);
	printf("Writing the super block\n");
	if (pwrite(dev->fd, buf, io_size, 0) != (ssize_t)io_size) {
		fprintf(stderr, "%s: %s: writing the super block: %s\n", prog,
			dev->path, strerror(errno));
		return ZT_EXIT_FAIL;
	}
	if (fsync(dev->fd)) {
		fprintf(stderr, "%s: %s: fsync: %s\n", prog, dev->path,
			strerror(errno));
		return ZT_EXIT_FAIL;
	}
	if (zt_zone_is_seq(&dev->zones[0])) {
		/* Do not leave the super block zone holding an open zone. */
		int err = zt_dev_zone_mgmt(dev, "finish", dev->zones[0].start,
					   dev->zones[0].len);

		if (err) {
			fprintf(stderr, "%s: %s: finish zone 0: %s\n", prog,
				dev->path, strerror(-err));
			return ZT_EXIT_FAIL;
		}
	}
	return ZT_EXIT_OK;
}

/* Read the super block back as zonefs will: valid, with our UUID. */
static int check_super(const struct zt_dev *dev,
		       const struct zt_zonefs_opts *o, unsigned char *buf,
		       size_t io_size)
{
	struct zt_zonefs_opts back;
	int ret;

	memset(buf, 0xa5, io_size);
	if (pread(dev->fd, buf, io_size, 0) != (ssize_t)io_size) {
		fprintf(stderr, "%s: %s: reading the super block back: %s\n",
			prog, dev->path, strerror(errno));
		return ZT_EXIT_FAIL;
	}
	ret = zt_zonefs_verify(buf, &back);
	if (ret || memcmp(back.uuid, o->uuid, sizeof(back.uuid))) {
		fprintf(stderr, "%s: %s: super block read back is wrong: %s\n",
			prog, dev->path,
			ret ? zt_zonefs_strerror(ret) : "other UUID");
		return ZT_EXIT_FAIL;
	}
	printf("Done: mount with \"mount -t zonefs %s DIR\"\n", dev->path);
	return ZT_EXIT_OK;
}

static int format(struct zt_dev *dev, const struct zt_zonefs_opts *o,
		  bool force, bool dry_run)
{
	struct zt_zonefs_files files;
	size_t io_size = dev->lbs > ZT_ZONEFS_SUPER_SIZE ?
			 dev->lbs : ZT_ZONEFS_SUPER_SIZE;
	unsigned char *buf = NULL;
	char why[256];
	int ret = ZT_EXIT_FAIL;

	if (zt_dev_report_checked(dev))
		return ZT_EXIT_FAIL;
	if (zt_zonefs_check_zones(dev->zones, dev->nr_zones, o->features,
				  &files, why, sizeof(why))) {
		fprintf(stderr, "%s: %s: refused: %s\n", prog, dev->path, why);
		return ZT_EXIT_FAIL;
	}
	if (posix_memalign((void **)&buf, 4096, io_size)) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return ZT_EXIT_FAIL;
	}
	if (pread(dev->fd, buf, io_size, 0) != (ssize_t)io_size) {
		fprintf(stderr, "%s: %s: cannot read sector 0: %s\n", prog,
			dev->path, strerror(errno));
		goto out;
	}
	print_plan(dev, o, &files);
	if (existing_data(dev, buf) && !force) {
		fprintf(stderr,
			"%s: %s: refused: use -f to destroy the existing data\n",
			prog, dev->path);
		goto out;
	}
	if (dry_run) {
		printf("Dry run: nothing written\n");
		ret = ZT_EXIT_OK;
		goto out;
	}
	ret = write_super(dev, o, buf, io_size);
	if (!ret)
		ret = check_super(dev, o, buf, io_size);
out:
	free(buf);
	return ret;
}

/* -f and -n */
struct mkfs_flags {
	bool force;
	bool dry_run;
};

static const struct zt_cli_opt mkfs_opt_table[] = {
	{ 'f', "--force", ZT_NUM_FLAG, offsetof(struct mkfs_flags, force),
	  ZT_CLI_NO_FIELD },
	{ 'n', "--dry-run", ZT_NUM_FLAG, offsetof(struct mkfs_flags, dry_run),
	  ZT_CLI_NO_FIELD },
};

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "label", required_argument, NULL, 'L' },
		{ "features", required_argument, NULL, 'o' },
		{ "uuid", required_argument, NULL, 'U' },
		{ "force", no_argument, NULL, 'f' },
		{ "dry-run", no_argument, NULL, 'n' },
		ZT_CLI_COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	struct zt_zonefs_opts o = { .perm = 0640 };
	struct mkfs_flags flags = { 0 };
	bool have_uuid = false;
	const char *path;
	struct zt_dev dev;
	int c, ret;

	while ((c = getopt_long(argc, argv, "L:o:U:fn" ZT_CLI_COMMON_SHORTOPTS,
				opts, NULL)) != -1) {
		switch (c) {
		case 'L':
		case 'o':
		case 'U':
			if (parse_super_opt(c, optarg, &o))
				return ZT_EXIT_USAGE;
			have_uuid |= c == 'U';
			break;
		default:
			ret = zt_cli_option(mkfs_opt_table,
					    ZT_ARRAY_SIZE(mkfs_opt_table), c,
					    optarg, prog, &flags, usage);
			if (ret >= 0)
				return ret;
		}
	}
	ret = zt_cli_operands(prog, argc, argv, NULL, &path);
	if (ret)
		return ret;
	if (!have_uuid && random_uuid(o.uuid))
		return ZT_EXIT_FAIL;

	/* -f overwrites data, never a mounted filesystem: always O_EXCL */
	ret = zt_dev_open(&dev, prog, path,
			  zt_cli_open_flags(!flags.dry_run, false) | O_DIRECT);
	if (ret)
		return ret;
	ret = format(&dev, &o, flags.force, flags.dry_run);
	zt_dev_close(&dev);
	return ret;
}
