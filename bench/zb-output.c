// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zb-output.c - tables on stdout, the summary and per-round CSVs
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "zb-fatal.h"
#include "zb-kernels.h"
#include "zb-output.h"
#include "zb-run.h"
#include "zb-version.h"

#ifndef ZBENCH_CFLAGS
#define ZBENCH_CFLAGS	"unknown"
#endif
#ifndef ZBENCH_LAYOUT
#define ZBENCH_LAYOUT	"1"
#endif

/**
 * zb_arch() - the build, for tables and CSVs
 *
 * Return: "m32" for a 32-bit build, else "64".
 */
const char *zb_arch(void)
{
	return sizeof(void *) == 4 ? "m32" : "64";
}

static double zb_cycles(double ns)
{
	return ns * zb_freq_ghz;
}

/**
 * zb_print_header() - what was run, and that every method is exact
 */
void zb_print_header(void)
{
	printf("zmath-bench: %s build, layout %s, %s, %zu kernels, %zu "
	       "positions per call, %u rounds, CPU %d, %.2f GHz measured\n",
	       zb_arch(), ZBENCH_LAYOUT, __VERSION__, zb_nr_cfgs, zb_opt.n,
	       zb_opt.rounds, zb_opt.cpu, zb_freq_ghz);
	printf("all methods exact on %zu positions and edge cases per zone; "
	       "all checksums equal / and %%\n\n", zb_opt.n + 1);
}

static void zb_print_table(enum zb_unit u, enum zb_op op, enum zb_loop l)
{
	/* One-shot cells add the cycles, at the measured clock. */
	int one = l == L_ONE, width = one ? 19 : 12;
	unsigned int z, m;

	printf("\n%s, %s, %s%s\n%-8s", zb_op_names[op], zb_loop_names[l],
	       zb_unit_names[u], one ? " (ns [x] cycles)" : "", "zone");
	for (m = 0; m < NR_METHODS; m++)
		printf(" %*s", width, zb_method_names[m]);
	putchar('\n');
	for (z = 0; z < NR_ZONES; z++) {
		printf("%-8s", zb_zones[z].label);
		for (m = 0; m < NR_METHODS; m++) {
			struct zb_cfg *cf = zb_find(m, op, l, u, z);

			if (!cf) {
				printf(" %*s", width, "-");
				continue;
			}
			printf(" %5.2f [%4.2f]", cf->med, zb_ratio(cf));
			if (one)
				printf(" %5.1fc", zb_cycles(cf->med));
		}
		putchar('\n');
	}
}

/**
 * zb_print_tables() - one table per unit, operation and loop
 */
void zb_print_tables(void)
{
	unsigned int u, op, l;

	printf("ns/op, median of %u rounds; [x] = ratio to shift at 128MiB "
	       "(same op, loop, unit),\nmedian over rounds of paired "
	       "samples; min and max of every figure in the CSV\n",
	       zb_opt.rounds);
	for (u = 0; u < NR_UNITS; u++)
		for (op = 0; op < NR_OPS; op++)
			for (l = 0; l < NR_LOOPS; l++)
				zb_print_table(u, op, l);
}

/**
 * zb_print_insn() - instructions per operation, when --insn gave them
 */
void zb_print_insn(void)
{
	unsigned int u, op, z, m;
	int any = 0;
	size_t i;

	for (i = 0; i < zb_nr_cfgs; i++)
		any |= zb_cfgs[i].insn >= 0;
	if (!any)
		return;
	printf("\ninstructions per op, throughput loop (callgrind; loop "
	       "overhead included)\n");
	for (u = 0; u < NR_UNITS; u++) {
		for (op = 0; op < NR_OPS; op++) {
			printf("\n%s, %s\n%-8s", zb_op_names[op],
			       zb_unit_names[u], "zone");
			for (m = 0; m < NR_METHODS; m++)
				printf(" %8s", zb_method_names[m]);
			putchar('\n');
			for (z = 0; z < NR_ZONES; z++) {
				printf("%-8s", zb_zones[z].label);
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

/**
 * zb_print_long() - one line per kernel, with min and max
 */
void zb_print_long(void)
{
	size_t i;

	printf("\n%-8s %-7s %-11s %-10s %-7s %8s %8s %8s %6s %6s\n", "unit",
	       "zone", "op", "loop", "method", "median", "min", "max", "xshift",
	       "insn");
	for (i = 0; i < zb_nr_cfgs; i++) {
		const struct zb_cfg *cf = &zb_cfgs[i];

		printf("%-8s %-7s %-11s %-10s %-7s %8.3f %8.3f %8.3f %6.2f "
		       "%6.2f\n", zb_unit_names[cf->unit],
		       zb_zones[cf->zone].label, zb_op_names[cf->op],
		       zb_loop_names[cf->loop], zb_method_names[cf->method],
		       cf->med, cf->min, cf->max, zb_ratio(cf), cf->insn);
	}
}

static FILE *zb_open(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		zb_die("%s: %s", path, strerror(errno));
	return f;
}

static void zb_close(FILE *f, const char *path)
{
	if (fclose(f))
		zb_die("%s: %s", path, strerror(errno));
}

/* The row's key columns: unit, zone and its size, op, loop, method. */
static void zb_key(FILE *f, const struct zb_cfg *cf)
{
	fprintf(f, "%s,%s,%llu,%s,%s,%s", zb_unit_names[cf->unit],
		zb_zones[cf->zone].label,
		zb_ctxs[cf->unit][cf->zone].zone_size, zb_op_names[cf->op],
		zb_loop_names[cf->loop], zb_method_names[cf->method]);
}

/**
 * zb_write_csv() - the summary CSV: one row per kernel
 * @path: where
 */
void zb_write_csv(const char *path)
{
	FILE *f = zb_open(path);
	size_t i;

	fprintf(f, "build,unit,zone,zone_size,op,loop,method,rounds,median_ns,"
		"min_ns,max_ns,ratio_shift,insn_per_op,q1_ns,q3_ns,"
		"cycles_per_op\n");
	for (i = 0; i < zb_nr_cfgs; i++) {
		const struct zb_cfg *cf = &zb_cfgs[i];

		fprintf(f, "%s,", zb_arch());
		zb_key(f, cf);
		fprintf(f, ",%u,%.4f,%.4f,%.4f,%.4f,", zb_opt.rounds,
			cf->med, cf->min, cf->max, zb_ratio(cf));
		if (cf->insn >= 0)
			fprintf(f, "%.2f", cf->insn);
		fprintf(f, ",%.4f,%.4f,%.2f\n", cf->q1, cf->q3,
			zb_cycles(cf->med));
	}
	zb_close(f, path);
}

/* The "model name" line of /proc/cpuinfo, or "unknown". */
static void zb_cpu_model(char *buf, size_t size)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256], *v;

	snprintf(buf, size, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		v = strchr(line, ':');
		if (strncmp(line, "model name", 10) || !v)
			continue;
		v += strspn(v, ": \t");
		v[strcspn(v, "\n")] = '\0';
		snprintf(buf, size, "%s", v);
		break;
	}
	fclose(f);
}

/**
 * zb_write_samples() - the per-round CSV, for bench/goals.py
 * @path: where
 *
 * "#" lines tell where the samples come from; then one row per kernel and
 * round, with the clock measured in that round.
 */
void zb_write_samples(const char *path)
{
	FILE *f = zb_open(path);
	char cpu[128];
	unsigned int r;
	size_t i;

	zb_cpu_model(cpu, sizeof(cpu));
	fprintf(f, "# zmath-bench per-round samples\n# cpu: %s\n"
		"# ghz: %.3f (median over rounds; dependent adds)\n"
		"# compiler: %s\n# cflags: %s\n# seed: %llu\n# git: %s\n"
		"# build: %s\n# layout: %s\n",
		cpu, zb_freq_ghz, __VERSION__, ZBENCH_CFLAGS, zb_opt.seed,
		ZBENCH_GIT, zb_arch(), ZBENCH_LAYOUT);
	fprintf(f, "build,layout,seed,unit,zone,zone_size,op,loop,method,"
		"round,ns_per_op,ghz\n");
	for (i = 0; i < zb_nr_cfgs; i++) {
		const struct zb_cfg *cf = &zb_cfgs[i];

		for (r = 0; r < zb_opt.rounds; r++) {
			fprintf(f, "%s,%s,%llu,", zb_arch(), ZBENCH_LAYOUT,
				zb_opt.seed);
			zb_key(f, cf);
			fprintf(f, ",%u,%.4f,%.3f\n", r, cf->samples[r],
				zb_freq_samples[r]);
		}
	}
	zb_close(f, path);
}

/**
 * zb_read_insn() - read "unit,zone,op,method,insn" lines written by run.sh
 * @path: the file
 */
void zb_read_insn(const char *path)
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
		for (i = 0; i < zb_nr_cfgs; i++) {
			struct zb_cfg *cf = &zb_cfgs[i];

			if (!strcmp(zb_unit_names[cf->unit], unit) &&
			    !strcmp(zb_zones[cf->zone].label, zone) &&
			    !strcmp(zb_op_names[cf->op], op) &&
			    !strcmp(zb_method_names[cf->method], method))
				cf->insn = insn;
		}
	}
	fclose(f);
}
