// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-format.c - sizes and throughput as the zmath tools print them, and
 * the clock that times the throughput
 */
#include <stdio.h>
#include <time.h>

#include "zt-format.h"

/**
 * zt_fmt_size() - format a byte count in its largest exact binary unit
 * @buf: where to write
 * @size: size of @buf
 * @bytes: the byte count
 *
 * Return: @buf.
 */
const char *zt_fmt_size(char *buf, size_t size, u64 bytes)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	unsigned int u = 0;

	while (u < 4 && bytes && !(bytes & 1023)) {
		bytes >>= 10;
		u++;
	}
	snprintf(buf, size, "%llu %s", bytes, units[u]);
	return buf;
}

/**
 * zt_mib_per_s() - throughput in MiB/s
 * @bytes: bytes moved
 * @ns: in this many nanoseconds
 *
 * Return: MiB/s, 0 for a zero duration.
 */
double zt_mib_per_s(u64 bytes, u64 ns)
{
	if (!ns)
		return 0;
	return (double)bytes / (1024.0 * 1024.0) / ((double)ns / 1e9);
}

/**
 * zt_now_ns() - monotonic time
 *
 * Return: CLOCK_MONOTONIC in nanoseconds.
 */
u64 zt_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}
