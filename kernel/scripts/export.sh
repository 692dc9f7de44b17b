#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# export.sh - write the commits pristine..zmath of build/kernel/$KERNEL/src
# back to kernel/patches/$KERNEL/ as NNNN-subsystem-summary.patch and
# regenerate the series file below its header (the leading comment lines,
# "# Tested on:" among them).  The hand-written cover letter
# (0000-cover-letter.patch) is kept.
#
#   [KERNEL=6.1] export.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

[ -d "$ksrc/.git" ] || die "no tree at $ksrc (run prepare.sh)"
git -C "$ksrc" rev-parse -q --verify zmath >/dev/null || die "no branch zmath"
[ -z "$(git -C "$ksrc" status --porcelain -uno)" ] ||
	die "uncommitted edits in $ksrc; commit them first"
[ -f "$kpatches/series" ] || die "no $kpatches/series: write its header first"
header=$(awk '!/^#/ {exit} {print}' "$kpatches/series")
grep -q "^# Tested on: $base_pkg " <<< "$header" ||
	die "the header of $kpatches/series has no '# Tested on: $base_pkg VERSION' line"

n=$(git -C "$ksrc" rev-list --count pristine..zmath)
log "exporting $n commits of pristine..zmath"
find "$kpatches" -name '[0-9][0-9][0-9][0-9]-*.patch' \
	! -name '0000-cover-letter.patch' -delete
git -C "$ksrc" format-patch -q --no-signature --zero-commit \
	--filename-max-length=80 \
	-o "$kpatches" pristine..zmath

{
	printf '%s\n' "$header"
	(cd "$kpatches" && ls [0-9][0-9][0-9][0-9]-*.patch |
		grep -v '^0000-cover-letter.patch$')
} > "$kpatches/series.new"
mv "$kpatches/series.new" "$kpatches/series"

# Refresh the generated tail of the cover letter: patch count, shortlog
# and diffstat, below the hand-written text.
cover=$kpatches/0000-cover-letter.patch
if [ -f "$cover" ]; then
	awk '/^[^ \t].* \([0-9]+\):$/ {exit} {print}' "$cover" |
		sed "s|^Subject: \[PATCH 0/[0-9]*\]|Subject: [PATCH 0/$n]|" > "$cover.new"
	{
		git -C "$ksrc" shortlog pristine..zmath
		git -C "$ksrc" diff --stat=72 --summary pristine zmath
		printf '\n-- \n'
	} >> "$cover.new"
	mv "$cover.new" "$cover"
fi

# The tree now matches the series: tell prepare.sh not to re-apply it.
echo "$(series_hash) $(git -C "$ksrc" rev-parse zmath)" > "$ksrc/.git/zmath-applied"
series_list | sed 's/^/  /' >&2
log "series written to $kpatches/series"
