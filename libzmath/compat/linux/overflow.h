/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * libzmath compat: the kernel's check_add_overflow(), which is the
 * compiler's builtin there too; an includer's own copy (btrfs-progs has
 * the kernel's) is kept.
 */
#ifndef _ZMATH_COMPAT_LINUX_OVERFLOW_H
#define _ZMATH_COMPAT_LINUX_OVERFLOW_H

#include "../zmath-types.h"

#ifndef check_add_overflow
#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#endif

#endif /* _ZMATH_COMPAT_LINUX_OVERFLOW_H */
