/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * test-zt.h - what the tools' unit tests share: zone sizes, po2 and npo2,
 * and a made-up device with zones of every type and condition
 */
#ifndef TEST_ZT_H
#define TEST_ZT_H

#include <linux/zmath.h>

#include "zt-zone.h"

/* 96 MiB and 128 MiB zones, in 512-byte sectors */
#define NPO2	196608ULL
#define PO2	262144ULL

u64 make_layout(struct zt_zone *z, u64 zs, u64 nr, u64 last_len);

#endif /* TEST_ZT_H */
