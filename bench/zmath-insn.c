// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zmath-insn.c - one zone math operation in a loop, for instruction counts
 *
 * usage: zmath-insn METHOD OP ZONE_SIZE N
 *
 * Runs OP by METHOD on N positions drawn uniformly from [0, 2^64) and
 * prints the sum of the results. bench/insn-count.sh runs it under
 * qemu-user, which logs every guest instruction, at two values of N: the
 * difference of the counts over the difference of N, less the same for
 * METHOD "loop" (the positions alone), is what OP costs per call. This
 * is how the choice between dividing and multiplying by a reciprocal is
 * made per architecture (ZMATH_USE_DIV32 in zmath.h), on machines that
 * cannot run the timed benchmark's build: a count, not a time, in which a
 * divide instruction counts as one.
 *
 * Methods: "geom", the geometry's helpers; "div", the C operators / and %
 * as zmath-bench has them (zb-div.h); "loop", no operation.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/zmath.h>

#include "zb-div.h"

#define ZI_NOINLINE	__attribute__((noinline))

/* xorshift64: positions over the whole 64-bit range, the same each run. */
static inline u64 zi_next(u64 *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

ZB_DIV_METHOD(struct zmath_geom, zone_size)

#define ZI_GEOM_OP(op)							\
static inline u64 geom_##op(const struct zmath_geom *g, u64 pos)	\
{									\
	return zmath_geom_##op(g, pos);					\
}

ZI_GEOM_OP(zone_no)
ZI_GEOM_OP(zone_offset)
ZI_GEOM_OP(is_aligned)
ZI_GEOM_OP(roundup)
ZI_GEOM_OP(nr_zones)

/* The geometry is read through a pointer, as a kernel caller reads it. */
#define ZI_RUN(m, op)							\
static ZI_NOINLINE u64 run_##m##_##op(const struct zmath_geom *g,	\
				      unsigned long n)			\
{									\
	u64 sum = 0, x = 0x9e3779b97f4a7c15ULL;				\
									\
	while (n--)							\
		sum += m##_##op(g, zi_next(&x));			\
	return sum;							\
}

#define ZI_METHOD(m)							\
	ZI_RUN(m, zone_no)						\
	ZI_RUN(m, zone_offset)						\
	ZI_RUN(m, is_aligned)						\
	ZI_RUN(m, roundup)						\
	ZI_RUN(m, nr_zones)

ZI_METHOD(div)
ZI_METHOD(geom)

static ZI_NOINLINE u64 run_loop(const struct zmath_geom *g, unsigned long n)
{
	u64 sum = 0, x = 0x9e3779b97f4a7c15ULL;

	(void)g;
	while (n--)
		sum += zi_next(&x);
	return sum;
}

typedef u64 (*zi_run_fn)(const struct zmath_geom *g, unsigned long n);

static const struct {
	const char *method, *op;
	zi_run_fn run;
} zi_runs[] = {
#define ZI_ENTRY(m, op)	{ #m, #op, run_##m##_##op },
#define ZI_ENTRIES(m)							\
	ZI_ENTRY(m, zone_no) ZI_ENTRY(m, zone_offset)			\
	ZI_ENTRY(m, is_aligned) ZI_ENTRY(m, roundup) ZI_ENTRY(m, nr_zones)
	ZI_ENTRIES(div)
	ZI_ENTRIES(geom)
};

static unsigned long long zi_num(const char *what, const char *s)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end || *s == '-') {
		fprintf(stderr, "zmath-insn: bad %s '%s'\n", what, s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	struct zmath_geom geom;
	unsigned long n;
	size_t i;
	int err;

	if (argc != 5) {
		fprintf(stderr,
			"usage: zmath-insn METHOD OP ZONE_SIZE N\n"
			"  METHOD geom, div or loop (OP then ignored)\n"
			"  OP     zone_no, zone_offset, is_aligned, roundup or nr_zones\n");
		return 2;
	}
	err = zmath_geom_init(&geom, zi_num("zone size", argv[3]));
	if (err) {
		fprintf(stderr, "zmath-insn: zone size %s: %s\n", argv[3],
			strerror(-err));
		return 2;
	}
	n = zi_num("N", argv[4]);
	if (!strcmp(argv[1], "loop")) {
		printf("%llu\n", (unsigned long long)run_loop(&geom, n));
		return 0;
	}
	for (i = 0; i < sizeof(zi_runs) / sizeof(zi_runs[0]); i++) {
		if (strcmp(argv[1], zi_runs[i].method) ||
		    strcmp(argv[2], zi_runs[i].op))
			continue;
		printf("%llu\n", (unsigned long long)zi_runs[i].run(&geom, n));
		return 0;
	}
	fprintf(stderr, "zmath-insn: no method '%s' with operation '%s'\n",
		argv[1], argv[2]);
	return 2;
}
