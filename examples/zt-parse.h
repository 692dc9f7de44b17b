/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-parse.h - numbers as the zmath tools read them
 *
 * Whole strings only: no sign, space, fraction or trailing character, so
 * that a number is always exact. Three readings, so that no user of the
 * tools the zmath tools follow is surprised: util-linux's counts (blkzone
 * -c) and sizes (strtosize()), and nvme-cli's numbers (strtoull() with
 * base 0).
 */
#ifndef ZT_PARSE_H
#define ZT_PARSE_H

#include <linux/zmath.h>

/* Number parsing: 0 on success, -EINVAL or -ERANGE. */
int zt_parse_u64(const char *s, u64 *val);
/* as strtoull(s, &end, 0): a leading 0 is octal (nvme-cli) */
int zt_parse_u64_c(const char *s, u64 *val);
/* util-linux's sizes: K or KiB powers of 1024, KB powers of 1000 */
int zt_parse_size_ul(const char *s, u64 *val);

#endif /* ZT_PARSE_H */
