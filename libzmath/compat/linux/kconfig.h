/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * libzmath compat: the kernel's build force-includes <linux/kconfig.h> and
 * the .config's CONFIG_ symbols; here, IS_ENABLED() and the one symbol the
 * shared files test, derived from the compiler's target. An includer's
 * own IS_ENABLED() is kept.
 */
#ifndef _ZMATH_COMPAT_LINUX_KCONFIG_H
#define _ZMATH_COMPAT_LINUX_KCONFIG_H

#if defined(__i386__) && !defined(CONFIG_X86_32)
#define CONFIG_X86_32 1
#endif

#ifndef IS_ENABLED
/*
 * IS_ENABLED(CONFIG_FOO) is 1 if CONFIG_FOO is defined to 1, else 0: the
 * placeholder turns "1" into "0," and shifts the 1 into second place. The
 * trailing 0 keeps the variadic part non-empty, as -Wpedantic wants.
 */
#define __ZMATH_ARG_PLACEHOLDER_1		0,
#define __zmath_take_second_arg(__ignored, val, ...)	val
#define __zmath_is_defined(x)		___zmath_is_defined(x)
#define ___zmath_is_defined(val)	\
	____zmath_is_defined(__ZMATH_ARG_PLACEHOLDER_##val)
#define ____zmath_is_defined(arg)	__zmath_take_second_arg(arg 1, 0, 0)
#define IS_ENABLED(option)		__zmath_is_defined(option)
#endif

#endif /* _ZMATH_COMPAT_LINUX_KCONFIG_H */
