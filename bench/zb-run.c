// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zb-run.c - one run of zmath-bench: its options, zone sizes and kernels,
 * and each kernel's figures: median, quartiles, ratio to the shift
 */
#include <stdlib.h>

#include "zb-fatal.h"
#include "zb-kernels.h"
#include "zb-run.h"
#include "zb-stats.h"

#define MIB			(1ULL << 20)

const char *const zb_unit_names[NR_UNITS] = { "sectors", "bytes" };

/*
 * The odd size is 2^36 - 5: odd, so the geometry needs its rounded-down
 * multiplier, and above 2^32, so -m32 division takes libgcc's slow path.
 */
const struct zb_zone zb_zones[NR_ZONES] = {
	{ "128MiB", 128 * MIB, 0 },
	{ "96MiB", 96 * MIB, 0 },
	{ "3MiB", 3 * MIB, 0 },
	{ "1077MiB", 1077 * MIB, 0 },
	{ "odd", 0, 68719476731ULL },
};

struct zb_opts zb_opt = {
	.n = ZB_DEF_N,
	.rounds = ZB_DEF_ROUNDS,
	.target_us = ZB_DEF_TARGET_US,
	.seed = 0x5eedfaceULL,
	.cpu = -1,
};

/* Filled in by zb-harness.c: the contexts, the kernels, the clock. */
struct zb_ctx zb_ctxs[NR_UNITS][NR_ZONES];
struct zb_cfg *zb_cfgs;
size_t zb_nr_cfgs;
double *zb_freq_samples;
double zb_freq_ghz;

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
