#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Usage paths of one zmath tool, no device needed: --help, --version, bad
# options, the options every interface change brought (each accepted as far
# as the device, or refused with its message), and refusing what is not a
# zoned block device (or NVMe namespace).
# Usage: test-cli.sh PATH/TO/TOOL
set -euo pipefail

tool=$1
name=$(basename "$tool")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# check_run HOW STATUS PATTERN CMD...: run CMD; it must exit with STATUS,
# and PATTERN must be in its output (HOW "with") or nowhere in it ("without")
check_run() {
	how=$1 want=$2 pattern=$3
	shift 3
	set +e
	"$@" >"$tmp/out" 2>&1
	got=$?
	set -e
	found=without
	! grep -q -- "$pattern" "$tmp/out" || found=with
	if [ "$got" -ne "$want" ] || [ "$found" != "$how" ]; then
		echo "FAIL: $* -> exit $got (want $want, $how /$pattern/)"
		sed 's/^/  | /' "$tmp/out"
		fail=1
	else
		echo "ok: $* -> exit $got, $how /$pattern/"
	fi
}
# expect STATUS PATTERN CMD...: exit status and a pattern in its output
expect() { check_run with "$@"; }
# expect_without STATUS PATTERN CMD...: exit status, PATTERN not in output
expect_without() { check_run without "$@"; }

# expect_stdout CMD...: exit 0, nothing on stderr, and on stdout exactly
# what the test's stdin holds
expect_stdout() {
	cat >"$tmp/want"
	set +e
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	set -e
	if [ "$got" -ne 0 ] || [ -s "$tmp/err" ] ||
	   ! cmp -s "$tmp/want" "$tmp/out"; then
		echo "FAIL: $* -> exit $got (want 0 and this output)"
		diff -u "$tmp/want" "$tmp/out" | sed 's/^/  | /' || true
		sed 's/^/  ! /' "$tmp/err"
		fail=1
	else
		echo "ok: $* -> exit 0, output as expected"
	fi
}

# refused LINES PATTERN CMD...: exit 2, nothing on stdout, and LINES
# lines on stderr: the first holds PATTERN, a second is the line to --help
refused() {
	local lines=$1 try="Try '$name --help' for more information."
	pattern=$2
	shift 2
	set +e
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	set -e
	if [ "$got" -ne 2 ] || [ -s "$tmp/out" ] ||
	   [ "$(wc -l <"$tmp/err")" -ne "$lines" ] ||
	   ! head -n 1 "$tmp/err" | grep -q -- "$pattern" ||
	   { [ "$lines" -eq 2 ] && [ "$(tail -n 1 "$tmp/err")" != "$try" ]; }; then
		echo "FAIL: $* -> exit $got (want 2, /$pattern/, $lines line(s))"
		sed 's/^/  | /' "$tmp/out"
		sed 's/^/  ! /' "$tmp/err"
		fail=1
	else
		echo "ok: $* -> exit 2, /$pattern/, $lines line(s)"
	fi
}
# expect_usage PATTERN CMD...: a value refused: one line that holds PATTERN
expect_usage() { refused 1 "$@"; }
# expect_try PATTERN CMD...: a bad command line as util-linux's tools
# answer it: one line that holds PATTERN (getopt_long()'s own, or the
# tool's), then the line to --help
expect_try() { refused 2 "$@"; }

: >"$tmp/file"
: >"$tmp/noperm"
chmod 755 "$tmp"
chmod 000 "$tmp/noperm"
expect 0 "Usage:" "$tool" --help
# bad usage: one line on what is wrong and one to the help, not the help
expect_try "unrecognized option '--no-such-option'" "$tool" --no-such-option
expect_try "invalid option -- 'Q'" "$tool" -Q /dev/null
expect_try "option '--help' doesn't allow an argument" "$tool" --help=all
expect_try "no DEVICE given" "$tool"
expect_try "no DEVICE given" "$tool" -v
case "$name" in
zmath-zone | zmath-zns)
	expect_try "unexpected operand 'extra' (expected \[VERB\] DEVICE)" \
		"$tool" report /dev/null extra ;;
*)
	expect_try "unexpected operand 'extra' (expected one DEVICE)" \
		"$tool" /dev/null extra ;;
esac
# an option's argument missing at the end of the line, short and long
case "$name" in
zmath-zone) short=o long=offset ;;
zmath-zns) short=s long=start-lba ;;
zmath-write) short=z long=zone ;;
zmath-zonefs-mkfs) short=L long=label ;;
esac
expect_try "option requires an argument -- '$short'" "$tool" /dev/null -$short
expect_try "option '--$long' requires an argument" "$tool" /dev/null --$long
expect 1 "No such file" "$tool" "$tmp/missing"

# The long options --help lists, one a line.
help_long_options() {
	"$tool" --help | grep -oE -- '--[a-z][a-z0-9-]+' | sort -u
}

# Every option that takes a value names its unit in --help: the
# metavariable after it (alternatives split by |) is one of these words,
# on the line that describes it and wherever else it is shown. Which
# options take a value is what getopt_long() says without one.
units=" SECTOR SECTORS LBA LBAS BYTES ZONE ZONES APPENDS WRITES SECONDS NSID
	SEED LABEL LIST UUID MODE "
check_units() {
	local opt metas m n=0
	"$tool" --help >"$tmp/help"
	for opt in $(help_long_options); do
		"$tool" "$opt" </dev/null >/dev/null 2>"$tmp/err" || true
		grep -q "'$opt' requires an argument" "$tmp/err" || continue
		n=$((n + 1))
		metas=$(grep -oE -- "$opt [A-Z][A-Z|]*" "$tmp/help" |
			cut -d ' ' -f 2 | tr '|' ' ') || true
		if ! grep -qE -- "^ +(-[[:alnum:]], )?$opt [A-Z]" "$tmp/help"; then
			echo "FAIL: $name --help: $opt takes a value, its line names none"
			fail=1
			return
		fi
		for m in $metas; do
			[[ $units =~ [[:space:]]$m[[:space:]] ]] && continue
			echo "FAIL: $name --help: $opt $m: not a unit of" $units
			fail=1
			return
		done
	done
	echo "ok: $name --help names the unit of its $n options with a value"
}
check_units

# every tool: --version and -V print the version, -v is verbose
expect 0 "^$name (zmath) [0-9]" "$tool" --version
expect 0 "^$name (zmath) [0-9]" "$tool" -V
expect_without 0 "Usage:" "$tool" --version

case "$name" in
zmath-zns)
	expect 1 "not an NVMe namespace" "$tool" /dev/null
	expect 1 "not an NVMe namespace" "$tool" "$tmp/file"
	expect 1 "opening /dev/null read-only" "$tool" -v /dev/null
	expect 2 "unknown verb" "$tool" frobnicate /dev/null
	expect 2 "needs --start-lba" "$tool" reset /dev/null
	expect 2 "not a number" "$tool" reset --start-lba 12x /dev/null
	expect 2 "not a number" "$tool" reset -s 12x /dev/null
	# --start-lba and --all: the real conflict, not "needs"
	expect 2 "exclude each other" "$tool" reset --start-lba 0 --all /dev/null
	expect 2 "exclude each other" "$tool" finish -s 0 -a /dev/null
	expect 1 "not an NVMe namespace" "$tool" reset -s 0x30000 /dev/null
	expect 1 "not an NVMe namespace" "$tool" open --all /dev/null
	# -n/--namespace-id as nvme-cli: 1 to 0xfffffffe
	expect 2 "namespace-id 0: 1 to 4294967294" "$tool" -n 0 /dev/null
	expect 2 "namespace-id 4294967295: 1 to 4294967294" "$tool" \
		--namespace-id 0xffffffff /dev/null
	expect 2 "not a number" "$tool" -n one /dev/null
	# -n and -s read as nvme-cli reads them (strtoul() base 0): octal too
	expect_usage "namespace-id 4294967295: 1 to 4294967294" "$tool" \
		-n 037777777777 /dev/null
	expect_usage "namespace-id 0: 1 to 4294967294" "$tool" -n 00 /dev/null
	expect 1 "not an NVMe namespace" "$tool" reset \
		-s 01777777777777777777777 /dev/null
	expect_usage "--start-lba '08': not a number" "$tool" reset -s 08 \
		/dev/null
	expect_usage "--start-lba '1M': not a number" "$tool" reset -s 1M \
		/dev/null
	expect 1 "not an NVMe device" "$tool" -n 1 identify /dev/null
	# -c is the count (appends, zones reported); --check has no short form
	expect 2 "needs --zone" "$tool" append -c 8 /dev/null
	expect 2 "--count 0" "$tool" append --zone 1 -c 0 /dev/null
	expect 2 "--count 0" "$tool" report -c 0 /dev/null
	expect 1 "not an NVMe namespace" "$tool" report -s 0x30000 -c 1 /dev/null
	expect 2 "goes with report and append" "$tool" identify -c 1 /dev/null
	expect 2 "whole namespace" "$tool" report --check -c 1 /dev/null
	expect 2 "whole namespace" "$tool" report --check -s 1 /dev/null
	expect 2 "--json and --csv" "$tool" report --json --csv /dev/null
	# -f/--force: management and appends take the block device
	# exclusively unless forced
	expect 1 "read-write, exclusive" "$tool" -v reset --all /dev/null
	expect 1 "read-write, shared (--force)" "$tool" -v -f reset --all \
		/dev/null
	expect 1 "read-write, shared (--force)" "$tool" -v --force append \
		--zone 1 /dev/null
	expect 2 "goes with reset, open, close, finish and append" "$tool" \
		report -f /dev/null
	expect 2 "needs --zone" "$tool" append /dev/null
	expect 2 "--via" "$tool" append --zone 1 --via carrier-pigeon /dev/null
	;;
*)
	expect 1 "not a zoned block device" "$tool" /dev/null
	expect 1 "not a zoned block device" "$tool" "$tmp/file"
	expect 1 "opening /dev/null" "$tool" -v /dev/null
	;;
esac

# EACCES: as an unprivileged user, when we can become one. nobody may not
# reach the build tree (a clone in root's 0700 home), so it runs a copy of
# the tool, with a copy of each library it loads from the build tree or
# that nobody cannot read.
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	bin=$tmp/nobody
	mkdir "$bin"
	cp "$tool" "$bin/"
	# the copy loses a RUNPATH relative to the tool ($ORIGIN), so every
	# library from outside the system's folders goes with it
	for lib in $(ldd "$tool" 2>/dev/null |
		     awk '$2 == "=>" && $3 ~ /^\// { print $3 }'); do
		case $lib in
		/lib/* | /lib64/* | /usr/*) as_nobody test -r "$lib" ||
			cp "$lib" "$bin/" ;;
		*) cp "$lib" "$bin/" ;;
		esac
	done
	chmod 755 "$bin" "$bin"/*
	expect 1 "permission denied" as_nobody env LD_LIBRARY_PATH="$bin" \
		"$bin/$name" "$tmp/noperm"
else
	echo "skip: permission denied as nobody: needs root and setpriv"
fi

# geo ARGS...: zmath-zone geometry of 96 MiB zones on 1 TiB
geo() { "$tool" geometry --zone-size 96M --capacity 1T "$@"; }

# zmath-zone geometry: no device, bytes in and out
geometry_tests() {
	expect 0 "geometry --zone-size BYTES --capacity BYTES" "$tool" --help
	expect 0 "96MB = 96000000" "$tool" --help
	# 1 TiB of 96 MiB zones: 10922 of them and 64 MiB; 80 MiB writable
	# in each, 64 MiB in the last
	expect_stdout geo --zone-capacity 80M 0 5G <<-EOF
	zone size:         100663296 bytes (96 MiB), not a power of 2
	zone capacity:     83886080 bytes (80 MiB)
	capacity:          1099511627776 bytes (1 TiB)
	zones:             10923
	smaller last zone: 67108864 bytes (64 MiB)
	usable capacity:   916270874624 bytes (873824 MiB)
	position 0 bytes: zone 0, offset in zone 0 bytes, zone start 0 bytes, zone-aligned
	position 5368709120 bytes (5 GiB): zone 53, offset in zone 33554432 bytes (32 MiB), zone start 5335154688 bytes (5088 MiB), not zone-aligned
	EOF
	expect_stdout geo --zone-capacity 80M --json 0 5G <<-EOF
	{
	  "zone_size_bytes": 100663296,
	  "zone_capacity_bytes": 83886080,
	  "capacity_bytes": 1099511627776,
	  "po2": false,
	  "zmath_nr_zones": 10923,
	  "smaller_last_zone_bytes": 67108864,
	  "usable_capacity_bytes": 916270874624,
	  "positions": [
	    {"position_bytes": 0, "zone": 0, "offset_in_zone_bytes": 0, "zone_start_bytes": 0, "aligned": true},
	    {"position_bytes": 5368709120, "zone": 53, "offset_in_zone_bytes": 33554432, "zone_start_bytes": 5335154688, "aligned": false}
	  ]
	}
	EOF
	# no position, no smaller last zone: null; a zone capacity below
	# the last zone's size counts whole there (11 * 32 MiB)
	expect_stdout "$tool" geometry --json --zone-size 1G --capacity 11G \
		--zone-capacity 32MiB <<-EOF
	{
	  "zone_size_bytes": 1073741824,
	  "zone_capacity_bytes": 33554432,
	  "capacity_bytes": 11811160064,
	  "po2": true,
	  "zmath_nr_zones": 11,
	  "smaller_last_zone_bytes": null,
	  "usable_capacity_bytes": 369098752,
	  "positions": []
	}
	EOF
	expect 0 "^smaller last zone: none$" "$tool" geometry \
		--zone-size 1G --capacity 10G
	expect 0 "^usable capacity:   10737418240 bytes (10 GiB)$" "$tool" \
		geometry --zone-size 1G --capacity 10G
	# the zone capacity is the zone size unless given
	expect 0 "^zone capacity:     100663296 bytes (96 MiB)$" geo
	# one zone larger than the drive: a smaller last zone, capped
	expect 0 "^usable capacity:   1099511627776 bytes (1 TiB)$" "$tool" \
		geometry --zone-size 2T --capacity 1T --zone-capacity 1536G
	expect 0 "^zones:             1$" "$tool" geometry --zone-size 2TiB \
		--capacity 1TiB
	# decimal suffixes are powers of 1000, hexadecimal takes none
	expect 0 "^zone size:         96000000 bytes (93750 KiB), not" \
		"$tool" geometry --zone-size 96MB --capacity 1TB
	expect 0 "^capacity:          1000000000000 bytes" "$tool" geometry \
		--zone-size 96MB --capacity 1TB
	expect 0 "^zones:             10417$" "$tool" geometry \
		--zone-size 96MB --capacity 1TB
	expect 0 "position 196608 bytes (192 KiB): zone 2, offset in zone 0 bytes" \
		"$tool" geometry --zone-size 0x18000 --capacity 1M 0x30000
	# the last byte is a position, in the smaller last zone
	expect 0 "zone 10922, offset in zone 67108863 bytes," geo \
		1099511627775
	# 64-bit limits: 2^64 - 1 one-byte zones, and 2^64 - 1 itself
	expect 0 '"zmath_nr_zones": 18446744073709551615,' "$tool" geometry \
		--json --zone-size 1 --capacity 18446744073709551615
	expect 0 '"zone": 1, "offset_in_zone_bytes": 0, "zone_start_bytes": 9223372036854775808, "aligned": true' \
		"$tool" geometry --json --zone-size 9223372036854775808 \
		--capacity 0xffffffffffffffff 0x8000000000000000
	expect 0 "^smaller last zone: 9223372036854775807 bytes$" "$tool" \
		geometry --zone-size 8E --capacity 18446744073709551615

	# refused: one line, exit 2, nothing printed
	expect_usage "needs --zone-size and --capacity" "$tool" geometry \
		--zone-size 96M
	expect_usage "needs --zone-size and --capacity" "$tool" geometry \
		--capacity 1T
	expect_usage "--zone-size 0: a zone holds 1 byte or more" "$tool" \
		geometry --zone-size 0 --capacity 1T
	expect_usage "--zone-size 0:" "$tool" geometry --zone-size 0K \
		--capacity 1T
	expect_usage "--capacity 0: a drive of no bytes has no zones" \
		"$tool" geometry --zone-size 96M --capacity 0
	expect_usage "--zone-capacity 0: a zone holds 1 writable byte" \
		geo --zone-capacity 0
	expect_usage "--zone-capacity 100663297 bytes: more than the zone size, 100663296 bytes" \
		geo --zone-capacity 100663297
	expect_usage "--zone-capacity 101711872 bytes: more than" geo \
		--zone-capacity 97M
	expect_usage "--zone-size '16E': too large: at most 2^64 - 1 bytes" \
		"$tool" geometry --zone-size 16E --capacity 1T
	expect_usage "--capacity '99999999999999999999': too large" \
		"$tool" geometry --zone-size 96M --capacity 99999999999999999999
	expect_usage "--capacity '17179869184T': too large" "$tool" \
		geometry --zone-size 96M --capacity 17179869184T
	expect_usage "--capacity '18446744073709551616': too large" "$tool" \
		geometry --zone-size 96M --capacity 18446744073709551616
	expect_usage "--zone-capacity '19EB': too large" geo \
		--zone-capacity 19EB
	expect_usage "position '16E': too large" geo 16E
	expect_usage "--zone-size '96Q': not a size such as 96M" "$tool" \
		geometry --zone-size 96Q --capacity 1T
	expect_usage "--zone-size '96MiBx': not a size" "$tool" geometry \
		--zone-size 96MiBx --capacity 1T
	expect_usage "--capacity '-5': not a size" "$tool" geometry \
		--zone-size 96M --capacity -5
	expect_usage "--zone-size '': not a size" "$tool" geometry \
		--zone-size '' --capacity 1T
	expect_usage "--zone-capacity '1.5M': not a size" geo \
		--zone-capacity 1.5M
	expect_usage "--zone-size '0x10Q': not a size" "$tool" geometry \
		--zone-size 0x10Q --capacity 1T
	expect_usage "--zone-size '4096B': not a size" "$tool" geometry \
		--zone-size 4096B --capacity 1T
	# util-linux's octal and hexadecimal with a suffix
	expect 0 "^zone size:         16777216 bytes (16 MiB), a power" \
		"$tool" geometry --zone-size 0x10M --capacity 1T
	expect 0 "^zone size:         8192 bytes (8 KiB), a power" \
		"$tool" geometry --zone-size 010K --capacity 1T
	expect_usage "position '96Q': not a size" geo 0 96Q
	expect_usage "position '-5': not a size" geo -- -5
	expect 2 "invalid option -- '5'" geo -5
	expect_usage "position '': not a size" geo ''
	# positions are below the capacity, every one checked first
	expect_usage "position 1T (1099511627776 bytes): at or past the end of the capacity, 1099511627776 bytes; the last byte is 1099511627775" \
		geo 0 1T
	expect_usage "position 0x20000000000 (2199023255552 bytes): at or past" \
		geo 0x20000000000
	expect_usage "position 18446744073709551615 (18446744073709551615 bytes)" \
		geo 18446744073709551615
	# geometry opens no device, and its options are its own
	expect_usage "geometry opens no device" geo -o 0
	expect_usage "geometry opens no device" geo --check
	expect_usage "geometry opens no device" geo --all
	expect_usage "go with geometry" "$tool" report --zone-size 96M /dev/null
	expect_usage "go with geometry" "$tool" reset --all --capacity 1T \
		/dev/null
}

case "$name" in
zmath-zone)
	expect 1 "not a zoned block device" "$tool" report --check /dev/null
	expect 2 "unknown verb" "$tool" frobnicate /dev/null
	expect 2 "needs --offset SECTOR or --all" "$tool" reset /dev/null
	expect 2 "not a sector number" "$tool" reset --offset 0x /dev/null
	expect 2 "too large" "$tool" open --offset 18446744073709551616 /dev/null
	expect 2 "go with report" "$tool" reset --offset 0 --json /dev/null
	expect 2 "go with reset" "$tool" report --force-unchecked /dev/null
	# -o and -l are sector numbers as blkzone reads them: a suffix
	# multiplies the number of sectors (util-linux's strtosize()), -v
	# says which sector
	expect 1 "offset: sector 1048576 (byte 536870912)$" "$tool" -v reset \
		-o 1M /dev/null
	expect 1 "offset: sector 1048576 (byte 536870912)$" "$tool" -v reset \
		-o 1MiB /dev/null
	expect 1 "offset: sector 1000000 (byte 512000000)$" "$tool" -v reset \
		-o 1MB /dev/null
	expect 1 "offset: sector 196608 (byte 100663296)$" "$tool" -v reset \
		-o 0x30000 /dev/null
	expect 1 "offset: sector 8 (byte 4096)$" "$tool" -v reset -o 010 \
		/dev/null
	expect 1 "length: 2097152 sectors (1073741824 bytes)$" "$tool" -v \
		report -o 0 -l 2M /dev/null
	expect 1 "length: 2000000 sectors (1024000000 bytes)$" "$tool" -v \
		report -o 0 -l 2MB /dev/null
	# 2^64 - 1 is the last sector number, past the bytes 64 bits hold
	expect 1 "offset: sector 17293822569102704640$" "$tool" -v reset \
		-o 15E /dev/null
	expect_usage "--offset '16E': too large" "$tool" reset -o 16E /dev/null
	expect_usage "--length '19EB': too large" "$tool" reset -o 0 -l 19EB \
		/dev/null
	# a bare B, fractions: refused, as util-linux refuses the one and
	# would round the other
	expect_usage "--offset '4096B': not a sector number" "$tool" reset \
		-o 4096B /dev/null
	expect_usage "--offset '1.5M': not a sector number" "$tool" reset \
		-o 1.5M /dev/null
	expect_usage "--offset '96Q': not a sector number" "$tool" reset \
		-o 96Q /dev/null
	expect_usage "--length '08': not a sector number" "$tool" reset \
		-o 0 -l 08 /dev/null
	expect_without 1 "offset: sector" "$tool" reset -o 1M /dev/null
	# report: offset, length, count, one zone
	expect 1 "not a zoned block device" "$tool" report -o 96M -l 1G -c 1 \
		/dev/null
	expect 1 "not a zoned block device" "$tool" report --offset 0 \
		--count 1 /dev/null
	expect 2 "--count 0" "$tool" report -c 0 /dev/null
	expect 2 "whole device" "$tool" report --check -c 1 /dev/null
	expect 2 "whole device" "$tool" report --check -o 0 /dev/null
	expect 2 "--json and --csv" "$tool" report --json --csv /dev/null
	expect 1 "not a zoned block device" "$tool" report --csv /dev/null
	# management: --all, --count
	expect 1 "not a zoned block device" "$tool" reset --all /dev/null
	expect 1 "not a zoned block device" "$tool" finish -o 0 -c 2 /dev/null
	expect 2 "exclude each other" "$tool" reset --all -o 0 /dev/null
	expect 2 "exclude each other" "$tool" reset --all -c 1 /dev/null
	expect 2 "exclude each other" "$tool" reset -o 0 -l 8 -c 1 /dev/null
	# -f/--force: management opens the device exclusively unless forced
	expect 1 "read-write, exclusive" "$tool" -v reset --all /dev/null
	expect 1 "read-write, shared (--force)" "$tool" -v -f reset --all \
		/dev/null
	expect 1 "read-write, shared (--force)" "$tool" -v --force close -o 0 \
		/dev/null
	expect 1 "read-only" "$tool" -v report /dev/null
	expect 2 "go with reset" "$tool" report -f /dev/null
	geometry_tests
	;;
zmath-zonefs-mkfs)
	label=$(printf '%065d' 0)
	expect 2 "label too long" "$tool" -L "$label" /dev/null
	expect 2 "bad features" "$tool" -o aggr_cnv,perm=999 /dev/null
	expect 2 "bad features" "$tool" -o uid=-1 /dev/null
	expect 2 "bad UUID" "$tool" -U 1234 /dev/null
	expect 1 "read-write, exclusive" "$tool" -v -f /dev/null
	;;
zmath-write)
	expect 2 "multiple of 512" "$tool" --bs 1000 /dev/null
	expect 2 "1 to 4096" "$tool" --qd 0 /dev/null
	expect_usage "--size '1Q': not a size" "$tool" --size 1Q /dev/null
	# sizes as util-linux reads them: 1MB is 10^6 bytes, 1M 2^20
	expect_usage "--bs 1000000: a multiple of 512 bytes" "$tool" --bs 1MB \
		/dev/null
	expect 1 "not a zoned block device" "$tool" --bs 1M /dev/null
	expect_usage "--size 1000: a multiple of 512 bytes" "$tool" --size 1KB \
		/dev/null
	# -c/--count is the number of zones; -n/--nr-zones are gone
	expect 1 "not a zoned block device" "$tool" -c 3 /dev/null
	expect 1 "not a zoned block device" "$tool" --count 0 /dev/null
	expect 2 "not a number" "$tool" -c three /dev/null
	expect_try "invalid option -- 'n'" "$tool" -n 3 /dev/null
	expect_try "unrecognized option '--nr-zones'" "$tool" --nr-zones 3 \
		/dev/null
	# it writes: the device is taken exclusively unless -f/--force;
	# --finish has no short form
	expect 1 "read-write, exclusive" "$tool" -v /dev/null
	expect 1 "read-write, exclusive" "$tool" -v -r --finish /dev/null
	expect 1 "read-write, shared (--force)" "$tool" -v -f -r /dev/null
	expect 1 "read-write, shared (--force)" "$tool" -v --force /dev/null
	;;
esac

exit $fail
