/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * zt-cli.h - the command line every zmath tool shares
 *
 * Options every tool takes (-h/--help, -V/--version, -v/--verbose), the
 * operands ([VERB] DEVICE), numbers in options with one wording of their
 * errors, how a tool that writes opens its device: exclusively, as
 * blkzone does, unless -f/--force, and the exit status of every tool.
 */
#ifndef ZT_CLI_H
#define ZT_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <linux/zmath.h>

/* The number of entries of a table: options, verbs, cases. */
#define ZT_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Exit codes of every tool. */
enum {
	ZT_EXIT_OK = 0,		/* done, or the check holds */
	ZT_EXIT_FAIL = 1,	/* I/O, device or check failure */
	ZT_EXIT_USAGE = 2,	/* bad arguments, refused before any I/O */
};

/* -v/--verbose, once or more: say what is done to the device on stderr */
extern unsigned int zt_verbose;

#define ZT_CLI_COMMON_SHORTOPTS	"hVv"
#define ZT_CLI_COMMON_LONGOPTS					\
	{ "help", no_argument, NULL, 'h' },			\
	{ "version", no_argument, NULL, 'V' },			\
	{ "verbose", no_argument, NULL, 'v' }

/*
 * The zone options that zmath-zone and zmath-zns share, with one meaning:
 * -c/--count, -a/--all, -f/--force, --force-unchecked, -j/--json, --csv
 * and --check. A tool numbers its own long-only options from
 * ZT_OPT_TOOL_FIRST.
 */
enum {
	ZT_OPT_CSV = 256,
	ZT_OPT_CHECK,
	ZT_OPT_FORCE_UNCHECKED,
	ZT_OPT_TOOL_FIRST,
};

#define ZT_CLI_ZONE_LONGOPTS						\
	{ "count", required_argument, NULL, 'c' },			\
	{ "all", no_argument, NULL, 'a' },				\
	{ "force", no_argument, NULL, 'f' },				\
	{ "force-unchecked", no_argument, NULL, ZT_OPT_FORCE_UNCHECKED },\
	{ "json", no_argument, NULL, 'j' },				\
	{ "csv", no_argument, NULL, ZT_OPT_CSV },			\
	{ "check", no_argument, NULL, ZT_OPT_CHECK }

typedef void (*zt_usage_fn)(FILE *out);

int zt_cli_try_help(const char *prog);
int zt_cli_common_opt(int c, const char *prog, zt_usage_fn usage);
int zt_cli_operands(const char *prog, int argc, char **argv,
		    const char **verb, const char **device);

/*
 * What a number in an option counts. Sizes are read as util-linux reads
 * them (zt_parse_size_ul()): a suffix multiplies the number, whatever it
 * counts, so that blkzone's -o 1M is sector 1048576.
 */
enum zt_num_kind {
	ZT_NUM_FLAG,	/* none: the option sets a bool */
	ZT_NUM_PLAIN,	/* a count or an id: decimal or 0x-hexadecimal */
	ZT_NUM_BYTES,	/* bytes; 1K = 1KiB = 1024, 1KB = 1000 */
	ZT_NUM_SECTORS,	/* 512-byte sectors; 1K = 1KiB = 1024 sectors */
	ZT_NUM_NVME,	/* an LBA or id as nvme-cli reads it: 010 is 8 */
};

int zt_cli_parse_num(const char *prog, const char *opt, const char *arg,
		     enum zt_num_kind kind, u64 *val);
int zt_cli_parse_num_range(const char *prog, const char *opt, const char *arg,
			   enum zt_num_kind kind, u64 min, u64 max, u64 *val);

#define ZT_CLI_NO_FIELD	((size_t)-1)

/**
 * struct zt_cli_opt - an option that sets a field of a tool's options
 * @c: its getopt_long() value
 * @name: its long name, for messages ("--offset")
 * @kind: what its number counts, or ZT_NUM_FLAG
 * @field: offsetof() the u64 it parses into, or of the bool it sets
 * @given: offsetof() a bool set when it is given, or ZT_CLI_NO_FIELD
 */
struct zt_cli_opt {
	int c;
	const char *name;
	enum zt_num_kind kind;
	size_t field;
	size_t given;
};

int zt_cli_option(const struct zt_cli_opt *table, size_t nr, int c,
		  const char *arg, const char *prog, void *opts,
		  zt_usage_fn usage);

int zt_cli_open_flags(bool writes, bool force);
void zt_cli_note_open(const char *prog, const char *path, int flags);
void zt_cli_busy_hint(const char *prog, int open_err);

#endif /* ZT_CLI_H */
