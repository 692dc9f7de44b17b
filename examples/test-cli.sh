#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Usage paths of one zmath tool, no device needed: --help, bad options,
# and refusing what is not a zoned block device (or NVMe namespace).
# Usage: test-cli.sh PATH/TO/TOOL
set -eu

tool=$1
name=$(basename "$tool")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# expect STATUS PATTERN CMD...: exit status and a pattern in its output
expect() {
	want=$1 pattern=$2
	shift 2
	set +e
	"$@" >"$tmp/out" 2>&1
	got=$?
	set -e
	if [ "$got" -ne "$want" ] || ! grep -q -- "$pattern" "$tmp/out"; then
		echo "FAIL: $* -> exit $got (want $want, /$pattern/)"
		sed 's/^/  | /' "$tmp/out"
		fail=1
	else
		echo "ok: $* -> exit $got"
	fi
}

: >"$tmp/file"
: >"$tmp/noperm"
chmod 755 "$tmp"
chmod 000 "$tmp/noperm"
expect 0 "Usage:" "$tool" --help
expect 2 "Usage:" "$tool" --no-such-option
expect 2 "expected" "$tool"
expect 1 "No such file" "$tool" "$tmp/missing"

case "$name" in
zmath-zns)
	expect 1 "not an NVMe namespace" "$tool" /dev/null
	expect 1 "not an NVMe namespace" "$tool" "$tmp/file"
	expect 2 "unknown verb" "$tool" frobnicate /dev/null
	expect 2 "needs --lba" "$tool" reset /dev/null
	expect 2 "not a number" "$tool" reset --lba 12x /dev/null
	expect 2 "needs --zone" "$tool" append /dev/null
	expect 2 "--via" "$tool" append --zone 1 --via carrier-pigeon /dev/null
	;;
*)
	expect 1 "not a zoned block device" "$tool" /dev/null
	expect 1 "not a zoned block device" "$tool" "$tmp/file"
	;;
esac

# EACCES: as an unprivileged user, when we can become one
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	expect 1 "permission denied" setpriv --reuid=65534 --regid=65534 \
		--clear-groups "$tool" "$tmp/noperm"
fi

case "$name" in
zmath-zone)
	expect 1 "not a zoned block device" "$tool" report --check /dev/null
	expect 2 "unknown verb" "$tool" frobnicate /dev/null
	expect 2 "needs --offset" "$tool" reset /dev/null
	expect 2 "not a number" "$tool" reset --offset 0x /dev/null
	expect 2 "too large" "$tool" open --offset 18446744073709551616 /dev/null
	expect 2 "go with report" "$tool" reset --offset 0 --json /dev/null
	expect 2 "go with reset" "$tool" report --offset 0 /dev/null
	;;
zmath-zonefs-mkfs)
	label=$(printf '%065d' 0)
	expect 2 "label too long" "$tool" -L "$label" /dev/null
	expect 2 "bad features" "$tool" -o aggr_cnv,perm=999 /dev/null
	expect 2 "bad features" "$tool" -o uid=-1 /dev/null
	expect 2 "bad UUID" "$tool" -U 1234 /dev/null
	;;
zmath-write)
	expect 2 "multiple of 512" "$tool" --bs 1000 /dev/null
	expect 2 "1 to 4096" "$tool" --qd 0 /dev/null
	expect 2 "not a number" "$tool" --size 1Q /dev/null
	;;
esac

exit $fail
