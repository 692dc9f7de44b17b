#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# A tool's bash completion, sourced in a bash without any setup and, where
# bash-completion is installed, after bash-completion (_init_completion):
# "TOOL --" offers the long options of the tool's --help, no other; an
# option whose value is a number or free text offers nothing; the verbs
# of the help's usage lines are offered for the first operand; a device
# argument completes as a path.
# Usage: test-completion.sh PATH/TO/TOOL PATH/TO/COMPLETION
set -euo pipefail

tool=$1
file=$2
name=$(basename "$tool")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

"$tool" --help >"$tmp/help"
grep -oE -- '--[a-z][a-z0-9-]+' "$tmp/help" | sort -u >"$tmp/long"
# options with a value that is a number or free text: nothing to offer
grep -oE -- '--[a-z][a-z0-9-]+ (SECTORS?|LBAS?|BYTES|ZONES?|APPENDS|WRITES|SECONDS|NSID|SEED|LABEL|UUID)\b' \
	"$tmp/help" | cut -d ' ' -f 1 | sort -u >"$tmp/numeric"
# the verbs: the word after the tool's name in each usage line
sed -nE "s/^(Usage:)? +$name \\[?([a-z|]+)\\]? .*/\\2/p" "$tmp/help" |
	tr '|' '\n' | grep -vx options | sort -u >"$tmp/verbs" || true

# offered BC WORD...: what the completion offers for the last WORD, one a
# line, sorted; BC is bash-completion's main script, or empty
offered() {
	local bc=$1
	shift
	bash --norc --noprofile -c '
		set -u
		bc=$1 file=$2
		shift 2
		[ -z "$bc" ] || . "$bc"
		. "$file"
		COMP_WORDS=("$@") COMP_CWORD=$(($# - 1))
		COMP_LINE="$*" COMP_POINT=${#COMP_LINE} COMPREPLY=()
		fn=$(complete -p "$1" | sed -n "s/.* -F \([^ ]*\) .*/\1/p")
		[ -n "$fn" ] || { echo "no completion for $1" >&2; exit 1; }
		"$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
		printf "%s\n" "${COMPREPLY[@]}"' bash "$bc" "$file" "$name" "$@" |
		sed '/^$/d' | sort -u
}

# check WHAT WANT_FILE GOT_FILE: the two lists are the same
check() {
	if cmp -s "$2" "$3"; then
		echo "ok: $mode: $1"
	else
		echo "FAIL: $mode: $1"
		diff "$2" "$3" | sed 's/^/  | /' || true
		fail=1
	fi
}

run_checks() {
	local bc=$1 opt
	offered "$bc" -- >"$tmp/got"
	check "$name -- offers the $(wc -l <"$tmp/long") long options of --help" \
		"$tmp/long" "$tmp/got"
	: >"$tmp/none"
	while read -r opt; do
		offered "$bc" "$opt" '' >"$tmp/got"
		check "$name $opt offers nothing for its number or text" \
			"$tmp/none" "$tmp/got"
	done <"$tmp/numeric"
	if [ -s "$tmp/verbs" ]; then
		offered "$bc" '' | grep -xFf "$tmp/verbs" >"$tmp/got" || true
		check "$name offers its verbs: $(tr '\n' ' ' <"$tmp/verbs")" \
			"$tmp/verbs" "$tmp/got"
		offered "$bc" "$(head -n 1 "$tmp/verbs")" /dev/nul >"$tmp/got"
	else
		offered "$bc" /dev/nul >"$tmp/got"
	fi
	echo /dev/null >"$tmp/want"
	check "$name [VERB] /dev/nul completes the path /dev/null" \
		"$tmp/want" "$tmp/got"
}

mode="plain bash"
run_checks ""
bc=/usr/share/bash-completion/bash_completion
if [ -r "$bc" ]; then
	mode="with bash-completion"
	run_checks "$bc"
else
	echo "note: $bc not found: tested without bash-completion only (scripts/deps.sh build installs it)"
fi
exit $fail
