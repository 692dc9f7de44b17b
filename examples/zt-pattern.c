// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-pattern.c - the data the zmath tools write and read back
 */
#include <string.h>

#include "zt-pattern.h"
#include "zt-zone.h"

/* xorshift64*: cheap, deterministic, never 0 from a non-zero state */
static inline u64 zt_xorshift(u64 *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

static void zt_pattern_sector(u64 *w, u64 sector, u64 seed)
{
	u64 s = (sector * 0x9e3779b97f4a7c15ULL) ^ seed;
	unsigned int i;

	s |= 1;
	w[0] = sector;
	w[1] = seed;
	for (i = 2; i < ZT_SECTOR_SIZE / 8; i++)
		w[i] = zt_xorshift(&s);
}

/**
 * zt_pattern_fill() - fill a buffer with the pattern of a sector range
 * @buf: the buffer, @nr_sectors * 512 bytes, 8-byte aligned
 * @sector: the first sector the buffer is written to
 * @nr_sectors: how many sectors
 * @seed: a run's seed; each sector also carries its own number
 */
void zt_pattern_fill(void *buf, u64 sector, u64 nr_sectors, u64 seed)
{
	u64 *w = buf;
	u64 i;

	for (i = 0; i < nr_sectors; i++)
		zt_pattern_sector(w + i * (ZT_SECTOR_SIZE / 8), sector + i,
				  seed);
}

/**
 * zt_pattern_check() - compare a buffer with the pattern of a sector range
 * @buf: the buffer read back
 * @sector: the first sector it was read from
 * @nr_sectors: how many sectors
 * @seed: the seed it was written with
 *
 * Return: -1 if it matches, else the index of the first bad sector.
 */
long long zt_pattern_check(const void *buf, u64 sector, u64 nr_sectors,
			   u64 seed)
{
	u64 want[ZT_SECTOR_SIZE / 8];
	const unsigned char *p = buf;
	u64 i;

	for (i = 0; i < nr_sectors; i++) {
		zt_pattern_sector(want, sector + i, seed);
		if (memcmp(p + i * ZT_SECTOR_SIZE, want, ZT_SECTOR_SIZE))
			return (long long)i;
	}
	return -1;
}
