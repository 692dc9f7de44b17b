#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# prepare.sh - make build/kernel/src a git tree of Debian's linux-source
# 6.1.192-3 (first commit tagged "pristine") with kernel/patches/series
# applied on branch "zmath", plus a worktree build/kernel/src-pristine.
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

check_base() {
	local deb
	deb=$(dpkg-query -W -f='${Version}' "$base_pkg" 2>/dev/null) ||
		die "package $base_pkg is not installed (apt-get install $base_pkg)"
	[ "$deb" = "$base_debver" ] ||
		die "$base_pkg is $deb, but the series is made for $base_debver; refusing"
	[ -f "$base_tarball" ] || die "$base_tarball missing"
}

extract() {
	local tmp=$kbuild/src.tmp ver date
	check_base
	rm -rf "$tmp" && mkdir -p "$tmp"
	log "extracting $base_tarball (about a minute)"
	tar -xJf "$base_tarball" -C "$tmp" --strip-components=1
	ver=$(kernel_version "$tmp")
	[ "$ver" = "$base_kver" ] ||
		die "tarball holds Linux $ver, the series is made for $base_kver; refusing"
	log "committing the pristine tree"
	git -C "$tmp" init -q -b pristine-base
	git -C "$tmp" config user.name "zmath developers"
	git -C "$tmp" config user.email "zmath@example.org"
	git -C "$tmp" add -A -f
	date=$(date -u -r "$base_tarball" +%Y-%m-%dT%H:%M:%SZ)
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git -C "$tmp" commit -q \
		-m "Linux $base_kver as in Debian $base_pkg $base_debver (pristine)"
	git -C "$tmp" tag -a pristine -m "Debian $base_pkg $base_debver"
	mv "$tmp" "$ksrc"
}

apply_series() {
	local p n=0
	git -C "$ksrc" checkout -q -B zmath pristine
	for p in $(series_list); do
		n=$((n + 1))
		log "git am $p"
		git -C "$ksrc" am -q --committer-date-is-author-date \
			"$kpatches/$p" || die "$p does not apply (tree left mid-am)"
	done
	echo "$(series_hash) $(git -C "$ksrc" rev-parse HEAD)" > "$stamp"
	log "branch zmath: pristine + $n patches"
}

mkdir -p "$kbuild"
[ -d "$ksrc/.git" ] || extract

# A tree from another base must never be reused.
git -C "$ksrc" tag -n1 -l pristine | grep -q "Debian $base_pkg $base_debver$" ||
	die "$ksrc is not Debian $base_pkg $base_debver; move it away"

if [ ! -d "$ksrc_pristine" ]; then
	log "adding worktree $ksrc_pristine at tag pristine"
	git -C "$ksrc" worktree add -q --detach "$ksrc_pristine" pristine
fi

want=$(series_hash)
read -r have tip 2>/dev/null < "$stamp" || have= tip=
head=$(git -C "$ksrc" rev-parse HEAD)
if [ "$want" = "$have" ]; then
	[ "$head" = "$tip" ] || log "note: zmath has unexported commits (export.sh)"
	log "up to date with kernel/patches/series"
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
