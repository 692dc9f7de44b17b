// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * abi-layout.c - struct zmath_geom's layout is ABI: a program's inline
 * helpers read what libzmath.so's zmath_geom_init() wrote. Its size and
 * field offsets as a header gives them, against libzmath/ABI.md's table,
 * at compile time: <zmath.h>, or <linux/zmath.h> with
 * ZMATH_KERNEL_HEADER. abi-diff.sh holds the library's to the release.
 */
#ifdef ZMATH_KERNEL_HEADER
#include <linux/zmath.h>
#else
#include <zmath.h>
#endif
#include <assert.h>
#include <stddef.h>

#define FIELD(name, offset, size)					\
	static_assert(offsetof(struct zmath_geom, name) == (offset),	\
		      "offset of " #name);				\
	static_assert(sizeof(((struct zmath_geom *)0)->name) == (size),	\
		      "size of " #name)

FIELD(zone_size, 0, 8);
FIELD(magic, 8, 8);
FIELD(inverse, 16, 8);
FIELD(max_zone_no, 24, 8);
FIELD(pre_shift, 32, 4);
FIELD(post_shift, 36, 4);
FIELD(round_down, 40, 1);
FIELD(div32, 44, 4);
FIELD(div32_shift, 48, 4);

/*
 * 52 bytes of fields, padded to the struct's alignment, that of a 64-bit
 * integer: 4 bytes on x86-32, 8 on the other machines built here.
 */
#ifdef __i386__
static_assert(_Alignof(struct zmath_geom) == 4, "alignment on x86-32");
static_assert(sizeof(struct zmath_geom) == 52, "size on x86-32");
#else
static_assert(_Alignof(struct zmath_geom) == 8, "alignment");
static_assert(sizeof(struct zmath_geom) == 56, "size");
#endif

int main(void)
{
	return 0;
}
