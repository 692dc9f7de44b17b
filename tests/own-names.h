/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * own-names.h - a program's own kernel names: the ones libzmath's shared
 * files use, as a kernel-style tool defines them for itself (btrfs-progs'
 * kerncompat.h, say), with other types and values than libzmath's.
 * own-names.c includes it before or after <zmath.h>, which must neither
 * use these nor declare any of them.
 */
#ifndef OWN_NAMES_H
#define OWN_NAMES_H

#include <stdint.h>

typedef uint64_t u64;
typedef uint32_t u32;
typedef unsigned char u8;
#if !defined(__cplusplus) && __STDC_VERSION__ <= 201710L
/* As C89 code has them; C23 has the keywords, or <stdbool.h> before. */
typedef unsigned char bool;
enum { false, true };
#elif !defined(__cplusplus)
#include <stdbool.h>
#endif

#define BITS_PER_LONG		(8 * (int)sizeof(long))
#define BIT(nr)			(1UL << (nr))
#define IS_ENABLED(option)	0
#define U64_MAX			UINT64_MAX
#define ilog2(n)		own_ilog2(n)
#define check_add_overflow(a, b, d)	own_add_overflow(a, b, d)

static inline int own_ilog2(u64 n)
{
	return 63 - __builtin_clzll(n);
}

static inline int own_add_overflow(u64 a, u64 b, u64 *sum)
{
	*sum = a + b;
	return *sum < a;
}

static inline unsigned long __ffs64(u64 word)
{
	return (unsigned long)__builtin_ctzll(word);
}

static inline u64 ror64(u64 word, unsigned int shift)
{
	return word >> (shift & 63) | word << ((64 - shift) & 63);
}

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = (u32)(dividend % divisor);
	return dividend / divisor;
}

static inline u64 mul_u64_u64_hi(u64 a, u64 b)
{
	u64 a_lo = (u32)a, a_hi = a >> 32, b_lo = (u32)b, b_hi = b >> 32;
	u64 mid = (a_lo * b_lo >> 32) + (u32)(a_hi * b_lo) + (u32)(a_lo * b_hi);

	return a_hi * b_hi + (a_hi * b_lo >> 32) + (a_lo * b_hi >> 32) +
	       (mid >> 32);
}

/* This program shifts by 64 bits or more only. */
static inline u64 mul_u64_u64_shr(u64 a, u64 b, unsigned int shift)
{
	return mul_u64_u64_hi(a, b) >> (shift - 64);
}

#endif /* OWN_NAMES_H */
