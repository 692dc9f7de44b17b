/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-format.h - sizes and throughput as the zmath tools print them, and
 * the clock that times the throughput
 */
#ifndef ZT_FORMAT_H
#define ZT_FORMAT_H

#include <stddef.h>

#include <linux/zmath.h>

/* "96 MiB", "1536 KiB" or "1000 B": the largest exact binary unit. */
const char *zt_fmt_size(char *buf, size_t size, u64 bytes);

/* Throughput formatting: MiB/s from bytes and nanoseconds. */
double zt_mib_per_s(u64 bytes, u64 ns);
u64 zt_now_ns(void);

#endif /* ZT_FORMAT_H */
