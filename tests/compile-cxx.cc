// SPDX-License-Identifier: GPL-2.0-only OR MIT
/* compile-cxx.cc - zmath.h must build as C++ too: the C check, as C++. */
#include "compile-c.c"
