// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zb-fatal.c - how zmath-bench stops on an error
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "zb-fatal.h"

void zb_die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("zmath-bench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/**
 * zb_calloc() - calloc() or die
 * @nmemb: number of elements
 * @size: size of one
 *
 * Return: zeroed memory.
 */
void *zb_calloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb, size);

	if (!p)
		zb_die("out of memory");
	return p;
}
