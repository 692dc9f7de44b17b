#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# checkpatch.sh - run the base tree's checkpatch.pl --strict on every patch of
# kernel/patches/$KERNEL/series, and kernel-doc on the headers the series
# adds.  Passes only with 0 errors, 0 warnings and 0 checks everywhere.
# checkpatch asks of every patch that adds a file whether MAINTAINERS needs
# updating; the question is answered here instead: every file the series
# adds must have a maintainer in the patched tree's MAINTAINERS.
#
#   [KERNEL=6.1] checkpatch.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

"$(dirname "$0")/prepare.sh"
cd "$ksrc"
# spdxcheck.py needs python3-ply: use the distribution python3
export PATH=/usr/bin:$PATH
bad=0
for p in $(series_list); do
	# The trees are extracted tarballs with no upstream history, so
	# checkpatch cannot look up the commits that Fixes: tags name: that
	# one check is left out (the IDs were checked by hand when written).
	out=$(scripts/checkpatch.pl --strict --show-types \
		--ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "$kpatches/$p" 2>&1) || true
	total=$(grep '^total:' <<< "$out" || echo "total: checkpatch did not finish")
	if [[ $total == "total: 0 errors, 0 warnings, 0 checks,"* ]]; then
		printf 'ok    %-60s %s\n' "$p" "${total#total: }"
	else
		printf 'FAIL  %-60s %s\n' "$p" "${total#total: }"
		grep -E '^(ERROR|WARNING|CHECK):|^#[0-9]+: FILE:' <<< "$out" | sed 's/^/      /'
		bad=$((bad + 1))
	fi
done

for f in $(git diff --name-only --diff-filter=A pristine..zmath); do
	# a maintainer of its own: not a list, not a keyword match, not THE
	# REST's, which gets every file nothing else covers
	if scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
		--nol --nokeywords -f "$f" 2>/dev/null |
		grep -v torvalds@ | grep -q '@'; then
		printf 'ok    %-60s has a maintainer\n' "$f"
	else
		printf 'FAIL  %-60s no MAINTAINERS entry covers it\n' "$f"
		bad=$((bad + 1))
	fi
done

for h in $(git diff --name-only --diff-filter=A pristine..zmath -- 'include/*.h'); do
	out=$(scripts/kernel-doc -none "$h" 2>&1) || true
	if [ -z "$out" ]; then
		printf 'ok    %-60s kernel-doc -none clean\n' "$h"
	else
		printf 'FAIL  %-60s kernel-doc -none\n%s\n' "$h" "$out"
		bad=$((bad + 1))
	fi
done
[ $bad = 0 ] || die "$bad file(s) not clean"
log "all clean"
