// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * fuzz-zmath.c - libFuzzer differential target for zmath.h
 *
 * Each input is a position and a zone size (16 bytes, little endian, shorter
 * inputs are zero-padded); both layers must agree with / and %. Build with
 * clang -fsanitize=fuzzer; the test suite runs it for a bounded time.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/zmath.h>
#include "zmath-oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static u64 load_le64(const uint8_t *p)
{
	u64 v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t buf[16] = { 0 };
	struct zmath_geom g;
	u64 pos, zone_size;
	char why[128];

	memcpy(buf, data, size < sizeof(buf) ? size : sizeof(buf));
	pos = load_le64(buf);
	zone_size = load_le64(buf + 8);
	if (zmath_geom_init(&g, zone_size) != (zone_size ? 0 : -EINVAL))
		abort();
	if (zmath_oracle_check(pos, zone_size, zone_size ? &g : NULL, why,
			       sizeof(why))) {
		fprintf(stderr, "pos %llu zone_size %llu: %s\n",
			(unsigned long long)pos,
			(unsigned long long)zone_size, why);
		abort();
	}
	return 0;
}
