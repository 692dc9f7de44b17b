#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# The repository must speak for itself: a reader has only its files, not
# the project's tracker, the stages its work went through, nor the
# machine it was built on.  Fail on any tracked file that names an issue
# by number, a stage of the work as the tracker counts and names them,
# or a build machine's absolute path (a clone under the machines' work
# folder, a user's home or root's).  Say what the code does instead.
# The patterns spell the tracker's words with a bracket, so that this
# file does not carry them either.
#
# git grep over the tracked files; outside a git checkout (a release
# tarball), grep over the source tree but build/.
#
#   vocabulary.sh [SOURCE_ROOT]
set -euo pipefail

top=$(cd "${1:-$(git rev-parse --show-toplevel)}" && pwd -P)
self=tests/vocabulary.sh	# the word list itself
patterns=(
	-e '\bissues? #?[0-9]+'
	-e '\bst[o]p #?[0-9]+'
	-e '\bthis st[o]p\b'
	-e '\bsess[i]ons?\b'
	-e 'moon[s]hot'
	-e '(^|[[:space:]"'\''`(=:])/(work|root)/'
	-e '/home/[a-z]'
)

# both greps exit 1 when nothing matches, 2 or more on an error
rc=0
if [ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$top" ]; then
	hits=$(git -C "$top" grep -n -o -I -i -E "${patterns[@]}" -- ":!$self") ||
		rc=$?
else
	hits=$(cd "$top" && grep -r -n -o -I -i -E "${patterns[@]}" \
		--exclude-dir=.git --exclude-dir=build --exclude="${self##*/}" .) ||
		rc=$?
	hits=$(printf '%s' "$hits" | sed 's|^\./||')
fi
[ "$rc" -le 1 ] || { echo "FAIL: grep exited $rc"; exit 1; }

if [ -n "$hits" ]; then
	echo "FAIL: words a reader of the repository alone cannot follow"
	echo "(an issue number, a stage of the work, a build machine's path):"
	echo "$hits"
	exit 1
fi
echo "ok: no issue numbers, work stages or build-machine paths in $top"
