#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# prepare.sh - make build/kernel/$KERNEL/src a git tree of Debian's
# linux-source-$KERNEL (first commit tagged "pristine") with
# kernel/patches/$KERNEL/series applied on branch "zmath", plus a worktree
# build/kernel/$KERNEL/src-pristine.
#
# Version policy: the series records the package version it was tested on.
# Another installed version (a security update, a fresh machine) is used
# with a warning if the series applies to it, and refused naming the patch
# that does not apply.  A tree extracted from another version is replaced.
#
# Idempotent: does nothing when the tree already carries the current series.
# When the series changed it resets to pristine and re-applies, unless the
# tree has commits or edits that export.sh has not written back (then it
# refuses; --force discards them).
set -euo pipefail
. "$(dirname "$0")/common.sh"

force=0
[ "${1:-}" = --force ] && force=1

stamp=$ksrc/.git/zmath-applied	# "<series hash> <tip commit>"
deb=$(installed_debver)
[ -n "$deb" ] || die "package $base_pkg is not installed (apt-get install $base_pkg)"
[ -f "$base_tarball" ] || die "$base_tarball missing (reinstall $base_pkg)"
recorded=$(recorded_debver)
[ -n "$recorded" ] || die "$kpatches/series has no '# Tested on: $base_pkg VERSION' line"
[ "$deb" = "$recorded" ] ||
	log "WARNING: $base_pkg is $deb, the series was tested on $recorded; trying it"

extract() {
	local tmp=$kbuild/src.tmp date
	rm -rf "$tmp" && mkdir -p "$tmp"
	# measured on 6.12: tree and git objects 2.2 GiB, pristine worktree
	# 1.7, objects of four builds 0.6
	need_space "$kbuild" 5 "extracting $base_pkg and building it"
	log "extracting $base_tarball (a minute or two)"
	tar -xJf "$base_tarball" -C "$tmp" --strip-components=1
	log "committing the pristine tree (Linux $(kernel_version "$tmp"))"
	git -C "$tmp" init -q -b pristine-base
	git -C "$tmp" config user.name "zmath developers"
	git -C "$tmp" config user.email "zmath@example.org"
	git -C "$tmp" config gc.auto 0
	git -C "$tmp" add -A -f
	date=$(date -u -r "$base_tarball" +%Y-%m-%dT%H:%M:%SZ)
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git -C "$tmp" commit -q \
		-m "Linux $(kernel_version "$tmp") as in Debian $base_pkg $deb (pristine)"
	git -C "$tmp" tag -a pristine -m "Debian $base_pkg $deb"
	mv "$tmp" "$ksrc"
}

apply_series() {
	local p n=0
	rm -f "$stamp"	# a half-applied series must never look current
	git -C "$ksrc" checkout -q -B zmath pristine
	for p in $(series_list); do
		n=$((n + 1))
		log "git am $p"
		# git am's "resolve it, then --continue" advice: not here.
		if ! git -C "$ksrc" am -q --committer-date-is-author-date \
			"$kpatches/$p" > /dev/null; then
			git -C "$ksrc" am --abort 2>/dev/null || true
			die "$p does not apply to $base_pkg $deb (the series was tested on $recorded)"
		fi
	done
	echo "$(series_hash) $(git -C "$ksrc" rev-parse HEAD)" > "$stamp"
	log "branch zmath: pristine + $n patches"
}

mkdir -p "$kbuild"
# A tree of another package version is replaced, never patched.
if [ -d "$ksrc/.git" ] &&
   [[ $(git -C "$ksrc" tag -n1 -l pristine) != *" Debian $base_pkg $deb" ]]; then
	log "$ksrc is not from $base_pkg $deb: moving it to $ksrc.old"
	rm -rf "$ksrc.old" "$ksrc_pristine" "$ksrc_bisect"
	mv "$ksrc" "$ksrc.old"
fi
[ -d "$ksrc/.git" ] || extract

if [ ! -d "$ksrc_pristine" ]; then
	need_space "$kbuild" 2 "the pristine worktree"
	log "adding worktree $ksrc_pristine at tag pristine"
	git -C "$ksrc" worktree prune
	git -C "$ksrc" worktree add -q --detach "$ksrc_pristine" pristine
fi

want=$(series_hash)
read -r have tip 2>/dev/null < "$stamp" || have= tip=
head=$(git -C "$ksrc" rev-parse HEAD)
if [ "$want" = "$have" ]; then
	[ "$head" = "$tip" ] || log "note: zmath has unexported commits (export.sh)"
	log "up to date with kernel/patches/$base/series"
	exit 0
fi
if [ $force = 0 ] && [ -n "$tip" ]; then
	[ "$head" = "$tip" ] ||
		die "zmath moved since the last apply; run export.sh, or --force"
	[ -z "$(git -C "$ksrc" status --porcelain -uno)" ] ||
		die "uncommitted edits in $ksrc; commit and export them, or --force"
fi
git -C "$ksrc" am --abort 2>/dev/null || true
git -C "$ksrc" reset -q --hard
apply_series
