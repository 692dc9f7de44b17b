// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zb-harness.c - inputs, exactness checks, timing, rounds, pinning, clock
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "zb-fatal.h"
#include "zb-harness.h"
#include "zb-kernels.h"
#include "zb-run.h"
#include "zb-stats.h"

#ifdef ZBENCH_HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#endif

#define ZB_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define SECTOR_SHIFT		9

/* One input in this many is an exact zone start. */
#define ZB_ALIGNED_ONE_IN	64
/* Lengths of the two --count runs; per op = difference / (N2 - N1). */
#define ZB_COUNT_N1		256
#define ZB_COUNT_N2		1280

/* Tell the compiler memory may have changed: calls are not CSE'd away. */
#define zb_barrier()	__asm__ __volatile__("" : : : "memory")

/* Positions, and the latency loops' inputs that chain through them. */
static u64 *zb_pos[NR_UNITS][NR_ZONES];
static u64 *zb_lat_in[NR_UNITS][NR_ZONES][NR_OPS];
static u64 zb_state;

/* xorshift64*: reproducible positions from --seed. */
static u64 zb_rand(void)
{
	u64 x = zb_state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	zb_state = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* A random zone start: q * zone size for a valid zone number q. */
static u64 zb_rand_start(u64 zs)
{
	return zb_rand() % (UINT64_MAX / zs + 1) * zs;
}

/* Read through a volatile, so the compiler cannot fold the zone size. */
static u64 zb_opaque(u64 v)
{
	volatile u64 x = v;

	return x;
}

static u64 zb_zone_size(unsigned int z, enum zb_unit unit)
{
	const struct zb_zone *zone = &zb_zones[z];

	if (!zone->bytes)
		return zb_opaque(zone->units);
	return zb_opaque(unit == U_SECTORS ? zone->bytes >> SECTOR_SHIFT :
					     zone->bytes);
}

static void zb_setup_ctx(struct zb_ctx *c, u64 zone_size)
{
	memset(c, 0, sizeof(*c));
	c->zone_size = zone_size;
	c->mask = zone_size - 1;
	c->shift = __ffs64(zone_size);
	if (zmath_geom_init(&c->geom, zone_size))
		zb_die("zmath_geom_init(%llu) failed", zone_size);
	c->ld = libdivide_u64_gen(zone_size);
	c->ldbf = libdivide_u64_branchfree_gen(zone_size);
}

/*
 * Positions: uniform over [0, 2^64), so that quotients are as wide as the
 * zone size allows and a divider's early exit does not help, one in
 * ZB_ALIGNED_ONE_IN an exact zone start.
 */
static u64 *zb_make_pos(u64 zone_size)
{
	u64 *pos = zb_calloc(zb_opt.n + 1, sizeof(*pos));
	size_t i;

	for (i = 0; i <= zb_opt.n; i++) {
		if (zb_rand() % ZB_ALIGNED_ONE_IN == 0)
			pos[i] = zb_rand_start(zone_size);
		else
			pos[i] = zb_rand();
	}
	return pos;
}

/*
 * The latency loop's inputs: it computes pos = in[i] + res, so in[i] =
 * pos[i] - res(pos[i - 1]) makes its chain go through @pos exactly, over
 * the whole range and through the zone starts.
 */
static u64 *zb_make_lat_in(const u64 *pos, enum zb_op op, u64 zone_size)
{
	u64 *in = zb_calloc(zb_opt.n + 1, sizeof(*in));
	size_t i;

	in[0] = pos[0];
	for (i = 1; i <= zb_opt.n; i++)
		in[i] = pos[i] - zb_ref(op, pos[i - 1], zone_size);
	return in;
}

/**
 * zb_setup() - the contexts and inputs of every unit and zone size
 */
void zb_setup(void)
{
	unsigned int u, z, op;

	zb_state = zb_opt.seed;
	for (u = 0; u < NR_UNITS; u++) {
		for (z = 0; z < NR_ZONES; z++) {
			u64 zs = zb_zone_size(z, u);

			zb_setup_ctx(&zb_ctxs[u][z], zs);
			zb_pos[u][z] = zb_make_pos(zs);
			for (op = 0; op < NR_OPS; op++)
				zb_lat_in[u][z][op] =
					zb_make_lat_in(zb_pos[u][z], op, zs);
		}
	}
	if (!zmath_is_po2(zb_ctxs[0][ZB_PO2_ZONE].zone_size))
		zb_die("zone %u must be the power of 2", ZB_PO2_ZONE);
}

/* Positions around every boundary that matters, for the exactness check. */
static size_t zb_edge_cases(u64 zs, u64 *out, size_t max)
{
	u64 top = UINT64_MAX - UINT64_MAX % zs;
	u64 base[] = {
		0, 1, zs - 1, zs, zs + 1, 2 * zs - 1, 2 * zs,
		top - 1, top, top + 1, UINT64_MAX,
		UINT64_MAX - 1, UINT64_MAX - zs, UINT64_MAX - zs + 1,
		top - zs, top - zs + 1, top - zs - 1, 1ULL << 63,
		(1ULL << 63) - 1, 0xffffffffULL, 0x100000000ULL,
	};
	size_t i, n = 0;

	for (i = 0; i < ZB_ARRAY_SIZE(base) && n < max; i++)
		out[n++] = base[i];
	while (n + 3 <= max) {
		u64 start = zb_rand_start(zs);

		out[n++] = start;
		out[n++] = start + 1;
		out[n++] = start - 1;
	}
	return n;
}

/* Check one method and operation on @n positions; exit on a mismatch. */
static void zb_check_one(enum zb_method m, enum zb_op op, enum zb_unit u,
			 const struct zb_ctx *c, const u64 *pos, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		u64 want = zb_ref(op, pos[i], c->zone_size);
		u64 got = zb_apply(m, op, c, pos[i]);

		if (got != want)
			zb_die("MISMATCH: %s %s(%llu) zone %llu %s: got %llu, / and %% say %llu",
			       zb_method_names[m], zb_op_names[op], pos[i],
			       c->zone_size, zb_unit_names[u], got, want);
	}
}

/**
 * zb_check_exact() - check every method against the reference
 *
 * Every operation of every method, on every position and edge case, is
 * compared with / and %; a mismatch exits.
 */
void zb_check_exact(void)
{
	u64 edges[256];
	unsigned int u, z, m, op;
	size_t ne;

	for (u = 0; u < NR_UNITS; u++) {
		for (z = 0; z < NR_ZONES; z++) {
			const struct zb_ctx *c = &zb_ctxs[u][z];

			ne = zb_edge_cases(c->zone_size, edges,
					   ZB_ARRAY_SIZE(edges));
			for (m = 0; m < NR_METHODS; m++) {
				for (op = 0; op < NR_OPS; op++) {
					if (!zb_method_applies(m, op, c))
						continue;
					zb_check_one(m, op, u, c, zb_pos[u][z],
						     zb_opt.n + 1);
					zb_check_one(m, op, u, c, edges, ne);
				}
			}
		}
	}
}

/* Add a kernel to zb_cfgs[], if its method applies. */
static void zb_add_cfg(enum zb_unit u, enum zb_op op, enum zb_loop l,
		       unsigned int z, enum zb_method m)
{
	const struct zb_ctx *c = &zb_ctxs[u][z];
	struct zb_cfg *cf = &zb_cfgs[zb_nr_cfgs];
	size_t i;

	if (!zb_method_applies(m, op, c))
		return;
	zb_nr_cfgs++;
	cf->method = m;
	cf->op = op;
	cf->loop = l;
	cf->unit = u;
	cf->zone = z;
	cf->fn = zb_kernels[m][op][l];
	cf->in = l == L_LAT ? zb_lat_in[u][z][op] : zb_pos[u][z];
	/* Every loop's operations are on zb_pos[u][z][0..n - 1]. */
	for (i = 0; i < zb_opt.n; i++)
		cf->expect += zb_ref(op, zb_pos[u][z][i], c->zone_size);
	cf->samples = zb_calloc(zb_opt.rounds, sizeof(double));
	cf->insn = -1;
}

/**
 * zb_build_cfgs() - list the timed kernels
 *
 * Grouped by unit, op and loop: a group is timed back to back.
 */
void zb_build_cfgs(void)
{
	unsigned int u, z, m, op, l;

	zb_cfgs = zb_calloc(NR_UNITS * NR_ZONES * NR_METHODS * NR_OPS *
			    NR_LOOPS, sizeof(*zb_cfgs));
	for (u = 0; u < NR_UNITS; u++)
		for (op = 0; op < NR_OPS; op++)
			for (l = 0; l < NR_LOOPS; l++)
				for (z = 0; z < NR_ZONES; z++)
					for (m = 0; m < NR_METHODS; m++)
						zb_add_cfg(u, op, l, z, m);
}

/**
 * zb_count() - --count: callgrind dumps "zb:unit:zone:op:method:n"
 *
 * Every throughput kernel runs at two lengths between client requests.
 */
void zb_count(void)
{
#ifdef ZBENCH_HAVE_CALLGRIND
	static const size_t lens[] = { ZB_COUNT_N1, ZB_COUNT_N2 };
	char label[128];
	size_t i, k;
	u64 sink = 0;

	if (zb_opt.n < ZB_COUNT_N2)
		zb_die("--count needs -n %d or more", ZB_COUNT_N2);
	for (k = 0; k < ZB_ARRAY_SIZE(lens); k++) {
		snprintf(label, sizeof(label), "zb:-:-:loop:loop:%zu",
			 lens[k]);
		CALLGRIND_ZERO_STATS;
		sink += zb_loop_only(&zb_ctxs[0][0], zb_pos[0][0], lens[k]);
		CALLGRIND_DUMP_STATS_AT(label);
	}
	for (i = 0; i < zb_nr_cfgs; i++) {
		struct zb_cfg *cf = &zb_cfgs[i];

		if (cf->loop != L_THR)
			continue;
		for (k = 0; k < ZB_ARRAY_SIZE(lens); k++) {
			/* Label first: only the call is between the two. */
			snprintf(label, sizeof(label), "zb:%s:%s:%s:%s:%zu",
				 zb_unit_names[cf->unit],
				 zb_zones[cf->zone].label,
				 zb_op_names[cf->op],
				 zb_method_names[cf->method], lens[k]);
			CALLGRIND_ZERO_STATS;
			sink += cf->fn(&zb_ctxs[cf->unit][cf->zone], cf->in,
				       lens[k]);
			CALLGRIND_DUMP_STATS_AT(label);
		}
	}
	printf("count: %zu kernels, n %d and %d, sink %llu\n",
	       zb_nr_cfgs / NR_LOOPS, ZB_COUNT_N1, ZB_COUNT_N2, sink);
#else
	zb_die("--count: built without valgrind/callgrind.h");
#endif
}

/**
 * zb_pin() - pin to --cpu, or to the CPU we are on
 */
void zb_pin(void)
{
	cpu_set_t set;
	int cpu = zb_opt.cpu >= 0 ? zb_opt.cpu : sched_getcpu();

	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		fprintf(stderr, "zmath-bench: cannot pin to CPU %d: %s\n", cpu,
			strerror(errno));
	else
		zb_opt.cpu = cpu;
}

static double zb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

#if defined(__x86_64__) || defined(__i386__)
#define ZB_ADDS		100
#define ZB_ADD_ITERS	20000
#define ZB_STR(x)	#x
#define ZB_XSTR(x)	ZB_STR(x)

/* ZB_ADDS dependent adds per iteration: ZB_ADDS cycles on any x86. */
static ZB_NOINLINE unsigned long zb_add_chain(unsigned long x,
					      unsigned long iters)
{
	while (iters--)
		__asm__ __volatile__(".rept " ZB_XSTR(ZB_ADDS) "\n\t"
				     "add $1, %0\n\t.endr" : "+r"(x));
	return x;
}

/*
 * The clock, from a chain of adds of known length: best of three, as
 * interference only makes it look slower. The loop's counter and branch
 * run beside the chain, for free.
 */
static double zb_clock_ghz(void)
{
	double best = 0;
	int k;

	for (k = 0; k < 3; k++) {
		double t0 = zb_now_ns(), ghz;

		zb_add_chain(k, ZB_ADD_ITERS);
		ghz = (double)ZB_ADDS * ZB_ADD_ITERS / (zb_now_ns() - t0);
		if (ghz > best)
			best = ghz;
	}
	return best;
}
#else
static double zb_clock_ghz(void)
{
	return 0;	/* unknown: no cycles printed */
}
#endif

/* Run one sample; abort if any call's checksum differs from the reference. */
static double zb_run(struct zb_cfg *cf, unsigned long reps)
{
	const struct zb_ctx *c = &zb_ctxs[cf->unit][cf->zone];
	unsigned long r;
	u64 bad = 0;
	double t0, t1;

	t0 = zb_now_ns();
	for (r = 0; r < reps; r++) {
		u64 sum = cf->fn(c, cf->in, zb_opt.n);

		zb_barrier();
		bad |= sum ^ cf->expect;
	}
	t1 = zb_now_ns();
	if (bad)
		zb_die("MISMATCH: %s %s %s zone %llu"
		       " %s: checksum differs from / and %%",
		       zb_method_names[cf->method], zb_op_names[cf->op],
		       zb_loop_names[cf->loop], c->zone_size,
		       zb_unit_names[cf->unit]);
	return (t1 - t0) / ((double)reps * (double)zb_opt.n);
}

static void zb_shuffle(size_t *a, size_t n)
{
	size_t i, j, t;

	for (i = n; i > 1; i--) {
		j = zb_rand() % i;
		t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}

static int zb_same_group(const struct zb_cfg *a, const struct zb_cfg *b)
{
	return a->unit == b->unit && a->op == b->op && a->loop == b->loop;
}

/**
 * zb_measure() - time every kernel, --rounds times
 *
 * Every round measures the clock, then visits the groups (unit, op, loop)
 * in a random order and, inside a group, its kernels in a random order,
 * back to back: the machine is shared, and kernels compared with each
 * other then see about the same interference in the same round (see
 * zb_paired()).
 */
void zb_measure(void)
{
	size_t *order = zb_calloc(2 * zb_nr_cfgs, sizeof(*order));
	size_t *groups = zb_calloc(zb_nr_cfgs, sizeof(*groups));
	size_t *glen = zb_calloc(zb_nr_cfgs, sizeof(*glen));
	double target = zb_opt.target_us * 1000.0;
	size_t i, g, k, nr_groups = 0;
	unsigned int round;

	/* Warm up and calibrate: about --target-us per sample. */
	for (i = 0; i < zb_nr_cfgs; i++) {
		struct zb_cfg *cf = &zb_cfgs[i];
		double per_call;

		zb_run(cf, 1);
		per_call = zb_run(cf, 2) * (double)zb_opt.n;
		cf->reps = (unsigned long)(target / per_call);
		if (cf->reps < 1)
			cf->reps = 1;
		if (!i || !zb_same_group(&zb_cfgs[i - 1], cf))
			groups[nr_groups++] = i;
		glen[nr_groups - 1]++;
	}

	zb_freq_samples = zb_calloc(zb_opt.rounds, sizeof(double));
	for (round = 0; round < zb_opt.rounds; round++) {
		size_t *gorder = order;

		zb_freq_samples[round] = zb_clock_ghz();
		for (g = 0; g < nr_groups; g++)
			gorder[g] = g;
		zb_shuffle(gorder, nr_groups);
		for (g = 0; g < nr_groups; g++) {
			size_t first = groups[gorder[g]], n = glen[gorder[g]];
			size_t *idx = order + nr_groups;

			for (k = 0; k < n; k++)
				idx[k] = first + k;
			zb_shuffle(idx, n);
			for (k = 0; k < n; k++) {
				struct zb_cfg *cf = &zb_cfgs[idx[k]];

				cf->samples[round] = zb_run(cf, cf->reps);
			}
		}
	}
	for (i = 0; i < zb_nr_cfgs; i++)
		zb_summarise(&zb_cfgs[i]);
	zb_freq_ghz = zb_median_of(zb_freq_samples, zb_opt.rounds);
	free(glen);
	free(groups);
	free(order);
}
