// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zb-stats.c - medians, quartiles and paired ratios of the rounds
 *
 * Quantiles interpolate linearly between the sorted samples, as Python's
 * statistics.quantiles(method='inclusive') does.
 */
#include <stdlib.h>
#include <string.h>

#include "zmath-bench.h"

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

static double *zb_sorted(const double *v, size_t n)
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

/**
 * zb_summarise() - a kernel's median, quartiles, min and max over rounds
 * @cf: the kernel, its samples taken
 */
void zb_summarise(struct zb_cfg *cf)
{
	size_t n = zb_opt.rounds;
	double *s = zb_sorted(cf->samples, n);

	cf->med = zb_quantile(s, n, 0.5);
	cf->q1 = zb_quantile(s, n, 0.25);
	cf->q3 = zb_quantile(s, n, 0.75);
	cf->min = s[0];
	cf->max = s[n - 1];
	free(s);
}

/**
 * zb_paired() - median over rounds of the ratio of two kernels' samples
 * @a: the kernel measured
 * @b: the kernel it is compared with, timed in the same group
 *
 * Less sensitive to a noisy machine than the ratio of the two medians, as
 * @a and @b ran within milliseconds of each other in every round.
 *
 * Return: the median of @a's sample / @b's sample over the rounds.
 */
double zb_paired(const struct zb_cfg *a, const struct zb_cfg *b)
{
	double *r = zb_calloc(zb_opt.rounds, sizeof(*r));
	unsigned int i;
	double med;

	for (i = 0; i < zb_opt.rounds; i++)
		r[i] = a->samples[i] / b->samples[i];
	med = zb_median_of(r, zb_opt.rounds);
	free(r);
	return med;
}

/**
 * zb_find() - look a kernel up
 * @m: its method
 * @op: its operation
 * @l: its loop
 * @u: its unit
 * @z: its zone size, an index in zb_zones[]
 *
 * Return: the kernel, or NULL if the method does not apply there.
 */
struct zb_cfg *zb_find(enum zb_method m, enum zb_op op, enum zb_loop l,
		       enum zb_unit u, unsigned int z)
{
	size_t i;

	for (i = 0; i < zb_nr_cfgs; i++) {
		struct zb_cfg *cf = &zb_cfgs[i];

		if (cf->method == m && cf->op == op && cf->loop == l &&
		    cf->unit == u && cf->zone == z)
			return cf;
	}
	return NULL;
}

/**
 * zb_ratio() - a kernel's paired ratio to the raw shift
 * @cf: the kernel
 *
 * Return: zb_paired() against the shift of the same operation, loop and
 * unit at the power-of-2 zone size.
 */
double zb_ratio(const struct zb_cfg *cf)
{
	const struct zb_cfg *base = zb_find(M_SHIFT, cf->op, cf->loop,
					    cf->unit, ZB_PO2_ZONE);

	return zb_paired(cf, base);
}
