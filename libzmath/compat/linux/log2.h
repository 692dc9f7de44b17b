/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * libzmath compat: the kernel's ilog2() for the shared files, as a function
 * of a u64 (the kernel's macro also folds constants).
 */
#ifndef _ZMATH_COMPAT_LINUX_LOG2_H
#define _ZMATH_COMPAT_LINUX_LOG2_H

#include "../zmath-types.h"

/* Index of the highest set bit of @n, which must not be 0. */
static inline int ilog2(u64 n)
{
	return 63 - __builtin_clzll(n);
}

#endif /* _ZMATH_COMPAT_LINUX_LOG2_H */
