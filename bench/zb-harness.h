/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zb-harness.h - the steps of a run: inputs, exactness checks, the list of
 * kernels, instruction counts or timed rounds
 */
#ifndef ZB_HARNESS_H
#define ZB_HARNESS_H

void zb_setup(void);
void zb_check_exact(void);
void zb_build_cfgs(void);
void zb_count(void);
void zb_pin(void);
void zb_measure(void);

#endif /* ZB_HARNESS_H */
