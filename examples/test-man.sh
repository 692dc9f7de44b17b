#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# A tool's man page: it renders at 80 columns without a warning, by man
# (as a reader gets it) and by groff with every warning on, and it names
# every long option of the tool's --help, and no option the tool does not
# have, so that the two cannot drift apart.
# Usage: test-man.sh PATH/TO/TOOL PATH/TO/TOOL.1
set -euo pipefail

tool=$1
page=$2
name=$(basename "$tool")
for cmd in man groff; do
	if ! command -v "$cmd" >/dev/null; then
		echo "skip: $cmd is not installed (scripts/deps.sh build installs man-db and groff-base)"
		exit 77
	fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# render WHAT CMD...: CMD must succeed and say nothing on stderr
render() {
	local what=$1
	shift
	if ! "$@" >"$tmp/out" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
		echo "FAIL: $page: $what:"
		sed 's/^/  ! /' "$tmp/err"
		fail=1
	else
		echo "ok: $page: $what: no warning"
	fi
}
render "man --warnings at 80 columns" env LC_ALL=C.UTF-8 MANWIDTH=80 \
	man --warnings -E UTF-8 -l "$page"
[ -s "$tmp/out" ] || { echo "FAIL: $page: man rendered nothing"; fail=1; }
render "groff -man -ww" groff -man -ww -z -Tutf8 "$page"

# The long options of --help, and those the page names (\-\-name).
"$tool" --help | { grep -oE -- '--[a-z][a-z0-9-]+' || true; } |
	sort -u >"$tmp/help"
{ grep -oE -- '\\-\\-[a-z][a-z0-9\\-]*[a-z0-9]' "$page" || true; } |
	sed 's/\\//g' | sort -u >"$tmp/page"
[ -s "$tmp/help" ] || { echo "FAIL: $name --help lists no long option"; exit 1; }
missing=$(comm -23 "$tmp/help" "$tmp/page" | tr '\n' ' ')
extra=$(comm -13 "$tmp/help" "$tmp/page" | tr '\n' ' ')
if [ -n "$missing" ]; then
	echo "FAIL: $page lacks what $name --help lists: $missing"
	fail=1
fi
if [ -n "$extra" ]; then
	echo "FAIL: $page names what $name --help does not: $extra"
	fail=1
fi
[ -n "$missing$extra" ] ||
	echo "ok: $page names the $(wc -l <"$tmp/help") long options of $name --help, no other"
exit $fail
