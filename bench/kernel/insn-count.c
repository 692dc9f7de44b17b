// SPDX-License-Identifier: GPL-2.0-only
/*
 * insn-count.c - a QEMU TCG plugin for bench/kernel/profile.sh: how many
 * times each instruction of the guest kernel's text executes.
 *
 *   -plugin insn-count.so,base=ADDR,size=BYTES,out=FILE
 *
 * Each instruction in [ADDR, ADDR + BYTES) gets a counter of its own,
 * incremented by an inline add that QEMU emits in front of it when it
 * translates the block, so an instruction counts each time it starts,
 * wherever its block is left (an interrupt, a fault).  Instructions outside
 * that range share two counters: "user" for the lower half of the address
 * space, "other" for the rest of the kernel's half (modules, the vsyscall
 * page).  No -singlestep, no log: a boot runs at close to its usual speed.
 * At exit FILE gets the two totals, then "ADDRESS COUNT" (hex, decimal) for
 * each instruction that ran.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static uint64_t text_base, text_size;
static uint64_t *counts;		/* one per byte of text */
static uint64_t user_count, other_count;
static char *out_path;		/* QEMU frees argv after install */

static uint64_t *counter_of(uint64_t vaddr)
{
	if (vaddr - text_base < text_size)
		return &counts[vaddr - text_base];
	if (vaddr < 0x8000000000000000ULL)
		return &user_count;
	return &other_count;
}

static void translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	const enum qemu_plugin_op add = QEMU_PLUGIN_INLINE_ADD_U64;
	size_t i, n = qemu_plugin_tb_n_insns(tb);

	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t *counter = counter_of(qemu_plugin_insn_vaddr(insn));

		qemu_plugin_register_vcpu_insn_exec_inline(insn, add, counter,
							   1);
	}
}

static void write_counts(qemu_plugin_id_t id, void *data)
{
	FILE *f = fopen(out_path, "w");
	uint64_t i;

	if (!f) {
		perror(out_path);
		return;
	}
	fprintf(f, "user %" PRIu64 "\nother %" PRIu64 "\n", user_count,
		other_count);
	for (i = 0; i < text_size; i++)
		if (counts[i])
			fprintf(f, "%" PRIx64 " %" PRIu64 "\n", text_base + i,
				counts[i]);
	if (fclose(f))
		perror(out_path);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "base=", 5))
			text_base = strtoull(argv[i] + 5, NULL, 0);
		else if (!strncmp(argv[i], "size=", 5))
			text_size = strtoull(argv[i] + 5, NULL, 0);
		else if (!strncmp(argv[i], "out=", 4))
			out_path = strdup(argv[i] + 4);
		else
			break;
	}
	if (i < argc || !text_base || !text_size || !out_path) {
		fprintf(stderr,
			"insn-count: usage: base=ADDR,size=BYTES,out=FILE\n");
		return -1;
	}
	counts = calloc(text_size, sizeof(*counts));
	if (!counts) {
		fprintf(stderr, "insn-count: no memory for %" PRIu64
			" counters\n", text_size);
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	qemu_plugin_register_atexit_cb(id, write_counts, NULL);
	return 0;
}
