#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Usage paths of one zmath tool, no device needed: --help, --version, bad
# options, the options every interface change brought (each accepted as far
# as the device, or refused with its message), and refusing what is not a
# zoned block device (or NVMe namespace).
# Usage: test-cli.sh PATH/TO/TOOL
set -eu

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

: >"$tmp/file"
: >"$tmp/noperm"
chmod 755 "$tmp"
chmod 000 "$tmp/noperm"
expect 0 "Usage:" "$tool" --help
expect 2 "Usage:" "$tool" --no-such-option
expect 2 "expected" "$tool"
expect 1 "No such file" "$tool" "$tmp/missing"

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
# the tool, with a copy of each library it loads that nobody cannot read.
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	bin=$tmp/nobody
	mkdir "$bin"
	cp "$tool" "$bin/"
	for lib in $(ldd "$tool" 2>/dev/null |
		     awk '$2 == "=>" && $3 ~ /^\// { print $3 }'); do
		as_nobody test -r "$lib" || cp "$lib" "$bin/"
	done
	chmod 755 "$bin" "$bin"/*
	expect 1 "permission denied" as_nobody env LD_LIBRARY_PATH="$bin" \
		"$bin/$name" "$tmp/noperm"
else
	echo "skip: permission denied as nobody: needs root and setpriv"
fi

case "$name" in
zmath-zone)
	expect 1 "not a zoned block device" "$tool" report --check /dev/null
	expect 2 "unknown verb" "$tool" frobnicate /dev/null
	expect 2 "needs --offset SECTOR or --all" "$tool" reset /dev/null
	expect 2 "not a number" "$tool" reset --offset 0x /dev/null
	expect 2 "too large" "$tool" open --offset 18446744073709551616 /dev/null
	expect 2 "go with report" "$tool" reset --offset 0 --json /dev/null
	expect 2 "go with reset" "$tool" report --force-unchecked /dev/null
	# positions and lengths: sectors, or bytes with a size suffix
	expect 1 "not a zoned block device" "$tool" reset -o 96M /dev/null
	expect 1 "not a zoned block device" "$tool" reset -o 0x30000 -l 1G \
		/dev/null
	expect 2 "not a multiple of 512 bytes" "$tool" reset -o 1000B /dev/null
	expect 2 "not a number" "$tool" reset -o 96Q /dev/null
	expect 2 "too large" "$tool" reset -l 16777216T /dev/null
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
	expect 2 "not a number" "$tool" --size 1Q /dev/null
	# -c/--count is the number of zones; -n/--nr-zones are gone
	expect 1 "not a zoned block device" "$tool" -c 3 /dev/null
	expect 1 "not a zoned block device" "$tool" --count 0 /dev/null
	expect 2 "not a number" "$tool" -c three /dev/null
	expect 2 "Usage:" "$tool" -n 3 /dev/null
	expect 2 "Usage:" "$tool" --nr-zones 3 /dev/null
	# it writes: the device is taken exclusively unless -f/--force;
	# --finish has no short form
	expect 1 "read-write, exclusive" "$tool" -v /dev/null
	expect 1 "read-write, exclusive" "$tool" -v -r --finish /dev/null
	expect 1 "read-write, shared (--force)" "$tool" -v -f -r /dev/null
	expect 1 "read-write, shared (--force)" "$tool" -v --force /dev/null
	;;
esac

exit $fail
