# SPDX-License-Identifier: GPL-2.0-only
# common.sh - paths, the kernel base and logging for the kernel scripts.
# Sourced, not run.  Progress goes to stderr; results to stdout.
#
# KERNEL selects the base: 6.12 (the default, Debian's linux-source-6.12)
# or 6.1 (linux-source-6.1).  Each base has its own series in
# kernel/patches/$KERNEL/ and its own trees and objects in
# build/kernel/$KERNEL/.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
prog=$(basename "$0" .sh)
t0=$SECONDS

log() { printf '[%s %s %4ds] %s\n' "$prog" "$base" $((SECONDS - t0)) "$*" >&2; }
die() { printf '%s (%s): error: %s\n' "$prog" "$base" "$*" >&2; exit 1; }
# need_space DIR GIB WHAT - fail before WHAT, not halfway through it, when
# the filesystem of DIR has less than GIB GiB free
need_space() {
	local free
	free=$(df -P -k "$1" | awk 'NR == 2 { print int($4 / 1048576) }')
	[ "$free" -ge "$2" ] ||
		die "$3 needs about $2 GiB free on $(df -P "$1" | awk 'NR == 2 { print $6 }'), it has $free GiB"
}

kbases=(6.12 6.1)	# every base, newest first (summary.sh's columns)
base=${KERNEL:-6.12}
case " ${kbases[*]} " in
*" $base "*) export KERNEL=$base ;;	# the same base for every script run
*) base=?; die "KERNEL=$KERNEL is not a kernel base; use one of: ${kbases[*]}" ;;
esac
kpatches=$top/kernel/patches/$base
kfragment_dir=$top/kernel/config
kfragment=$kfragment_dir/zmath.config		# the guest suite's kernel
kfragment_kunit=$kfragment_dir/kunit.config	# the KUnit suite alone
kbuild=$top/build/kernel/$base
ksrc=$kbuild/src
ksrc_pristine=$kbuild/src-pristine
ksrc_bisect=$kbuild/src-bisect	# bisect-build.sh's worktree
base_pkg=linux-source-$base
base_tarball=${ZMATH_KERNEL_TARBALL:-/usr/src/$base_pkg.tar.xz}

# recorded_debver - the package version the series was tested on, from the
# series file's "# Tested on: linux-source-X VERSION" line
recorded_debver() {
	sed -n "s/^# Tested on: $base_pkg //p" "$kpatches/series" 2>/dev/null
}

# installed_debver - the version of $base_pkg dpkg has, or nothing
installed_debver() {
	dpkg-query -W -f='${Version}' "$base_pkg" 2>/dev/null || true
}

# kernel_version DIR - "6.1.192" from a tree's Makefile
kernel_version() {
	awk -F' = ' '/^VERSION =/ {v=$2} /^PATCHLEVEL =/ {p=$2}
		/^SUBLEVEL =/ {s=$2; print v "." p "." s; exit}' "$1/Makefile"
}

# shared_files - "PATH KERNEL_PATH" per file that every series carries byte
# for byte, from kernel/shared-files (comments, blanks dropped)
shared_files() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/kernel/shared-files" |
		awk '{ print $1, $2 }'
}

# bisect_checkout N - check out the series' first N patches (its Nth commit)
# in the worktree $ksrc_bisect, made from $ksrc if it is not there yet
bisect_checkout() {
	local c
	[[ $1 =~ ^[1-9][0-9]*$ ]] || die "a prefix is a patch count from 1 up, not '$1'"
	c=$(git -C "$ksrc" rev-list --reverse pristine..zmath | sed -n "${1}p")
	[ -n "$c" ] || die "the series has no patch $1"
	[ -d "$ksrc_bisect" ] ||
		git -C "$ksrc" worktree add -q --detach "$ksrc_bisect" pristine
	git -C "$ksrc_bisect" checkout -q --detach "$c"
}

# series_list - patch file names in apply order (comments, blanks dropped)
series_list() {
	[ -f "$kpatches/series" ] || return 0
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$kpatches/series"
}

# series_hash - one hash over the series file and every patch it lists
series_hash() {
	local f
	{
		cat "$kpatches/series"
		for f in $(series_list); do cat "$kpatches/$f"; done
	} | sha256sum | cut -d' ' -f1
}
