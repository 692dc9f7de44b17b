/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zmath-compat.h - the kernel primitives that the shared files use (the
 * 64-bit divisions, the multiply-high, the bit operations, the overflow
 * check and their types), under __zmath_ names, compiled as the kernel
 * does on each machine.
 *
 * <zmath.h> calls them by these names: its copy of <linux/zmath.h> has
 * them renamed, so that it declares nothing outside zmath's namespace.
 * compat/linux/ gives them their kernel names, for <linux/zmath.h> and
 * zmath.c. Nothing is included: the types are C's uint64_t and uint32_t
 * by the compiler's names for them, and _Bool without <stdbool.h>, whose
 * bool an includer may have its own of. The kernel's u64 (the uapi __u64
 * in userspace) has the same size and alignment.
 */
#ifndef _ZMATH_COMPAT_H
#define _ZMATH_COMPAT_H

#define __zmath_u64		__UINT64_TYPE__
#define __zmath_u32		__UINT32_TYPE__
#define __zmath_u8		__UINT8_TYPE__
#ifdef __cplusplus
#define __zmath_bool		bool
#else
#define __zmath_bool		_Bool
#endif
#define __zmath_false		((__zmath_bool)0)
#define __zmath_true		((__zmath_bool)1)
#define __ZMATH_U64_MAX		((__zmath_u64)~0ULL)
#define __zmath_check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)

/* Index of the lowest set bit of @word, which must not be 0. */
static inline unsigned int __zmath_ffs64(__zmath_u64 word)
{
	return (unsigned int)__builtin_ctzll(word);
}

/* @word rotated right by @shift (0 to 63) bits. */
static inline __zmath_u64 __zmath_ror64(__zmath_u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

static inline __zmath_u64 __zmath_div64_u64_rem(__zmath_u64 dividend,
						__zmath_u64 divisor,
						__zmath_u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

/*
 * x86-32 divides 64 by 32 bits in two divl at most, as the kernel's
 * do_div() there, instead of a call to libgcc's __udivdi3(). The kernel
 * says so by defining div_u64_rem() in <asm/div64.h>, which the shared
 * header tests for: so does this one.
 */
#ifdef __i386__
#define __zmath_div_u64_rem	__zmath_div_u64_rem
#endif
static inline __zmath_u64 __zmath_div_u64_rem(__zmath_u64 dividend,
					      __zmath_u32 divisor,
					      __zmath_u32 *remainder)
{
#ifdef __i386__
	__zmath_u32 high = (__zmath_u32)(dividend >> 32);
	__zmath_u32 low = (__zmath_u32)dividend, quot_high = 0;

	if (high >= divisor) {
		quot_high = high / divisor;
		high %= divisor;
	}
	__asm__("divl %2" : "=a" (low), "=d" (*remainder)
		: "rm" (divisor), "0" (low), "1" (high));
	return (__zmath_u64)quot_high << 32 | low;
#else
	*remainder = (__zmath_u32)(dividend % divisor);
	return dividend / divisor;
#endif
}

#ifdef __SIZEOF_INT128__
static inline __zmath_u64 __zmath_mul_u64_u64_shr(__zmath_u64 a,
						  __zmath_u64 b,
						  unsigned int shift)
{
	return (__zmath_u64)(((__uint128_t)a * b) >> shift);
}
#else
/* Four 32x32->64-bit multiplies, as the kernel's generic version. */
static inline __zmath_u64 __zmath_mul_u64_u64_shr(__zmath_u64 a,
						  __zmath_u64 b,
						  unsigned int shift)
{
	__zmath_u64 a_lo = (__zmath_u32)a, a_hi = a >> 32;
	__zmath_u64 b_lo = (__zmath_u32)b, b_hi = b >> 32;
	__zmath_u64 lo_lo = a_lo * b_lo;
	__zmath_u64 hi_lo = a_hi * b_lo;
	__zmath_u64 lo_hi = a_lo * b_hi;
	__zmath_u64 mid = (lo_lo >> 32) + (__zmath_u32)hi_lo +
			  (__zmath_u32)lo_hi;
	__zmath_u64 lo = (mid << 32) | (__zmath_u32)lo_lo;
	__zmath_u64 hi = a_hi * b_hi + (hi_lo >> 32) + (lo_hi >> 32) +
			 (mid >> 32);

	if (!shift)
		return lo;
	if (shift >= 64)
		return hi >> (shift - 64);
	return hi << (64 - shift) | lo >> shift;
}
#endif

/* The high 64 bits of a 64x64-bit product, as the kernel's generic one. */
static inline __zmath_u64 __zmath_mul_u64_u64_hi(__zmath_u64 a, __zmath_u64 b)
{
	return __zmath_mul_u64_u64_shr(a, b, 64);
}

#endif /* _ZMATH_COMPAT_H */
