/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zb-kernels.h - the methods, the operations and their timed kernels
 *
 * A method computes an operation on a position from the context of one
 * zone size; each (method, operation) pair is timed in three loops. What
 * every method must equal is zb_ref(): plain / and %.
 */
#ifndef ZB_KERNELS_H
#define ZB_KERNELS_H

#include <stddef.h>

#include <libdivide.h>
#include <linux/zmath.h>

#define ZB_NOINLINE		__attribute__((noinline))

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

extern const char *const zb_method_names[NR_METHODS];
extern const char *const zb_op_names[NR_OPS];
extern const char *const zb_loop_names[NR_LOOPS];

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

extern const zb_kernel_fn zb_kernels[NR_METHODS][NR_OPS][NR_LOOPS];
int zb_method_applies(enum zb_method m, enum zb_op op,
		      const struct zb_ctx *c);
u64 zb_apply(enum zb_method m, enum zb_op op, const struct zb_ctx *c,
	     u64 pos);
u64 zb_ref(enum zb_op op, u64 pos, u64 zone_size);
u64 zb_loop_only(const struct zb_ctx *cp, const u64 *in, size_t n);

#endif /* ZB_KERNELS_H */
