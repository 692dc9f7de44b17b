/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * libzmath compat: the kernel's check_add_overflow(), which is the
 * compiler's builtin there too, and U64_MAX, which the kernel's overflow.h
 * gets from <linux/limits.h> (the uapi header of that name holds other
 * limits); an includer's own copies (btrfs-progs has the kernel's) are
 * kept.
 */
#ifndef _ZMATH_COMPAT_LINUX_OVERFLOW_H
#define _ZMATH_COMPAT_LINUX_OVERFLOW_H

#include "../zmath-types.h"

#ifndef check_add_overflow
#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#endif

#ifndef U64_MAX
#define U64_MAX		((u64)~0ULL)
#endif

#endif /* _ZMATH_COMPAT_LINUX_OVERFLOW_H */
