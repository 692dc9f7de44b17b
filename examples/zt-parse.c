// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-parse.c - numbers as the zmath tools read them
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "zt-parse.h"

/*
 * Digits only: decimal, 0x-prefixed hexadecimal or, if @octal, 0-prefixed
 * octal, the bases strtoumax() reads with base 0. The end is returned.
 */
static int zt_parse_digits(const char *s, bool octal, u64 *val,
			   const char **end)
{
	unsigned int base = 10;
	u64 v = 0;
	const char *p = s;
	int digits = 0;

	if (!s)
		return -EINVAL;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (octal && p[0] == '0') {
		base = 8;
	}
	for (;; p++, digits++) {
		unsigned int d;

		if (*p >= '0' && *p <= '9')
			d = *p - '0';
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			d = *p - 'a' + 10;
		else if (base == 16 && *p >= 'A' && *p <= 'F')
			d = *p - 'A' + 10;
		else
			break;
		if (d >= base)
			break;
		if (v > (UINT64_MAX - d) / base)
			return -ERANGE;
		v = v * base + d;
	}
	if (!digits)
		return -EINVAL;
	*val = v;
	*end = p;
	return 0;
}

/* A whole string of digits, nothing before or after them. */
static int zt_parse_whole(const char *s, bool octal, u64 *val)
{
	const char *end;
	u64 v;
	int ret;

	ret = zt_parse_digits(s, octal, &v, &end);
	if (ret)
		return ret;
	if (*end)
		return -EINVAL;
	*val = v;
	return 0;
}

/**
 * zt_parse_u64() - parse a whole string as an unsigned 64-bit number
 * @s: the string: decimal, or hexadecimal with a 0x prefix; a leading 0
 *     is decimal, as util-linux reads counts (blkzone -c)
 * @val: where to store the number
 *
 * Signs, spaces, suffixes and trailing characters are refused.
 *
 * Return: 0, -EINVAL if @s is not a number, -ERANGE if it exceeds 2^64 - 1.
 */
int zt_parse_u64(const char *s, u64 *val)
{
	return zt_parse_whole(s, false, val);
}

/**
 * zt_parse_u64_c() - parse a whole string as strtoull(s, &end, 0) reads it
 * @s: the string: decimal, hexadecimal with a 0x prefix, or octal with a 0
 *     prefix, as nvme-cli reads its numbers (-n, -s)
 * @val: where to store the number
 *
 * Signs, spaces, suffixes and trailing characters are refused.
 *
 * Return: 0, -EINVAL if @s is not a number, -ERANGE if it exceeds 2^64 - 1.
 */
int zt_parse_u64_c(const char *s, u64 *val)
{
	return zt_parse_whole(s, true, val);
}

/**
 * zt_parse_size_ul() - parse a size as util-linux's strtosize() reads it
 * @s: a number as strtoumax() reads it with base 0 (decimal, 0x and
 *     hexadecimal digits, or 0 and octal digits), then nothing, or a
 *     suffix K, M, G, T, P, E, Z or Y (either case) alone or followed by
 *     "iB" for a power of 1024, or followed by "B" for a power of 1000
 *     (the B of either suffix in either case)
 * @val: where to store the number, multiplied by the suffix
 *
 * "96M" and "96MiB" are 96 * 2^20, "96MB" is 96 * 10^6, "010" is 8 and
 * "0x10K" is 16384, as blkzone, fallocate and every util-linux tool read
 * them; a bare "B" ("4096B") is refused, as util-linux refuses it. Unlike
 * util-linux, spaces, signs and fractions ("1.5G") are refused, so that
 * the number is always whole and exact.
 *
 * Return: 0, -EINVAL if @s is malformed, -ERANGE if it exceeds 2^64 - 1.
 */
int zt_parse_size_ul(const char *s, u64 *val)
{
	static const char letters[] = "KMGTPEZY";
	const char *end, *unit;
	unsigned int base = 1024, power;
	u64 v;
	int ret;

	ret = zt_parse_digits(s, true, &v, &end);
	if (ret)
		return ret;
	if (!*end) {
		*val = v;
		return 0;
	}
	unit = strchr(letters, toupper((unsigned char)*end));
	if (!unit)
		return -EINVAL;
	power = (unsigned int)(unit - letters) + 1;
	end++;
	if (end[0] == 'i' && (end[1] == 'B' || end[1] == 'b')) {
		end += 2;
	} else if (end[0] == 'B' || end[0] == 'b') {
		base = 1000;
		end++;
	}
	if (*end)
		return -EINVAL;
	for (; power; power--) {
		if (v > UINT64_MAX / base)
			return -ERANGE;
		v *= base;
	}
	*val = v;
	return 0;
}
