#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# A reader follows what a Markdown file points to: fail on any relative
# link ([text](path), [text](path#anchor), [text](#anchor)) whose file is
# not in the tree or whose anchor is not a heading of that file (GitHub's
# slugs), and on any path into the tree named in the text or in its code
# (`kernel/qemu/zns.sh`, tests/try-check.sh) that does not exist.  A path
# counts when its first part is a top-level folder of the tree; build/
# holds outputs and is not checked.  A glob (kernel/patches/*/series) or
# a path with a placeholder in capitals (kernel/qemu/expect/BASE-MODE.tsv)
# must match at least one file.
#
# The tree is git's tracked files; outside a git checkout (a release
# tarball), the files of the source tree but build/.
#
#   doc-links.sh SOURCE_ROOT [FILE.md...]   (default: every *.md of the tree)
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: $0 SOURCE_ROOT [FILE.md...]" >&2; exit 2; }
top=$(cd "$1" && pwd -P)
shift
placeholders='BASE|MODE|SUBJECT|NNN|CPU'

if [ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$top" ]; then
	mapfile -t files < <(git -C "$top" ls-files)
else
	mapfile -t files < <(cd "$top" && find . -path ./build -prune -o \
		-path ./.git -prune -o -type f -print | sed 's|^\./||')
fi
[ ${#files[@]} -gt 0 ] || { echo "FAIL: no files in $top"; exit 1; }
[ $# -gt 0 ] || set -- $(printf '%s\n' "${files[@]}" | grep '\.md$')
# every file and folder of the tree, and the top-level folders a path
# may start with
declare -A tree=()
for f in "${files[@]}"; do
	while [ -z "${tree[$f]:-}" ]; do
		tree[$f]=1
		[ "${f%/*}" != "$f" ] || break
		f=${f%/*}
	done
done
declare -A top_dirs=()
for f in "${files[@]}"; do
	[ "${f%%/*}" = "$f" ] || top_dirs[${f%%/*}]=1
done
unset 'top_dirs[build]'

# in_tree PATH - PATH is a file or a folder of the tree; a glob, or
# placeholders read as globs, match one
in_tree() {
	local p=${1%/} pattern f
	[ -z "${tree[$p]:-}" ] || return 0
	pattern=$(sed -E "s/\\b($placeholders)\\b/*/g" <<< "$p")
	[[ $pattern == *[*?]* ]] || return 1
	for f in "${!tree[@]}"; do
		# shellcheck disable=SC2053	# the pattern is a glob
		[[ $f == $pattern ]] && return 0
	done
	return 1
}

# slugs FILE - the anchors of FILE's headings, as GitHub makes them
slugs() {
	awk '/^```/ { code = !code; next } !code && /^#+ / { print }' "$1" |
		sed -E 's/^#+ +//; s/.*/\L&/; s/[^a-z0-9 _-]//g; s/ /-/g'
}

bad=0
no() { echo "$md: $*"; bad=1; }
for md in "$@"; do
	[ -f "$top/$md" ] || { no "no such file"; continue; }
	dir=$(dirname "$md")
	n=0
	# relative links and their anchors
	while read -r target; do
		n=$((n + 1))
		path=${target%%#*} anchor=
		[ "$path" = "$target" ] || anchor=${target#*#}
		if [ -n "$path" ]; then
			path=$(realpath -m --relative-to="$top" "$top/$dir/$path")
			in_tree "$path" || { no "link to $target: no $path"; continue; }
		else
			path=$md
		fi
		[ -z "$anchor" ] || [[ $path != *.md ]] ||
			slugs "$top/$path" | grep -qxF -- "$anchor" ||
			no "link to $target: no heading '#$anchor' in $path"
	done < <(grep -oE '\]\([^) ]+\)' "$top/$md" | sed 's/^](//; s/)$//' |
		grep -vE '^[a-z]+:' | sort -u)
	# paths into the tree, in the text and the code
	while read -r path; do
		while [[ $path == *[.,:\;] ]]; do path=${path%?}; done
		[ -n "${top_dirs[${path%%/*}]:-}" ] || continue
		n=$((n + 1))
		in_tree "$path" || no "names $path, which is not in the tree"
	done < <(grep -oE '[A-Za-z0-9_.*-]+(/[A-Za-z0-9_.*+-]*)+' "$top/$md" |
		sort -u)
	echo "$md: $n links and paths checked"
done
[ $bad = 0 ] || { echo "FAIL: links or paths that lead nowhere (above)"; exit 1; }
echo "ok: every link and path of the $# Markdown file(s) is in the tree"
