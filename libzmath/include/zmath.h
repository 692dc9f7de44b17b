/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zmath.h - zone math for zoned block devices of any zone size, for
 * programs: the helpers and struct zmath_geom of the kernel's
 * <linux/zmath.h>, without the kernel's names.
 *
 * <linux/zmath.h> is the kernel's header byte for byte, and brings the
 * kernel primitives it calls along: u64, u32, bool, ror64(),
 * div64_u64_rem(), U64_MAX, check_add_overflow() and others, which a
 * program may have its own of. This header declares zmath_ and ZMATH_
 * names alone, and internal __zmath_ ones, and includes no other header:
 * zmath-shared.h is <linux/zmath.h> with its primitives renamed to those
 * of zmath-compat.h (the build generates it), the very same code. So the
 * helpers take and return uint64_t (by the compiler's name for it), the
 * 64 bits of the kernel's u64. C++ includes it as it is.
 *
 * The two headers cannot both define the helpers: in a file that includes
 * both, the second one adds nothing.
 */
#ifndef _ZMATH_H
#define _ZMATH_H

#include "zmath-compat.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "zmath-shared.h"

#ifdef __cplusplus
}
#endif

#endif /* _ZMATH_H */
