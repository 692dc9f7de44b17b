// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zb-stats.c - medians and quartiles of samples
 *
 * Quantiles interpolate linearly between the sorted samples, as Python's
 * statistics.quantiles(method='inclusive') does.
 */
#include <stdlib.h>
#include <string.h>

#include "zb-fatal.h"
#include "zb-stats.h"

static int zb_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/**
 * zb_quantile() - a quantile of sorted samples
 * @sorted: the samples, in increasing order
 * @n: how many, at least 1
 * @p: which quantile, from 0 to 1
 *
 * Return: the @p quantile, interpolated between the two nearest samples.
 */
double zb_quantile(const double *sorted, size_t n, double p)
{
	double h = (double)(n - 1) * p;
	size_t i = (size_t)h;

	if (i + 1 >= n)
		return sorted[n - 1];
	return sorted[i] + (h - (double)i) * (sorted[i + 1] - sorted[i]);
}

/**
 * zb_sorted() - a sorted copy of samples
 * @v: the samples, left as they are
 * @n: how many
 *
 * Return: the copy, in increasing order, to free().
 */
double *zb_sorted(const double *v, size_t n)
{
	double *s = zb_calloc(n, sizeof(*s));

	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), zb_cmp_double);
	return s;
}

/**
 * zb_median_of() - the median of samples
 * @v: the samples, left as they are
 * @n: how many, at least 1
 *
 * Return: their median.
 */
double zb_median_of(const double *v, size_t n)
{
	double *s = zb_sorted(v, n);
	double med = zb_quantile(s, n, 0.5);

	free(s);
	return med;
}
