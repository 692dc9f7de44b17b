/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * libzmath compat: the 64-bit divisions and the multiply-high of the
 * kernel's <linux/math64.h> that the shared files use, by their kernel
 * names; ../zmath-compat.h compiles them as the kernel does on each
 * machine.
 */
#ifndef _ZMATH_COMPAT_LINUX_MATH64_H
#define _ZMATH_COMPAT_LINUX_MATH64_H

#include "../zmath-types.h"
#include "../zmath-compat.h"

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	__zmath_u64 rem;
	u64 quot = __zmath_div64_u64_rem(dividend, divisor, &rem);

	*remainder = rem;
	return quot;
}

/* A macro too where the architecture overrides it, as x86-32's. */
#ifdef __zmath_div_u64_rem
#define div_u64_rem div_u64_rem
#endif
static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	__zmath_u32 rem;
	u64 quot = __zmath_div_u64_rem(dividend, divisor, &rem);

	*remainder = rem;
	return quot;
}

static inline u64 mul_u64_u64_shr(u64 a, u64 b, unsigned int shift)
{
	return __zmath_mul_u64_u64_shr(a, b, shift);
}

/* The high 64 bits of a 64x64-bit product. */
static inline u64 mul_u64_u64_hi(u64 a, u64 b)
{
	return __zmath_mul_u64_u64_hi(a, b);
}

#endif /* _ZMATH_COMPAT_LINUX_MATH64_H */
