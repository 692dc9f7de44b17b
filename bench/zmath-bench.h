/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zmath-bench.h - what the files of zmath-bench share
 *
 * zb-kernels.c   the methods and their timed kernels, the reference
 * zb-harness.c   inputs, exactness checks, timing, rounds, pinning, clock
 * zb-stats.c     medians, quantiles, paired ratios
 * zb-output.c    tables, CSVs
 * zmath-bench.c  options and main()
 */
#ifndef ZMATH_BENCH_H
#define ZMATH_BENCH_H

#include <stddef.h>

#include <libdivide.h>
#include <linux/zmath.h>

#define ZB_NOINLINE		__attribute__((noinline))
#define ZB_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define MIB			(1ULL << 20)
#define SECTOR_SHIFT		9

/* Default number of positions per kernel call: 16 KiB, well inside L1d. */
#define ZB_DEF_N		2048
#define ZB_DEF_ROUNDS		21
#define ZB_MIN_ROUNDS		11
#define ZB_DEF_TARGET_US	150
/* One input in this many is an exact zone start. */
#define ZB_ALIGNED_ONE_IN	64
/* Lengths of the two --count runs; per op = difference / (N2 - N1). */
#define ZB_COUNT_N1		256
#define ZB_COUNT_N2		1280

enum zb_method {
	M_SHIFT,
	M_ZMATH,
	M_DIV,
	M_GEOM,
	M_LDIV,
	M_LDIVBF,
	M_FLOOR,
	NR_METHODS
};

enum zb_op {
	OP_ZONE_NO,
	OP_ZONE_OFFSET,
	OP_IS_ALIGNED,
	OP_ROUNDUP,
	OP_NR_ZONES,
	NR_OPS
};

enum zb_loop {
	L_THR,
	L_LAT,
	L_ONE,
	NR_LOOPS
};

enum zb_unit {
	U_SECTORS,
	U_BYTES,
	NR_UNITS
};

extern const char *const zb_method_names[NR_METHODS];
extern const char *const zb_op_names[NR_OPS];
extern const char *const zb_loop_names[NR_LOOPS];
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
 * struct zb_ctx - everything a method needs to know about one zone size
 * @zone_size: the zone size
 * @mask: @zone_size - 1, for the shift method
 * @shift: log2(@zone_size), for the shift method
 * @geom: zmath's geometry
 * @ld: libdivide's branchfull divider
 * @ldbf: libdivide's branchfree divider
 */
struct zb_ctx {
	u64 zone_size;
	u64 mask;
	unsigned int shift;
	struct zmath_geom geom;
	struct libdivide_u64_t ld;
	struct libdivide_u64_branchfree_t ldbf;
};

/* A timed kernel: @n operations on @in[0..@n] (see zb-kernels.c). */
typedef u64 (*zb_kernel_fn)(const struct zb_ctx *ctx, const u64 *in,
			    size_t n);

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

/* zb-kernels.c */
extern const zb_kernel_fn zb_kernels[NR_METHODS][NR_OPS][NR_LOOPS];
int zb_method_applies(enum zb_method m, enum zb_op op,
		      const struct zb_ctx *c);
u64 zb_apply(enum zb_method m, enum zb_op op, const struct zb_ctx *c,
	     u64 pos);
u64 zb_ref(enum zb_op op, u64 pos, u64 zone_size);
u64 zb_loop_only(const struct zb_ctx *cp, const u64 *in, size_t n);

/* zb-harness.c */
void __attribute__((noreturn, format(printf, 1, 2))) zb_die(const char *fmt,
							    ...);
void *zb_calloc(size_t nmemb, size_t size);
void zb_setup(void);
void zb_check_exact(void);
void zb_build_cfgs(void);
void zb_count(void);
void zb_pin(void);
void zb_measure(void);

/* zb-stats.c */
double zb_quantile(const double *sorted, size_t n, double p);
double zb_median_of(const double *v, size_t n);
void zb_summarise(struct zb_cfg *cf);
double zb_paired(const struct zb_cfg *a, const struct zb_cfg *b);
struct zb_cfg *zb_find(enum zb_method m, enum zb_op op, enum zb_loop l,
		       enum zb_unit u, unsigned int z);
double zb_ratio(const struct zb_cfg *cf);

/* zb-output.c */
const char *zb_arch(void);
void zb_print_header(void);
void zb_print_tables(void);
void zb_print_insn(void);
void zb_print_long(void);
void zb_write_csv(const char *path);
void zb_write_samples(const char *path);
void zb_read_insn(const char *path);

#endif /* ZMATH_BENCH_H */
