// SPDX-License-Identifier: GPL-2.0-only
/*
 * sb-zones - where btrfs puts its superblock log zones on a zoned device.
 *
 *   sb-zones ZONE_SIZE_BYTES [CAPACITY_BYTES]   print the three mirrors
 *   sb-zones --check                            self-test, exit 0 or 1
 *
 * The rule, shared by the kernel (fs/btrfs/zoned.c) and the patched
 * btrfs-progs (kernel-shared/zoned.h) through zmath.h: mirror N lives in
 * the pair of zones starting with the zone that holds its nominal offset
 * (0, 512 GiB, 4 TiB). A mirror whose second zone does not exist on the
 * device is not written. --check proves that the rule gives today's
 * 1 << (log2(offset) - log2(zone size)) for every power-of-2 zone size
 * btrfs accepts (4 MiB to 8 GiB), and the documented zones for 96 MiB.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/zmath.h>

#define SZ_1M	(1ULL << 20)
#define SZ_1G	(1ULL << 30)

static const u64 sb_offset[3] = { 0, 512 * SZ_1G, 4096 * SZ_1G };

static u64 sb_zone(u64 zone_size, int mirror)
{
	return zmath_zone_no(sb_offset[mirror], zone_size);
}

static int check(void)
{
	static const struct {
		u64 zone_size;
		u64 zone[3];
	} known[] = {
		{ 96 * SZ_1M, { 0, 5461, 43690 } },
		{ 128 * SZ_1M, { 0, 4096, 32768 } },
		{ 192 * SZ_1M, { 0, 2730, 21845 } },
		{ 256 * SZ_1M, { 0, 2048, 16384 } },
	};
	unsigned int shift, i;
	int m, bad = 0, n = 0;

	for (shift = 22; shift <= 33; shift++) {
		for (m = 1; m < 3; m++, n++) {
			u64 old = 1ULL << ((m == 1 ? 39 : 42) - shift);

			if (sb_zone(1ULL << shift, m) != old) {
				printf("not ok - 2^%u mirror %d: %llu, was %llu\n",
				       shift, m, sb_zone(1ULL << shift, m), old);
				bad++;
			}
		}
	}
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		for (m = 0; m < 3; m++, n++) {
			u64 z = sb_zone(known[i].zone_size, m);
			u64 start = z * known[i].zone_size;

			if (z != known[i].zone[m] || start > sb_offset[m] ||
			    start + known[i].zone_size <= sb_offset[m]) {
				printf("not ok - %llu MiB mirror %d: zone %llu\n",
				       known[i].zone_size / SZ_1M, m, z);
				bad++;
			}
		}
	}
	printf("%d passed, %d failed\n", n - bad, bad);
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	u64 zone_size, capacity = 0, nr_zones = 0;
	int m;

	if (argc == 2 && !strcmp(argv[1], "--check"))
		return check();
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s ZONE_SIZE_BYTES [CAPACITY_BYTES] | --check\n",
			argv[0]);
		return 2;
	}
	zone_size = strtoull(argv[1], NULL, 0);
	if (!zone_size) {
		fprintf(stderr, "%s: zone size must not be 0\n", argv[0]);
		return 2;
	}
	if (argc == 3) {
		capacity = strtoull(argv[2], NULL, 0);
		nr_zones = zmath_nr_zones(capacity, zone_size);
	}
	for (m = 0; m < 3; m++) {
		u64 z = sb_zone(zone_size, m);

		/* mirror zone start_bytes nominal_bytes present */
		printf("mirror %d zone %llu start %llu nominal %llu%s\n", m, z,
		       z * zone_size, sb_offset[m],
		       !capacity ? "" : z + 1 < nr_zones ? " present" : " absent");
	}
	return 0;
}
