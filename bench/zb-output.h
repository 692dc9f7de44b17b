/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zb-output.h - a run's tables on stdout, its CSVs, and the instruction
 * counts it reads back
 */
#ifndef ZB_OUTPUT_H
#define ZB_OUTPUT_H

const char *zb_arch(void);
void zb_print_header(void);
void zb_print_tables(void);
void zb_print_insn(void);
void zb_print_long(void);
void zb_write_csv(const char *path);
void zb_write_samples(const char *path);
void zb_read_insn(const char *path);

#endif /* ZB_OUTPUT_H */
