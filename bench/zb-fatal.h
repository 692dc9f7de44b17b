/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zb-fatal.h - how zmath-bench stops on an error: one line on stderr and
 * exit status 1, memory it cannot have included
 */
#ifndef ZB_FATAL_H
#define ZB_FATAL_H

#include <stddef.h>

void __attribute__((noreturn, format(printf, 1, 2))) zb_die(const char *fmt,
							    ...);
void *zb_calloc(size_t nmemb, size_t size);

#endif /* ZB_FATAL_H */
