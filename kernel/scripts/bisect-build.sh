#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# bisect-build.sh - build every prefix of the series of one base (x86_64)
# so that each patch is known to build on its own.  Uses its own worktree
# and object dir (build/kernel/$KERNEL/src-bisect, obj-bisect): each step
# only recompiles what the next patch touches.
#
#   [KERNEL=6.1] bisect-build.sh [--from N]   start at prefix N (1 = first)
set -euo pipefail
. "$(dirname "$0")/common.sh"

from=1
[ "${1:-}" = --from ] && from=$2
"$(dirname "$0")/prepare.sh"
mapfile -t commits < <(git -C "$ksrc" rev-list --reverse pristine..zmath)
[ ${#commits[@]} -gt 0 ] || die "the series is empty"
summary=
for i in $(seq "$from" ${#commits[@]}); do
	subj=$(git -C "$ksrc" log -1 --format=%s "${commits[$((i - 1))]}")
	log "prefix $i/${#commits[@]}: $subj"
	s=$SECONDS
	if "$(dirname "$0")/build.sh" --prefix "$i" >/dev/null; then
		r=ok
	else
		r=FAIL
	fi
	summary+=$(printf '\n%-4s %2d %4ds  %s' $r "$i" $((SECONDS - s)) "$subj")
	[ $r = ok ] || die "prefix $i does not build:$summary"
done
echo "prefix builds ($base, x86_64):$summary"
log "every prefix from $from builds"
