// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * What does a non-power-of-2 zone size cost?
 *
 * Use case: a zoned block device maps every I/O position to a zone number,
 * an offset in the zone, an alignment check, a round-up, and its capacity
 * to a number of zones. With a power-of-2 zone size that is a shift or a
 * mask. This program measures, in one run and side by side, what the same
 * five operations cost for other zone sizes, done the ways a kernel could
 * do them:
 *
 *   shift    hand-written shift/mask (power-of-2 sizes only): the baseline
 *   zmath    zmath's stateless zmath_*(pos, zone_size): is_po2 ? shift :
 *            64-bit division per call, the 2022 series' "branch-and-divide"
 *   div      plain hardware division, / and %
 *   geom     zmath's geometry, zmath_geom_*(): precomputed reciprocal
 *   ldiv     libdivide's u64 divider (branchfull), the outside peer
 *   ldiv-bf  libdivide's u64 branchfree divider
 *   floor    zone_no only: the geometry's shift and multiply-high, no
 *            branch, the least a reciprocal can cost (whole-MiB sizes)
 *
 * Each (method, operation) pair is a noinline kernel, in three loops: a
 * throughput loop over independent positions, a latency loop where each
 * position depends on the previous result, and a one-shot loop that
 * reloads the zone size's context from memory on every call. Positions are
 * uniform over the 64-bit range, and zone sizes are read at run time
 * through memory the compiler cannot see into; kernels are called through
 * a table of function pointers, and the build turns auto-vectorisation
 * off, as the kernel does.
 *
 * Every method's results are checked against / and % for every input and a
 * set of edge cases, and every timed call's checksum against the reference
 * one, before any time is printed; a mismatch aborts. Rounds go over all
 * kernels in a fresh random order each, and each figure is the median of
 * the rounds, with min, max and quartiles in the CSV; --samples writes
 * every round's figure, for bench/goals.py.
 *
 * --count mode runs each kernel once at two lengths between callgrind
 * client requests, for instruction counts under valgrind --tool=callgrind;
 * run.sh turns them into a file that --insn reads back.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zb-fatal.h"
#include "zb-harness.h"
#include "zb-output.h"
#include "zb-run.h"

static void zb_usage(FILE *f)
{
	fprintf(f,
		"usage: zmath-bench [options]\n"
		"  --csv FILE      write every figure (median, min, max) as CSV\n"
		"  --samples FILE  write every round's figure as CSV\n"
		"  --insn FILE     merge instruction counts (from run.sh)\n"
		"  --count         callgrind mode: no timing, dumps per kernel\n"
		"  --rounds N      rounds, at least %d (default %d)\n"
		"  --target-us N   time per sample (default %d)\n"
		"  -n N            positions per call (default %d)\n"
		"  --seed N        input seed\n"
		"  --cpu N         pin to CPU N (default: the current one)\n"
		"  --long          also print one line per kernel with min/max\n",
		ZB_MIN_ROUNDS, ZB_DEF_ROUNDS, ZB_DEF_TARGET_US, ZB_DEF_N);
}

static unsigned long zb_num(const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || !*s || *end)
		zb_die("not a number: %s", s);
	return v;
}

static void zb_parse(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--count")) {
			zb_opt.count = 1;
			continue;
		}
		if (!strcmp(a, "--long")) {
			zb_opt.long_table = 1;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			zb_usage(stdout);
			exit(0);
		}
		if (!v) {
			zb_usage(stderr);
			exit(2);
		}
		i++;
		if (!strcmp(a, "--csv"))
			zb_opt.csv = v;
		else if (!strcmp(a, "--samples"))
			zb_opt.samples = v;
		else if (!strcmp(a, "--insn"))
			zb_opt.insn = v;
		else if (!strcmp(a, "--rounds"))
			zb_opt.rounds = zb_num(v);
		else if (!strcmp(a, "--target-us"))
			zb_opt.target_us = zb_num(v);
		else if (!strcmp(a, "-n"))
			zb_opt.n = zb_num(v);
		else if (!strcmp(a, "--seed"))
			zb_opt.seed = zb_num(v);
		else if (!strcmp(a, "--cpu"))
			zb_opt.cpu = (int)zb_num(v);
		else
			zb_die("unknown option %s (see --help)", a);
	}
	if (zb_opt.rounds < ZB_MIN_ROUNDS)
		zb_die("--rounds must be at least %d", ZB_MIN_ROUNDS);
	if (zb_opt.n < 1 || zb_opt.n > (1 << 24))
		zb_die("-n out of range");
	if (!zb_opt.seed)
		zb_opt.seed = 1;
}

int main(int argc, char **argv)
{
	zb_parse(argc, argv);
	zb_setup();
	zb_check_exact();
	zb_build_cfgs();

	if (zb_opt.count) {
		zb_count();
		return 0;
	}
	if (zb_opt.insn)
		zb_read_insn(zb_opt.insn);

	zb_pin();
	zb_measure();

	zb_print_header();
	zb_print_tables();
	zb_print_insn();
	if (zb_opt.long_table)
		zb_print_long();
	if (zb_opt.csv)
		zb_write_csv(zb_opt.csv);
	if (zb_opt.samples)
		zb_write_samples(zb_opt.samples);
	return 0;
}
