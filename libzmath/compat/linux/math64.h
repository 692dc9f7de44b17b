/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * libzmath compat: the 64-bit divisions and the multiply-high of the
 * kernel's <linux/math64.h> that the shared files use, compiled as the
 * kernel does on each machine.
 */
#ifndef _ZMATH_COMPAT_LINUX_MATH64_H
#define _ZMATH_COMPAT_LINUX_MATH64_H

#include "../zmath-types.h"

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

#ifdef __i386__
/*
 * Two divl at most, as the kernel's do_div() on x86-32, instead of a call
 * to libgcc's __udivdi3(); defined as a macro too, as x86-32's
 * <asm/div64.h> overrides it.
 */
#define div_u64_rem div_u64_rem
static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	u32 high = (u32)(dividend >> 32), low = (u32)dividend, quot_high = 0;

	if (high >= divisor) {
		quot_high = high / divisor;
		high %= divisor;
	}
	__asm__("divl %2" : "=a" (low), "=d" (*remainder)
		: "rm" (divisor), "0" (low), "1" (high));
	return (u64)quot_high << 32 | low;
}
#else
static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = (u32)(dividend % divisor);
	return dividend / divisor;
}
#endif

#ifdef __SIZEOF_INT128__
static inline u64 mul_u64_u64_shr(u64 a, u64 b, unsigned int shift)
{
	return (u64)(((__uint128_t)a * b) >> shift);
}
#else
/* Four 32x32->64-bit multiplies, as the kernel's generic version. */
static inline u64 mul_u64_u64_shr(u64 a, u64 b, unsigned int shift)
{
	u64 a_lo = (u32)a, a_hi = a >> 32;
	u64 b_lo = (u32)b, b_hi = b >> 32;
	u64 lo_lo = a_lo * b_lo;
	u64 hi_lo = a_hi * b_lo;
	u64 lo_hi = a_lo * b_hi;
	u64 mid = (lo_lo >> 32) + (u32)hi_lo + (u32)lo_hi;
	u64 lo = (mid << 32) | (u32)lo_lo;
	u64 hi = a_hi * b_hi + (hi_lo >> 32) + (lo_hi >> 32) + (mid >> 32);

	if (!shift)
		return lo;
	if (shift >= 64)
		return hi >> (shift - 64);
	return hi << (64 - shift) | lo >> shift;
}
#endif

/* The high 64 bits of a 64x64-bit product, as the kernel's generic one. */
static inline u64 mul_u64_u64_hi(u64 a, u64 b)
{
	return mul_u64_u64_shr(a, b, 64);
}

#endif /* _ZMATH_COMPAT_LINUX_MATH64_H */
