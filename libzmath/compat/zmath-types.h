/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zmath-types.h - what the kernel's <linux/types.h> gives the shared files
 * and the system's uapi <linux/types.h> does not: u64, u32, u8 and bool.
 *
 * Not named linux/types.h, so that an installed libzmath never shadows the
 * system's header. Every compat header includes it. An includer that has
 * its own u64, u32 and u8 defines ZMATH_HAVE_U64 first.
 */
#ifndef _ZMATH_COMPAT_TYPES_H
#define _ZMATH_COMPAT_TYPES_H

#include <linux/types.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifndef ZMATH_HAVE_U64
typedef __u64 u64;
typedef __u32 u32;
typedef __u8 u8;
#endif

#endif /* _ZMATH_COMPAT_TYPES_H */
