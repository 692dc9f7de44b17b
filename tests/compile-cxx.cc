// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * compile-cxx.cc - zmath.h must build as C++ too: the C check, as C++. A
 * kernel header has no extern "C" of its own: its C++ includer says it.
 */
extern "C" {
#include <linux/zmath.h>
}
#include "compile-c.c"
