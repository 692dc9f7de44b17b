// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * own-names.cc - own-names.c as C++, which includes <zmath.h> as it is:
 * no extern "C" around it.
 */
#include "own-names.c"
