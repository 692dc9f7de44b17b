/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * libzmath compat: the kernel's symbol export, for zmath.c. In userspace
 * the version script (libzmath.map) says what libzmath.so exports; this
 * one is a C11 declaration that takes the semicolon which follows.
 */
#ifndef _ZMATH_COMPAT_LINUX_EXPORT_H
#define _ZMATH_COMPAT_LINUX_EXPORT_H

#include <assert.h>

#define EXPORT_SYMBOL_GPL(sym)	static_assert(1, #sym)

#endif /* _ZMATH_COMPAT_LINUX_EXPORT_H */
