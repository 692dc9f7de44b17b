/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * libzmath compat: the part of the kernel's <linux/bitops.h> (and
 * <asm/bitsperlong.h>) that the shared files use, by their kernel names.
 */
#ifndef _ZMATH_COMPAT_LINUX_BITOPS_H
#define _ZMATH_COMPAT_LINUX_BITOPS_H

#include "../zmath-types.h"
#include "../zmath-compat.h"

#ifndef BITS_PER_LONG
#define BITS_PER_LONG	(__SIZEOF_LONG__ * 8)
#endif

/* Index of the lowest set bit of @word, which must not be 0. */
static inline unsigned int __ffs64(u64 word)
{
	return __zmath_ffs64(word);
}

/* @word rotated right by @shift (0 to 63) bits. */
static inline u64 ror64(u64 word, unsigned int shift)
{
	return __zmath_ror64(word, shift);
}

#endif /* _ZMATH_COMPAT_LINUX_BITOPS_H */
