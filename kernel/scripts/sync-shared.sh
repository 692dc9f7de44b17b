#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# sync-shared.sh - copy the files that every series carries byte for byte
# (kernel/shared-files: libzmath's zmath.h and zmath.c, the case table and
# the KUnit suite) into the patch that adds them, rebase the rest of the
# series on it and re-export.
# One base at a time: [KERNEL=6.1] sync-shared.sh.
set -euo pipefail
. "$(dirname "$0")/common.sh"

"$(dirname "$0")/prepare.sh"
declare -A copy=()
while read -r src dst; do
	copy[$dst]=$src
done < <(shared_files)
stale=0
for dst in "${!copy[@]}"; do
	cmp -s "$top/${copy[$dst]}" "$ksrc/$dst" || stale=1
done
[ $stale = 1 ] || { log "shared files already in sync"; exit 0; }
[ -z "$(git -C "$ksrc" status --porcelain -uno)" ] ||
	die "uncommitted edits in $ksrc; commit them first"

c=$(git -C "$ksrc" log --format=%H --diff-filter=A pristine..zmath -- include/linux/zmath.h)
[ -n "$c" ] || die "no commit of pristine..zmath adds include/linux/zmath.h"
log "amending $(git -C "$ksrc" log -1 --format=%s "$c")"
git -C "$ksrc" checkout -q zmath
GIT_SEQUENCE_EDITOR="sed -i '1s/^pick/edit/'" git -C "$ksrc" rebase -q -i "$c^"
for dst in "${!copy[@]}"; do
	cp "$top/${copy[$dst]}" "$ksrc/$dst"
	git -C "$ksrc" add -f "$dst"
done
git -C "$ksrc" commit -q --amend --no-edit
GIT_EDITOR=true git -C "$ksrc" rebase --continue >/dev/null || die "rebase stopped: resolve it in $ksrc"
"$(dirname "$0")/export.sh"
