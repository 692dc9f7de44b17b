// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-cli.c - the command line every zmath tool shares
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "zt-cli.h"
#include "zt-parse.h"

#ifndef ZT_VERSION
#define ZT_VERSION "unknown"
#endif

unsigned int zt_verbose;

/* Why a number was refused, by what it counts; --help lists every suffix. */
static const char *const zt_num_hint[] = {
	[ZT_NUM_FLAG] = "not a number",
	[ZT_NUM_PLAIN] = "not a number (decimal or 0x-hexadecimal)",
	[ZT_NUM_BYTES] = "not a size such as 96M or 96MiB (96 * 2^20 bytes), 96MB (96 * 10^6)",
	[ZT_NUM_SECTORS] = "not a sector number such as 196608, 0x30000 or 1M (sector 2^20; 1MB is sector 10^6)",
	[ZT_NUM_NVME] = "not a number (decimal, 0x-hexadecimal or 0-prefixed octal)",
};

/**
 * zt_cli_try_help() - after a bad command line, point to the help
 * @prog: the program name
 *
 * The line util-linux's tools print after getopt_long()'s own message or
 * their one line on what is wrong, instead of the whole help.
 *
 * Return: ZT_EXIT_USAGE.
 */
int zt_cli_try_help(const char *prog)
{
	fprintf(stderr, "Try '%s --help' for more information.\n", prog);
	return ZT_EXIT_USAGE;
}

/**
 * zt_cli_common_opt() - handle an option that every tool takes
 * @c: what getopt_long() returned, outside the tool's own options
 * @prog: the program name
 * @usage: prints the tool's help
 *
 * -h prints the help, -V the version, -v raises the verbosity; anything
 * else is a bad option or a missing argument, which getopt_long() has
 * already named in one line: the line to the help follows it.
 *
 * Return: -1 to go on parsing, else the exit status to return with.
 */
int zt_cli_common_opt(int c, const char *prog, zt_usage_fn usage)
{
	switch (c) {
	case 'h':
		usage(stdout);
		return ZT_EXIT_OK;
	case 'V':
		printf("%s (zmath) %s\n", prog, ZT_VERSION);
		return ZT_EXIT_OK;
	case 'v':
		zt_verbose++;
		return -1;
	default:
		return zt_cli_try_help(prog);
	}
}

/**
 * zt_cli_operands() - the operands left after the options
 * @prog: the program name
 * @argc: main()'s argc, with optind past the options
 * @argv: main()'s argv
 * @verb: where to store VERB, left as it is when only DEVICE is given; NULL
 *        for a tool that takes no verb
 * @device: where to store DEVICE
 *
 * Return: ZT_EXIT_OK, or ZT_EXIT_USAGE after saying in one line what is
 * missing or too much, and the line to the help.
 */
int zt_cli_operands(const char *prog, int argc, char **argv,
		    const char **verb, const char **device)
{
	int left = argc - optind, max = verb ? 2 : 1;

	if (!left) {
		fprintf(stderr, "%s: no DEVICE given\n", prog);
		return zt_cli_try_help(prog);
	}
	if (left > max) {
		fprintf(stderr, "%s: unexpected operand '%s' (expected %s)\n",
			prog, argv[optind + max],
			verb ? "[VERB] DEVICE" : "one DEVICE");
		return zt_cli_try_help(prog);
	}
	if (left == 2)
		*verb = argv[optind++];
	*device = argv[optind];
	return ZT_EXIT_OK;
}

/**
 * zt_cli_parse_num() - parse the number of an option, or say why not
 * @prog: the program name
 * @opt: the option, as the user knows it ("--offset")
 * @arg: its argument
 * @kind: what the number counts
 * @val: where to store it
 *
 * Return: 0, or a negative errno after printing why @arg was refused.
 */
int zt_cli_parse_num(const char *prog, const char *opt, const char *arg,
		     enum zt_num_kind kind, u64 *val)
{
	const char *what = zt_num_hint[kind];
	int ret;

	if (kind == ZT_NUM_BYTES || kind == ZT_NUM_SECTORS)
		ret = zt_parse_size_ul(arg, val);
	else if (kind == ZT_NUM_NVME)
		ret = zt_parse_u64_c(arg, val);
	else
		ret = zt_parse_u64(arg, val);
	if (!ret)
		return 0;
	if (ret == -ERANGE)
		what = kind == ZT_NUM_BYTES ?
		       "too large: at most 2^64 - 1 bytes (16 EiB - 1)" :
		       "too large: at most 2^64 - 1";
	fprintf(stderr, "%s: %s '%s': %s\n", prog, opt, arg, what);
	return ret;
}

/**
 * zt_cli_parse_num_range() - parse the number of an option within bounds
 * @prog: the program name
 * @opt: the option, as the user knows it ("--qd")
 * @arg: its argument
 * @kind: what the number counts
 * @min: the smallest number it takes
 * @max: the largest
 * @val: where to store it
 *
 * Return: 0, or a negative errno after printing why @arg was refused: not a
 * number, or not within [@min, @max].
 */
int zt_cli_parse_num_range(const char *prog, const char *opt, const char *arg,
			   enum zt_num_kind kind, u64 min, u64 max, u64 *val)
{
	int ret = zt_cli_parse_num(prog, opt, arg, kind, val);

	if (ret)
		return ret;
	if (*val < min || *val > max) {
		fprintf(stderr, "%s: %s %llu: %llu to %llu\n", prog, opt, *val,
			min, max);
		return -ERANGE;
	}
	return 0;
}

/**
 * zt_cli_option() - handle an option from a tool's table, or a common one
 * @table: the tool's options that set a field
 * @nr: how many
 * @c: what getopt_long() returned
 * @arg: the option's argument (optarg)
 * @prog: the program name
 * @opts: the tool's options, whose fields the table names
 * @usage: prints the tool's help
 *
 * Return: -1 to go on parsing, else the exit status to return with (after
 * saying what is wrong with @arg, or printing the help or the version).
 */
int zt_cli_option(const struct zt_cli_opt *table, size_t nr, int c,
		  const char *arg, const char *prog, void *opts,
		  zt_usage_fn usage)
{
	const struct zt_cli_opt *o;
	char *base = opts;

	for (o = table; o < table + nr && o->c != c; o++)
		;
	if (o == table + nr)
		return zt_cli_common_opt(c, prog, usage);
	if (o->kind == ZT_NUM_FLAG)
		*(bool *)(base + o->field) = true;
	else if (zt_cli_parse_num(prog, o->name, arg, o->kind,
				  (u64 *)(base + o->field)))
		return ZT_EXIT_USAGE;
	if (o->given != ZT_CLI_NO_FIELD)
		*(bool *)(base + o->given) = true;
	return -1;
}

/**
 * zt_cli_open_flags() - how a tool opens its device
 * @writes: the tool writes to the device or changes its zones
 * @force: -f/--force was given
 *
 * A tool that writes takes the device exclusively, as blkzone does, so that
 * the kernel refuses it (EBUSY) while a filesystem is mounted on it or
 * another program holds it exclusively; --force shares it.
 *
 * Return: open(2) flags.
 */
int zt_cli_open_flags(bool writes, bool force)
{
	if (!writes)
		return O_RDONLY;
	return force ? O_RDWR : O_RDWR | O_EXCL;
}

/**
 * zt_cli_note_open() - with -v, say how the device is opened
 * @prog: the program name
 * @path: the device
 * @flags: the open(2) flags
 */
void zt_cli_note_open(const char *prog, const char *path, int flags)
{
	if (!zt_verbose)
		return;
	if ((flags & O_ACCMODE) == O_RDONLY)
		fprintf(stderr, "%s: opening %s read-only\n", prog, path);
	else if (flags & O_EXCL)
		fprintf(stderr, "%s: opening %s read-write, exclusive (O_EXCL)\n",
			prog, path);
	else
		fprintf(stderr, "%s: opening %s read-write, shared (--force)\n",
			prog, path);
}

/**
 * zt_cli_busy_hint() - after an exclusive open failed, name the way out
 * @prog: the program name
 * @open_err: the errno of the failed open
 */
void zt_cli_busy_hint(const char *prog, int open_err)
{
	if (open_err == EBUSY)
		fprintf(stderr,
			"%s: nothing was changed; --force opens it anyway, at the risk of the data of whoever holds it\n",
			prog);
}
