// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * What does a non-power-of-2 zone size cost?
 *
 * Use case: a zoned block device maps every I/O position to a zone number,
 * an offset in the zone, an alignment check or a round-up. With a
 * power-of-2 zone size that is a shift or a mask. This program measures, in
 * one run and side by side, what the same four operations cost for other
 * zone sizes, done the ways a kernel could do them:
 *
 *   shift    hand-written shift/mask (power-of-2 sizes only): the baseline
 *   zmath    zmath's stateless zmath_*(pos, zone_size): is_po2 ? shift :
 *            64-bit division per call, the 2022 series' "branch-and-divide"
 *   div      plain hardware division, / and %
 *   geom     zmath's geometry, zmath_geom_*(): precomputed reciprocal
 *   ldiv     libdivide's u64 divider (branchfull), the outside peer
 *   ldiv-bf  libdivide's u64 branchfree divider
 *
 * Each (method, operation) pair is a noinline kernel, in two loops: a
 * throughput loop over independent positions and a latency loop where each
 * position depends on the previous result. Positions and zone sizes are
 * read at run time through memory the compiler cannot see into, kernels are
 * called through a table of function pointers, and the build turns
 * auto-vectorisation off, as the kernel does.
 *
 * Every method's results are checked against / and % for every input and a
 * set of edge cases, and every timed call's checksum against the reference
 * one, before any time is printed; a mismatch aborts. Rounds go over all
 * kernels in a fresh random order each, and each figure is the median of
 * the rounds, with min and max in the CSV.
 *
 * --count mode runs each kernel once at two lengths between callgrind
 * client requests, for instruction counts under valgrind --tool=callgrind;
 * run.sh turns them into a file that --insn reads back.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libdivide.h>
#include <linux/zmath.h>

#ifdef ZBENCH_HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#endif

#define ZB_NOINLINE	__attribute__((noinline))
#define ZB_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Tell the compiler memory may have changed: calls are not CSE'd away. */
#define zb_barrier()	__asm__ __volatile__("" : : : "memory")

#define MIB		(1ULL << 20)
#define SECTOR_SHIFT	9

/* Default number of positions per kernel call: 16 KiB, well inside L1d. */
#define ZB_DEF_N	2048
#define ZB_DEF_ROUNDS	21
#define ZB_MIN_ROUNDS	11
#define ZB_DEF_TARGET_US	150
/* Zone numbers in the inputs span this many zones. */
#define ZB_NR_ZONES	16384
/* One input in this many is an exact zone start. */
#define ZB_ALIGNED_ONE_IN	64
/* Lengths of the two --count runs; per op = difference / (N2 - N1). */
#define ZB_COUNT_N1	256
#define ZB_COUNT_N2	1280

enum zb_method {
	M_SHIFT,
	M_ZMATH,
	M_DIV,
	M_GEOM,
	M_LDIV,
	M_LDIVBF,
	NR_METHODS
};

static const char *const method_names[NR_METHODS] = {
	"shift", "zmath", "div", "geom", "ldiv", "ldiv-bf",
};

enum zb_op {
	OP_ZONE_NO,
	OP_ZONE_OFFSET,
	OP_IS_ALIGNED,
	OP_ROUNDUP,
	NR_OPS
};

static const char *const op_names[NR_OPS] = {
	"zone_no", "zone_offset", "is_aligned", "roundup",
};

enum zb_loop {
	L_THR,
	L_LAT,
	NR_LOOPS
};

static const char *const loop_names[NR_LOOPS] = { "throughput", "latency" };

enum zb_unit {
	U_SECTORS,
	U_BYTES,
	NR_UNITS
};

static const char *const unit_names[NR_UNITS] = { "sectors", "bytes" };

/**
 * struct zb_zone - a zone size of the benchmark
 * @label: short name for tables
 * @bytes: the zone size in bytes, or 0 if @units is the size in any unit
 * @units: with @bytes 0, the size as the same number of sectors or bytes
 *
 * The odd size is 2^36 - 5: odd, so the geometry needs its rounded-down
 * multiplier, and above 2^32, so -m32 division takes libgcc's slow path.
 */
struct zb_zone {
	const char *label;
	u64 bytes;
	u64 units;
};

static const struct zb_zone zones[] = {
	{ "128MiB", 128 * MIB, 0 },
	{ "96MiB", 96 * MIB, 0 },
	{ "3MiB", 3 * MIB, 0 },
	{ "1077MiB", 1077 * MIB, 0 },
	{ "odd", 0, 68719476731ULL },
};

#define NR_ZONES	ZB_ARRAY_SIZE(zones)
#define ZB_PO2_ZONE	0

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

/*
 * Round-up from a remainder, for the methods that have no helper of their
 * own: 0 when the result does not fit in 64 bits, as zmath_roundup().
 */
static inline u64 zb_roundup_rem(u64 pos, u64 rem, u64 zone_size)
{
	u64 start = pos - rem;

	if (!rem)
		return pos;
	return start > UINT64_MAX - zone_size ? 0 : start + zone_size;
}

/* shift: what po2-only kernel code writes by hand (ALIGN() for roundup). */
static inline u64 shift_zone_no(const struct zb_ctx *c, u64 pos)
{
	return pos >> c->shift;
}

static inline u64 shift_zone_offset(const struct zb_ctx *c, u64 pos)
{
	return pos & c->mask;
}

static inline u64 shift_is_aligned(const struct zb_ctx *c, u64 pos)
{
	return !(pos & c->mask);
}

static inline u64 shift_roundup(const struct zb_ctx *c, u64 pos)
{
	return (pos + c->mask) & ~c->mask;
}

/* zm: zmath's stateless helpers, branch-and-divide. */
static inline u64 zm_zone_no(const struct zb_ctx *c, u64 pos)
{
	return zmath_zone_no(pos, c->zone_size);
}

static inline u64 zm_zone_offset(const struct zb_ctx *c, u64 pos)
{
	return zmath_zone_offset(pos, c->zone_size);
}

static inline u64 zm_is_aligned(const struct zb_ctx *c, u64 pos)
{
	return zmath_is_aligned(pos, c->zone_size);
}

static inline u64 zm_roundup(const struct zb_ctx *c, u64 pos)
{
	return zmath_roundup(pos, c->zone_size);
}

/* div: plain / and %. */
static inline u64 div_zone_no(const struct zb_ctx *c, u64 pos)
{
	return pos / c->zone_size;
}

static inline u64 div_zone_offset(const struct zb_ctx *c, u64 pos)
{
	return pos % c->zone_size;
}

static inline u64 div_is_aligned(const struct zb_ctx *c, u64 pos)
{
	return pos % c->zone_size == 0;
}

static inline u64 div_roundup(const struct zb_ctx *c, u64 pos)
{
	return zb_roundup_rem(pos, pos % c->zone_size, c->zone_size);
}

/* geom: zmath's geometry. */
static inline u64 geom_zone_no(const struct zb_ctx *c, u64 pos)
{
	return zmath_geom_zone_no(&c->geom, pos);
}

static inline u64 geom_zone_offset(const struct zb_ctx *c, u64 pos)
{
	return zmath_geom_zone_offset(&c->geom, pos);
}

static inline u64 geom_is_aligned(const struct zb_ctx *c, u64 pos)
{
	return zmath_geom_is_aligned(&c->geom, pos);
}

static inline u64 geom_roundup(const struct zb_ctx *c, u64 pos)
{
	return zmath_geom_roundup(&c->geom, pos);
}

/* ldiv: libdivide's branchfull u64 divider; offset = pos - q * size. */
static inline u64 ldiv_zone_no(const struct zb_ctx *c, u64 pos)
{
	return libdivide_u64_do(pos, &c->ld);
}

static inline u64 ldiv_zone_offset(const struct zb_ctx *c, u64 pos)
{
	return pos - libdivide_u64_do(pos, &c->ld) * c->zone_size;
}

static inline u64 ldiv_is_aligned(const struct zb_ctx *c, u64 pos)
{
	return ldiv_zone_offset(c, pos) == 0;
}

static inline u64 ldiv_roundup(const struct zb_ctx *c, u64 pos)
{
	return zb_roundup_rem(pos, ldiv_zone_offset(c, pos), c->zone_size);
}

/* ldivbf: libdivide's branchfree u64 divider. */
static inline u64 ldivbf_zone_no(const struct zb_ctx *c, u64 pos)
{
	return libdivide_u64_branchfree_do(pos, &c->ldbf);
}

static inline u64 ldivbf_zone_offset(const struct zb_ctx *c, u64 pos)
{
	return pos - libdivide_u64_branchfree_do(pos, &c->ldbf) * c->zone_size;
}

static inline u64 ldivbf_is_aligned(const struct zb_ctx *c, u64 pos)
{
	return ldivbf_zone_offset(c, pos) == 0;
}

static inline u64 ldivbf_roundup(const struct zb_ctx *c, u64 pos)
{
	return zb_roundup_rem(pos, ldivbf_zone_offset(c, pos), c->zone_size);
}

/*
 * The latency loop feeds each result into the next position with one add,
 * so that the chain is the operation's latency plus one cycle, and the
 * positions stay in range: the zone number, the offset and the aligned bit
 * are small, and a round-up minus its position is less than a zone.
 */
static inline u64 chain_zone_no(u64 next, u64 pos, u64 res)
{
	(void)pos;
	return next + res;
}

static inline u64 chain_zone_offset(u64 next, u64 pos, u64 res)
{
	(void)pos;
	return next + res;
}

static inline u64 chain_is_aligned(u64 next, u64 pos, u64 res)
{
	(void)pos;
	return next + res;
}

static inline u64 chain_roundup(u64 next, u64 pos, u64 res)
{
	return next + (res - pos);
}

typedef u64 (*zb_kernel_fn)(const struct zb_ctx *ctx, const u64 *in,
			    size_t n);

/*
 * The kernels. @in holds @n + 1 positions. The context is copied to a local
 * first, as a hot geometry would sit in registers: the compiler may then
 * hoist its fields out of the loop, the same for every method.
 */
#define ZB_KERNELS(m, fn, op)						\
static ZB_NOINLINE u64 thr_##m##_##op(const struct zb_ctx *cp,		\
				      const u64 *in, size_t n)		\
{									\
	const struct zb_ctx c = *cp;					\
	u64 sum = 0;							\
	size_t i;							\
									\
	for (i = 0; i < n; i++)						\
		sum += fn(&c, in[i]);					\
	return sum;							\
}									\
									\
static ZB_NOINLINE u64 lat_##m##_##op(const struct zb_ctx *cp,		\
				      const u64 *in, size_t n)		\
{									\
	const struct zb_ctx c = *cp;					\
	u64 sum = 0, pos = in[0];					\
	size_t i;							\
									\
	for (i = 1; i <= n; i++) {					\
		u64 res = fn(&c, pos);					\
									\
		sum += res;						\
		pos = chain_##op(in[i], pos, res);			\
	}								\
	return sum;							\
}

#define ZB_METHOD(m)							\
	ZB_KERNELS(m, m##_zone_no, zone_no)				\
	ZB_KERNELS(m, m##_zone_offset, zone_offset)			\
	ZB_KERNELS(m, m##_is_aligned, is_aligned)			\
	ZB_KERNELS(m, m##_roundup, roundup)

ZB_METHOD(shift)
ZB_METHOD(zm)
ZB_METHOD(div)
ZB_METHOD(geom)
ZB_METHOD(ldiv)
ZB_METHOD(ldivbf)

#ifdef ZBENCH_HAVE_CALLGRIND
/* The loop alone, for the instruction counts' baseline. */
static ZB_NOINLINE u64 thr_loop(const struct zb_ctx *cp, const u64 *in,
				size_t n)
{
	u64 sum = 0;
	size_t i;

	(void)cp;
	for (i = 0; i < n; i++)
		sum += in[i];
	return sum;
}
#endif

#define ZB_ROW(m)							\
	{								\
		{ thr_##m##_zone_no, lat_##m##_zone_no },		\
		{ thr_##m##_zone_offset, lat_##m##_zone_offset },	\
		{ thr_##m##_is_aligned, lat_##m##_is_aligned },		\
		{ thr_##m##_roundup, lat_##m##_roundup },		\
	}

static const zb_kernel_fn kernels[NR_METHODS][NR_OPS][NR_LOOPS] = {
	[M_SHIFT] = ZB_ROW(shift),
	[M_ZMATH] = ZB_ROW(zm),
	[M_DIV] = ZB_ROW(div),
	[M_GEOM] = ZB_ROW(geom),
	[M_LDIV] = ZB_ROW(ldiv),
	[M_LDIVBF] = ZB_ROW(ldivbf),
};

/* One method's operation on one position, for the checks. */
static u64 zb_apply(enum zb_method m, enum zb_op op, const struct zb_ctx *c,
		    u64 pos)
{
	static u64 (*const fns[NR_METHODS][NR_OPS])(const struct zb_ctx *,
						    u64) = {
		[M_SHIFT] = { shift_zone_no, shift_zone_offset,
			      shift_is_aligned, shift_roundup },
		[M_ZMATH] = { zm_zone_no, zm_zone_offset,
			      zm_is_aligned, zm_roundup },
		[M_DIV] = { div_zone_no, div_zone_offset,
			    div_is_aligned, div_roundup },
		[M_GEOM] = { geom_zone_no, geom_zone_offset,
			     geom_is_aligned, geom_roundup },
		[M_LDIV] = { ldiv_zone_no, ldiv_zone_offset,
			     ldiv_is_aligned, ldiv_roundup },
		[M_LDIVBF] = { ldivbf_zone_no, ldivbf_zone_offset,
			       ldivbf_is_aligned, ldivbf_roundup },
	};

	return fns[m][op](c, pos);
}

/*
 * The reference, written apart from every method: / and %, round-up as
 * (q + 1) zones when that product fits in 64 bits.
 */
static u64 zb_ref(enum zb_op op, u64 pos, u64 zone_size)
{
	u64 q = pos / zone_size, r = pos % zone_size;

	switch (op) {
	case OP_ZONE_NO:
		return q;
	case OP_ZONE_OFFSET:
		return r;
	case OP_IS_ALIGNED:
		return r == 0;
	case OP_ROUNDUP:
		if (!r)
			return pos;
		return q + 1 > UINT64_MAX / zone_size ? 0 :
		       (q + 1) * zone_size;
	default:
		abort();
	}
}

/* The same loops as the kernels, on the reference. */
static u64 zb_ref_sum(enum zb_op op, enum zb_loop loop, u64 zone_size,
		      const u64 *in, size_t n)
{
	u64 sum = 0, pos, res;
	size_t i;

	if (loop == L_THR) {
		for (i = 0; i < n; i++)
			sum += zb_ref(op, in[i], zone_size);
		return sum;
	}
	pos = in[0];
	for (i = 1; i <= n; i++) {
		res = zb_ref(op, pos, zone_size);
		sum += res;
		pos = op == OP_ROUNDUP ? in[i] + (res - pos) : in[i] + res;
	}
	return sum;
}

/**
 * struct zb_cfg - one timed kernel: a method, an operation, a loop, a zone
 * @method: the method
 * @op: the operation
 * @loop: the loop
 * @unit: the unit of the zone size and positions
 * @zone: index in zones[]
 * @fn: the kernel
 * @expect: the reference checksum of one call
 * @reps: calls per sample
 * @samples: ns per operation, one per round
 * @med: median of @samples
 * @min: minimum of @samples
 * @max: maximum of @samples
 * @insn: instructions per operation from --insn, or negative if unknown
 */
struct zb_cfg {
	enum zb_method method;
	enum zb_op op;
	enum zb_loop loop;
	enum zb_unit unit;
	unsigned int zone;
	zb_kernel_fn fn;
	u64 expect;
	unsigned long reps;
	double *samples;
	double med, min, max;
	double insn;
};

static struct zb_ctx ctxs[NR_UNITS][NR_ZONES];
static u64 *inputs[NR_UNITS][NR_ZONES];
static struct zb_cfg *cfgs;
static size_t nr_cfgs;

static size_t opt_n = ZB_DEF_N;
static unsigned int opt_rounds = ZB_DEF_ROUNDS;
static unsigned int opt_target_us = ZB_DEF_TARGET_US;
static u64 opt_seed = 0x5eedfaceULL;
static int opt_cpu = -1;
static const char *opt_csv;
static const char *opt_insn;
static int opt_count;
static int opt_long;

static void __attribute__((noreturn, format(printf, 1, 2)))
zb_die(const char *fmt, ...)
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

static void *zb_calloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb, size);

	if (!p)
		zb_die("out of memory");
	return p;
}

/* xorshift64*: reproducible positions from --seed. */
static u64 zb_rand(u64 *state)
{
	u64 x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* Read through a volatile, so the compiler cannot fold the zone size. */
static u64 zb_opaque(u64 v)
{
	volatile u64 x = v;

	return x;
}

static u64 zb_zone_size(unsigned int z, enum zb_unit unit)
{
	const struct zb_zone *zone = &zones[z];

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
 * Positions: uniform over ZB_NR_ZONES zones, so that every zone size sees
 * quotients of the same width, one in ZB_ALIGNED_ONE_IN an exact zone start.
 */
static u64 *zb_make_inputs(u64 zone_size, u64 *state)
{
	u64 *in = zb_calloc(opt_n + 1, sizeof(*in));
	u64 span = zone_size * ZB_NR_ZONES;
	size_t i;

	for (i = 0; i <= opt_n; i++) {
		u64 r = zb_rand(state);

		if (r % ZB_ALIGNED_ONE_IN == 0)
			in[i] = (zb_rand(state) % ZB_NR_ZONES) * zone_size;
		else
			in[i] = zb_rand(state) % span;
	}
	return in;
}

static int zb_method_applies(enum zb_method m, unsigned int z)
{
	return m != M_SHIFT || z == ZB_PO2_ZONE;
}

/* Positions around every boundary that matters, for the exactness check. */
static size_t zb_edge_cases(u64 zs, u64 *state, u64 *out, size_t max)
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
		u64 q = zb_rand(state) % (UINT64_MAX / zs);

		out[n++] = q * zs;
		out[n++] = q * zs + 1;
		out[n++] = q * zs - 1;
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
			       method_names[m], op_names[op], pos[i],
			       c->zone_size, unit_names[u], got, want);
	}
}

/*
 * Check every method, every operation, on every input and edge case,
 * against the reference.
 */
static void zb_check_exact(u64 *state)
{
	u64 edges[256];
	unsigned int u, z, m, op;
	size_t ne;

	for (u = 0; u < NR_UNITS; u++) {
		for (z = 0; z < NR_ZONES; z++) {
			const struct zb_ctx *c = &ctxs[u][z];

			ne = zb_edge_cases(c->zone_size, state, edges,
					   ZB_ARRAY_SIZE(edges));
			for (m = 0; m < NR_METHODS; m++) {
				if (!zb_method_applies(m, z))
					continue;
				for (op = 0; op < NR_OPS; op++) {
					zb_check_one(m, op, u, c,
						     inputs[u][z], opt_n + 1);
					zb_check_one(m, op, u, c, edges, ne);
				}
			}
		}
	}
}

static void zb_add_cfg(enum zb_unit u, enum zb_op op, enum zb_loop l,
		       unsigned int z, enum zb_method m)
{
	struct zb_cfg *cf = &cfgs[nr_cfgs++];

	cf->method = m;
	cf->op = op;
	cf->loop = l;
	cf->unit = u;
	cf->zone = z;
	cf->fn = kernels[m][op][l];
	cf->expect = zb_ref_sum(op, l, ctxs[u][z].zone_size, inputs[u][z],
				opt_n);
	cf->samples = zb_calloc(opt_rounds, sizeof(double));
	cf->insn = -1;
}

static void zb_build_cfgs(void)
{
	unsigned int u, z, m, op, l;

	cfgs = zb_calloc(NR_UNITS * NR_ZONES * NR_METHODS * NR_OPS * NR_LOOPS,
			 sizeof(*cfgs));
	/* Grouped by unit, op and loop: a group is timed back to back. */
	for (u = 0; u < NR_UNITS; u++)
		for (op = 0; op < NR_OPS; op++)
			for (l = 0; l < NR_LOOPS; l++)
				for (z = 0; z < NR_ZONES; z++)
					for (m = 0; m < NR_METHODS; m++)
						if (zb_method_applies(m, z))
							zb_add_cfg(u, op, l, z,
								   m);
}

static double zb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Run one sample; abort if any call's checksum differs from the reference. */
static double zb_run(struct zb_cfg *cf, unsigned long reps)
{
	const struct zb_ctx *c = &ctxs[cf->unit][cf->zone];
	const u64 *in = inputs[cf->unit][cf->zone];
	unsigned long r;
	u64 bad = 0;
	double t0, t1;

	t0 = zb_now_ns();
	for (r = 0; r < reps; r++) {
		u64 sum = cf->fn(c, in, opt_n);

		zb_barrier();
		bad |= sum ^ cf->expect;
	}
	t1 = zb_now_ns();
	if (bad)
		zb_die("MISMATCH: %s %s %s zone %llu"
		       " %s: checksum differs from / and %%",
		       method_names[cf->method], op_names[cf->op],
		       loop_names[cf->loop], c->zone_size,
		       unit_names[cf->unit]);
	return (t1 - t0) / ((double)reps * (double)opt_n);
}

static int zb_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void zb_shuffle(size_t *a, size_t n, u64 *state)
{
	size_t i, j, t;

	for (i = n; i > 1; i--) {
		j = zb_rand(state) % i;
		t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}

static double zb_median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), zb_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int zb_same_group(const struct zb_cfg *a, const struct zb_cfg *b)
{
	return a->unit == b->unit && a->op == b->op && a->loop == b->loop;
}

/*
 * Every round visits the groups (unit, op, loop) in a random order and,
 * inside a group, its kernels in a random order, back to back: the machine
 * is shared, and kernels compared with each other then see about the same
 * interference in the same round (see zb_paired()).
 */
static void zb_measure(u64 *state)
{
	size_t *order = zb_calloc(2 * nr_cfgs, sizeof(*order));
	size_t *groups = zb_calloc(nr_cfgs, sizeof(*groups));
	size_t *glen = zb_calloc(nr_cfgs, sizeof(*glen));
	double target = opt_target_us * 1000.0;
	double *tmp = zb_calloc(opt_rounds, sizeof(*tmp));
	size_t i, g, k, nr_groups = 0;
	unsigned int round;

	/* Warm up and calibrate: about --target-us per sample. */
	for (i = 0; i < nr_cfgs; i++) {
		double per_call;

		zb_run(&cfgs[i], 1);
		per_call = zb_run(&cfgs[i], 2) * (double)opt_n;
		cfgs[i].reps = (unsigned long)(target / per_call);
		if (cfgs[i].reps < 1)
			cfgs[i].reps = 1;
		if (!i || !zb_same_group(&cfgs[i - 1], &cfgs[i]))
			groups[nr_groups++] = i;
		glen[nr_groups - 1]++;
	}

	for (round = 0; round < opt_rounds; round++) {
		size_t *gorder = order;

		for (g = 0; g < nr_groups; g++)
			gorder[g] = g;
		zb_shuffle(gorder, nr_groups, state);
		for (g = 0; g < nr_groups; g++) {
			size_t first = groups[gorder[g]], n = glen[gorder[g]];
			size_t *idx = order + nr_groups;

			for (k = 0; k < n; k++)
				idx[k] = first + k;
			zb_shuffle(idx, n, state);
			for (k = 0; k < n; k++) {
				struct zb_cfg *cf = &cfgs[idx[k]];

				cf->samples[round] = zb_run(cf, cf->reps);
			}
		}
	}

	for (i = 0; i < nr_cfgs; i++) {
		struct zb_cfg *cf = &cfgs[i];

		memcpy(tmp, cf->samples, opt_rounds * sizeof(*tmp));
		cf->med = zb_median(tmp, opt_rounds);
		cf->min = tmp[0];
		cf->max = tmp[opt_rounds - 1];
	}
	free(tmp);
	free(glen);
	free(groups);
	free(order);
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
static double zb_paired(const struct zb_cfg *a, const struct zb_cfg *b)
{
	double *r = zb_calloc(opt_rounds, sizeof(*r));
	unsigned int i;
	double med;

	for (i = 0; i < opt_rounds; i++)
		r[i] = a->samples[i] / b->samples[i];
	med = zb_median(r, opt_rounds);
	free(r);
	return med;
}

static struct zb_cfg *zb_find(enum zb_method m, enum zb_op op,
			      enum zb_loop l, enum zb_unit u, unsigned int z)
{
	size_t i;

	for (i = 0; i < nr_cfgs; i++) {
		struct zb_cfg *cf = &cfgs[i];

		if (cf->method == m && cf->op == op && cf->loop == l &&
		    cf->unit == u && cf->zone == z)
			return cf;
	}
	return NULL;
}

/* Ratio to the raw shift: same operation, loop and unit, po2 zone size. */
static double zb_ratio(const struct zb_cfg *cf)
{
	const struct zb_cfg *base = zb_find(M_SHIFT, cf->op, cf->loop,
					    cf->unit, ZB_PO2_ZONE);

	return zb_paired(cf, base);
}

static const char *zb_arch(void)
{
	return sizeof(void *) == 4 ? "m32" : "64";
}

static void zb_print_tables(void)
{
	unsigned int u, op, l, z, m;

	printf("ns/op, median of %u rounds; [x] = ratio to shift at 128MiB "
	       "(same op, loop, unit),\nmedian over rounds of paired "
	       "samples; min and max of every figure in the CSV\n",
	       opt_rounds);
	for (u = 0; u < NR_UNITS; u++) {
		for (op = 0; op < NR_OPS; op++) {
			for (l = 0; l < NR_LOOPS; l++) {
				printf("\n%s, %s, %s\n%-8s", op_names[op],
				       loop_names[l], unit_names[u], "zone");
				for (m = 0; m < NR_METHODS; m++)
					printf(" %12s", method_names[m]);
				putchar('\n');
				for (z = 0; z < NR_ZONES; z++) {
					printf("%-8s", zones[z].label);
					for (m = 0; m < NR_METHODS; m++) {
						struct zb_cfg *cf;

						cf = zb_find(m, op, l, u, z);
						if (!cf) {
							printf(" %12s", "-");
							continue;
						}
						printf(" %5.2f [%4.2f]",
						       cf->med,
						       zb_ratio(cf));
					}
					putchar('\n');
				}
			}
		}
	}
}

static void zb_print_insn(void)
{
	unsigned int u, op, z, m;
	int any = 0;
	size_t i;

	for (i = 0; i < nr_cfgs; i++)
		any |= cfgs[i].insn >= 0;
	if (!any)
		return;
	printf("\ninstructions per op, throughput loop (callgrind; loop "
	       "overhead included)\n");
	for (u = 0; u < NR_UNITS; u++) {
		for (op = 0; op < NR_OPS; op++) {
			printf("\n%s, %s\n%-8s", op_names[op], unit_names[u],
			       "zone");
			for (m = 0; m < NR_METHODS; m++)
				printf(" %8s", method_names[m]);
			putchar('\n');
			for (z = 0; z < NR_ZONES; z++) {
				printf("%-8s", zones[z].label);
				for (m = 0; m < NR_METHODS; m++) {
					struct zb_cfg *cf;

					cf = zb_find(m, op, L_THR, u, z);
					if (!cf || cf->insn < 0)
						printf(" %8s", "-");
					else
						printf(" %8.2f", cf->insn);
				}
				putchar('\n');
			}
		}
	}
}

static void zb_print_long(void)
{
	size_t i;

	printf("\n%-8s %-7s %-11s %-10s %-7s %8s %8s %8s %6s %6s\n", "unit",
	       "zone", "op", "loop", "method", "median", "min", "max", "xshift",
	       "insn");
	for (i = 0; i < nr_cfgs; i++) {
		const struct zb_cfg *cf = &cfgs[i];

		printf("%-8s %-7s %-11s %-10s %-7s %8.3f %8.3f %8.3f %6.2f "
		       "%6.2f\n", unit_names[cf->unit], zones[cf->zone].label,
		       op_names[cf->op], loop_names[cf->loop],
		       method_names[cf->method], cf->med, cf->min, cf->max,
		       zb_ratio(cf), cf->insn);
	}
}

static void zb_write_csv(const char *path)
{
	FILE *f = fopen(path, "w");
	size_t i;

	if (!f)
		zb_die("%s: %s", path, strerror(errno));
	fprintf(f, "build,unit,zone,zone_size,op,loop,method,rounds,median_ns,"
		"min_ns,max_ns,ratio_shift,insn_per_op\n");
	for (i = 0; i < nr_cfgs; i++) {
		const struct zb_cfg *cf = &cfgs[i];

		fprintf(f, "%s,%s,%s,%llu,%s,%s,%s,%u,%.4f,%.4f,%.4f,"
			"%.4f,", zb_arch(), unit_names[cf->unit],
			zones[cf->zone].label,
			ctxs[cf->unit][cf->zone].zone_size, op_names[cf->op],
			loop_names[cf->loop], method_names[cf->method],
			opt_rounds, cf->med, cf->min, cf->max, zb_ratio(cf));
		if (cf->insn >= 0)
			fprintf(f, "%.2f\n", cf->insn);
		else
			fprintf(f, "\n");
	}
	if (fclose(f))
		zb_die("%s: %s", path, strerror(errno));
}

/* Read "unit,zone,op,method,insn" lines written by run.sh. */
static void zb_read_insn(const char *path)
{
	char line[256], unit[32], zone[32], op[32], method[32];
	FILE *f = fopen(path, "r");
	double insn;
	size_t i;

	if (!f)
		zb_die("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		for (i = 0; line[i]; i++)
			if (line[i] == ',')
				line[i] = ' ';
		if (sscanf(line, "%31s %31s %31s %31s %lf", unit, zone, op,
			   method, &insn) != 5)
			continue;
		for (i = 0; i < nr_cfgs; i++) {
			struct zb_cfg *cf = &cfgs[i];

			if (!strcmp(unit_names[cf->unit], unit) &&
			    !strcmp(zones[cf->zone].label, zone) &&
			    !strcmp(op_names[cf->op], op) &&
			    !strcmp(method_names[cf->method], method))
				cf->insn = insn;
		}
	}
	fclose(f);
}

static const char *zb_spread(const struct zb_cfg *a, const struct zb_cfg *b)
{
	/* Overlapping [min, max]: the difference is within this run's noise. */
	return a->min <= b->max && b->min <= a->max ?
	       "min-max ranges overlap" : "min-max ranges apart";
}

/**
 * zb_goal() - print one goal line
 * @what: the goal
 * @a: the kernel measured
 * @b: the kernel it is compared with
 * @limit: the largest ratio of @a to @b that meets the goal
 *
 * Return: 1 if met, else 0.
 */
static int zb_goal(const char *what, const struct zb_cfg *a,
		   const struct zb_cfg *b, double limit)
{
	double val = zb_paired(a, b);
	int ok = val <= limit;

	printf("  %-4s %-50s %5.2f <= %4.2f", ok ? "MET" : "MISS", what, val,
	       limit);
	if (!ok)
		printf("  (%.2f / %.2f ns; %s)", a->med, b->med,
		       zb_spread(a, b));
	putchar('\n');
	return ok;
}

static const char *zb_loop_short(enum zb_loop l)
{
	return l == L_THR ? "thr" : "lat";
}

/* npo2 geometry zone_no against shift, division and libdivide. */
static unsigned int zb_goals_npo2(enum zb_unit u, unsigned int z,
				  unsigned int *total)
{
	const char *un = unit_names[u], *zl = zones[z].label;
	const struct zb_cfg *g[NR_LOOPS], *d[NR_LOOPS], *sh, *ld, *ldbf, *best;
	unsigned int l, met = 0;
	char what[128];

	for (l = 0; l < NR_LOOPS; l++) {
		g[l] = zb_find(M_GEOM, OP_ZONE_NO, l, u, z);
		d[l] = zb_find(M_DIV, OP_ZONE_NO, l, u, z);
	}
	sh = zb_find(M_SHIFT, OP_ZONE_NO, L_THR, u, ZB_PO2_ZONE);
	snprintf(what, sizeof(what), "%s %s geom zone_no thr / shift", zl, un);
	met += zb_goal(what, g[L_THR], sh, 1.5);
	snprintf(what, sizeof(what), "%s %s geom zone_no thr / div", zl, un);
	met += zb_goal(what, g[L_THR], d[L_THR], 0.5);
	snprintf(what, sizeof(what), "%s %s geom zone_no lat / div", zl, un);
	met += zb_goal(what, g[L_LAT], d[L_LAT], 0.6);
	*total += 3;
	for (l = 0; l < NR_LOOPS; l++) {
		ld = zb_find(M_LDIV, OP_ZONE_NO, l, u, z);
		ldbf = zb_find(M_LDIVBF, OP_ZONE_NO, l, u, z);
		best = zb_paired(ld, ldbf) <= 1.0 ? ld : ldbf;
		snprintf(what, sizeof(what), "%s %s geom zone_no %s / %s", zl,
			 un, zb_loop_short(l), method_names[best->method]);
		met += zb_goal(what, g[l], best, 1.0);
		(*total)++;
	}
	return met;
}

/* The geometry at @z against @ref_method at @ref_zone, every op and loop. */
static unsigned int zb_goals_vs(enum zb_unit u, unsigned int z,
				enum zb_method ref_method,
				unsigned int ref_zone, double limit,
				unsigned int *total)
{
	unsigned int op, l, met = 0;
	char what[128];

	for (op = 0; op < NR_OPS; op++) {
		for (l = 0; l < NR_LOOPS; l++) {
			const struct zb_cfg *g, *r;

			g = zb_find(M_GEOM, op, l, u, z);
			r = zb_find(ref_method, op, l, u, ref_zone);
			snprintf(what, sizeof(what), "%s %s geom %s %s / %s",
				 zones[z].label, unit_names[u], op_names[op],
				 zb_loop_short(l), method_names[ref_method]);
			met += zb_goal(what, g, r, limit);
			(*total)++;
		}
	}
	return met;
}

static void zb_print_goals(void)
{
	unsigned int u, z, met = 0, total = 0;
	int m32 = sizeof(void *) == 4;

	printf("\ngoals (issue 8), %s build; ratio = median over rounds of "
	       "paired samples:\n", zb_arch());
	for (u = 0; u < NR_UNITS; u++) {
		if (m32) {
			/* -m32: the geometry never slower than division. */
			for (z = 0; z < NR_ZONES; z++)
				if (z != ZB_PO2_ZONE)
					met += zb_goals_vs(u, z, M_DIV, z, 1.0,
							   &total);
			continue;
		}
		for (z = 0; z < NR_ZONES; z++)
			if (z != ZB_PO2_ZONE)
				met += zb_goals_npo2(u, z, &total);
		/* po2 geometry: no regression against the shift. */
		met += zb_goals_vs(u, ZB_PO2_ZONE, M_SHIFT, ZB_PO2_ZONE, 1.1,
				   &total);
	}
	printf("goals met: %u of %u\n", met, total);
}

/* --count: callgrind dumps "zb:unit:zone:op:method:n" around each call. */
static void zb_count(void)
{
#ifdef ZBENCH_HAVE_CALLGRIND
	static const size_t lens[] = { ZB_COUNT_N1, ZB_COUNT_N2 };
	char label[128];
	size_t i, k;
	u64 sink = 0;

	if (opt_n < ZB_COUNT_N2)
		zb_die("--count needs -n %d or more", ZB_COUNT_N2);
	for (k = 0; k < ZB_ARRAY_SIZE(lens); k++) {
		snprintf(label, sizeof(label), "zb:-:-:loop:loop:%zu",
			 lens[k]);
		CALLGRIND_ZERO_STATS;
		sink += thr_loop(&ctxs[0][0], inputs[0][0], lens[k]);
		CALLGRIND_DUMP_STATS_AT(label);
	}
	for (i = 0; i < nr_cfgs; i++) {
		struct zb_cfg *cf = &cfgs[i];

		if (cf->loop != L_THR)
			continue;
		for (k = 0; k < ZB_ARRAY_SIZE(lens); k++) {
			/* Label first: only the call is between the two. */
			snprintf(label, sizeof(label), "zb:%s:%s:%s:%s:%zu",
				 unit_names[cf->unit], zones[cf->zone].label,
				 op_names[cf->op], method_names[cf->method],
				 lens[k]);
			CALLGRIND_ZERO_STATS;
			sink += cf->fn(&ctxs[cf->unit][cf->zone],
				       inputs[cf->unit][cf->zone], lens[k]);
			CALLGRIND_DUMP_STATS_AT(label);
		}
	}
	printf("count: %zu kernels, n %d and %d, sink %llu\n",
	       nr_cfgs / NR_LOOPS, ZB_COUNT_N1, ZB_COUNT_N2, sink);
#else
	zb_die("--count: built without valgrind/callgrind.h");
#endif
}

static void zb_usage(FILE *f)
{
	fprintf(f,
		"usage: zmath-bench [options]\n"
		"  --csv FILE      write every figure (median, min, max) as CSV\n"
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
			opt_count = 1;
			continue;
		}
		if (!strcmp(a, "--long")) {
			opt_long = 1;
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
			opt_csv = v;
		else if (!strcmp(a, "--insn"))
			opt_insn = v;
		else if (!strcmp(a, "--rounds"))
			opt_rounds = zb_num(v);
		else if (!strcmp(a, "--target-us"))
			opt_target_us = zb_num(v);
		else if (!strcmp(a, "-n"))
			opt_n = zb_num(v);
		else if (!strcmp(a, "--seed"))
			opt_seed = zb_num(v);
		else if (!strcmp(a, "--cpu"))
			opt_cpu = (int)zb_num(v);
		else
			zb_die("unknown option %s (see --help)", a);
	}
	if (opt_rounds < ZB_MIN_ROUNDS)
		zb_die("--rounds must be at least %d", ZB_MIN_ROUNDS);
	if (opt_n < 1 || opt_n > (1 << 24))
		zb_die("-n out of range");
	if (!opt_seed)
		opt_seed = 1;
}

static void zb_pin(void)
{
	cpu_set_t set;
	int cpu = opt_cpu >= 0 ? opt_cpu : sched_getcpu();

	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		fprintf(stderr, "zmath-bench: cannot pin to CPU %d: %s\n", cpu,
			strerror(errno));
	else
		opt_cpu = cpu;
}

int main(int argc, char **argv)
{
	u64 state;
	unsigned int u, z;

	zb_parse(argc, argv);
	state = opt_seed;
	for (u = 0; u < NR_UNITS; u++) {
		for (z = 0; z < NR_ZONES; z++) {
			u64 zs = zb_zone_size(z, u);

			zb_setup_ctx(&ctxs[u][z], zs);
			inputs[u][z] = zb_make_inputs(zs, &state);
		}
	}
	if (!zmath_is_po2(ctxs[0][ZB_PO2_ZONE].zone_size))
		zb_die("zone %u must be the power of 2", ZB_PO2_ZONE);

	zb_check_exact(&state);
	zb_build_cfgs();

	if (opt_count) {
		zb_count();
		return 0;
	}
	if (opt_insn)
		zb_read_insn(opt_insn);

	zb_pin();
	zb_measure(&state);

	printf("zmath-bench: %s build, %s, %zu kernels, %zu positions per "
	       "call, %u rounds, CPU %d\n", zb_arch(), __VERSION__, nr_cfgs,
	       opt_n, opt_rounds, opt_cpu);
	printf("all methods exact on %zu positions and edge cases per zone; "
	       "all checksums equal / and %%\n\n", opt_n + 1);
	zb_print_tables();
	zb_print_insn();
	if (opt_long)
		zb_print_long();
	zb_print_goals();
	if (opt_csv)
		zb_write_csv(opt_csv);
	return 0;
}
