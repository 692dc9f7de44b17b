/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zb-stats.h - medians and quantiles of samples
 */
#ifndef ZB_STATS_H
#define ZB_STATS_H

#include <stddef.h>

double zb_quantile(const double *sorted, size_t n, double p);
double *zb_sorted(const double *v, size_t n);
double zb_median_of(const double *v, size_t n);

#endif /* ZB_STATS_H */
