/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zb-run.h - one run of zmath-bench: its options, its zone sizes, and the
 * timed kernels with their samples and figures
 *
 * zmath-bench.c sets the options, zb-harness.c fills the contexts, the
 * kernels and their samples, zb-output.c prints them; a kernel's figures
 * and its comparison with the shift are worked out here.
 */
#ifndef ZB_RUN_H
#define ZB_RUN_H

#include <stddef.h>

#include <linux/zmath.h>

#include "zb-kernels.h"

/* Default number of positions per kernel call: 16 KiB, well inside L1d. */
#define ZB_DEF_N		2048
#define ZB_DEF_ROUNDS		21
#define ZB_MIN_ROUNDS		11
#define ZB_DEF_TARGET_US	150

enum zb_unit {
	U_SECTORS,
	U_BYTES,
	NR_UNITS
};

extern const char *const zb_unit_names[NR_UNITS];

/**
 * struct zb_zone - a zone size of the benchmark
 * @label: short name for tables
 * @bytes: the zone size in bytes, or 0 if @units is the size in any unit
 * @units: with @bytes 0, the size as the same number of sectors or bytes
 */
struct zb_zone {
	const char *label;
	u64 bytes;
	u64 units;
};

#define NR_ZONES	5
#define ZB_PO2_ZONE	0

extern const struct zb_zone zb_zones[NR_ZONES];

/**
 * struct zb_cfg - one timed kernel: a method, an operation, a loop, a zone
 * @method: the method
 * @op: the operation
 * @loop: the loop
 * @unit: the unit of the zone size and positions
 * @zone: index in zb_zones[]
 * @fn: the kernel
 * @in: its positions
 * @expect: the reference checksum of one call
 * @reps: calls per sample
 * @samples: ns per operation, one per round
 * @med: median of @samples
 * @min: minimum of @samples
 * @max: maximum of @samples
 * @q1: first quartile of @samples
 * @q3: third quartile of @samples
 * @insn: instructions per operation from --insn, or negative if unknown
 */
struct zb_cfg {
	enum zb_method method;
	enum zb_op op;
	enum zb_loop loop;
	enum zb_unit unit;
	unsigned int zone;
	zb_kernel_fn fn;
	const u64 *in;
	u64 expect;
	unsigned long reps;
	double *samples;
	double med, min, max, q1, q3;
	double insn;
};

/**
 * struct zb_opts - the command line
 * @n: positions per kernel call
 * @rounds: rounds
 * @target_us: time per sample
 * @seed: seed of the inputs and of the visiting order
 * @cpu: CPU to pin to, or -1 for the current one
 * @csv: summary CSV to write, or NULL
 * @samples: per-round CSV to write, or NULL
 * @insn: instruction counts to read, or NULL
 * @count: callgrind mode
 * @long_table: print one line per kernel
 */
struct zb_opts {
	size_t n;
	unsigned int rounds;
	unsigned int target_us;
	u64 seed;
	int cpu;
	const char *csv;
	const char *samples;
	const char *insn;
	int count;
	int long_table;
};

extern struct zb_opts zb_opt;
extern struct zb_ctx zb_ctxs[NR_UNITS][NR_ZONES];
extern struct zb_cfg *zb_cfgs;
extern size_t zb_nr_cfgs;
/* Clock frequency in GHz, one estimate per round, and their median. */
extern double *zb_freq_samples;
extern double zb_freq_ghz;

void zb_summarise(struct zb_cfg *cf);
double zb_paired(const struct zb_cfg *a, const struct zb_cfg *b);
struct zb_cfg *zb_find(enum zb_method m, enum zb_op op, enum zb_loop l,
		       enum zb_unit u, unsigned int z);
double zb_ratio(const struct zb_cfg *cf);

#endif /* ZB_RUN_H */
