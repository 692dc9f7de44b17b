/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-pattern.h - the data the zmath tools write and read back
 *
 * A deterministic pattern, one 512-byte sector at a time: each sector
 * carries its own number and the run's seed, then pseudo-random words
 * from both, so that data read back from the wrong place, or left from
 * another run, does not match.
 */
#ifndef ZT_PATTERN_H
#define ZT_PATTERN_H

#include <linux/zmath.h>

void zt_pattern_fill(void *buf, u64 sector, u64 nr_sectors, u64 seed);
long long zt_pattern_check(const void *buf, u64 sector, u64 nr_sectors,
			   u64 seed);

#endif /* ZT_PATTERN_H */
