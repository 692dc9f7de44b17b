#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# build.sh - build a kernel image of one base (KERNEL=6.12, the default,
# or 6.1): tinyconfig + kernel/config/zmath.config (or kunit.config) + the
# arch's own fragment, kernel/config/arch-$ARCH.config, if there is one.
#
#   [KERNEL=6.1] build.sh [--baseline] [--arch ARCH] [--kunit-only]
#                         [--src DIR --obj DIR | --prefix N]
#
# ARCH is x86_64 (the default) or i386, built with gcc, or arm or arm64,
# built with clang and Debian's GNU cross binutils (gcc's cross compilers
# conflict with gcc-multilib on Debian 12).  --kunit-only takes
# kernel/config/kunit.config: the zmath KUnit suite and a console, nothing
# else.  Default tree is build/kernel/$KERNEL/src (the series, via
# prepare.sh); --baseline uses the pristine worktree
# build/kernel/$KERNEL/src-pristine; --prefix N, the series' first N patches
# in build/kernel/$KERNEL/src-bisect (bisect-build.sh, a patch measured on
# its own).  Objects go to build/kernel/$KERNEL/obj-FLAVOUR[-ARCH][-kunit],
# FLAVOUR patched, baseline or bisect (no -ARCH for x86_64), and are kept,
# so reruns are incremental.  The config is
# regenerated only when a fragment, the arch or the tree's Kconfig files
# change.  Progress on stderr; the image's path is the last line on stdout.
set -euo pipefail
. "$(dirname "$0")/common.sh"

arch=x86_64 flavour=patched src= obj= fragment=$kfragment suffix= prefix=
while [ $# -gt 0 ]; do
	case $1 in
	--baseline) flavour=baseline ;;
	--arch) arch=$2; shift ;;
	--kunit-only) fragment=$kfragment_kunit suffix=-kunit ;;
	--src) src=$2; shift ;;
	--obj) obj=$2; shift ;;
	--prefix) prefix=$2; shift ;;
	*) die "usage: build.sh [--baseline] [--arch x86_64|i386|arm|arm64] [--kunit-only] [--src DIR --obj DIR | --prefix N]" ;;
	esac
	shift
done
[ -z "$prefix" ] || { [ $flavour = patched ] && [ -z "$src" ]; } ||
	die "--prefix builds the series' first patches: not with --baseline or --src"
# make's target, the image it leaves, the compiler and whether it is 64-bit
cross=
case $arch in
x86_64 | i386) target=bzImage image=arch/x86/boot/bzImage cc=gcc ;;
arm64) target=Image image=arch/arm64/boot/Image cc=clang
	cross=aarch64-linux-gnu- ;;
arm) target=zImage image=arch/arm/boot/zImage cc=clang
	cross=arm-linux-gnueabihf- ;;
*) die "--arch must be x86_64, i386, arm or arm64" ;;
esac
case $arch in x86_64 | arm64) is64=y ;; *) is64=n ;; esac
fragments=("$fragment")
[ ! -f "$kfragment_dir/arch-$arch.config" ] ||
	fragments+=("$kfragment_dir/arch-$arch.config")

if [ -z "$src" ]; then
	"$(dirname "$0")/prepare.sh"
	src=$ksrc
	[ $flavour = baseline ] && src=$ksrc_pristine
	if [ -n "$prefix" ]; then
		bisect_checkout "$prefix"
		src=$ksrc_bisect flavour=bisect
	fi
fi
[ -n "$obj" ] || obj=$kbuild/obj-$flavour$([ $arch = x86_64 ] || echo "-$arch")$suffix
[ -f "$src/Makefile" ] || die "no kernel tree at $src"
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)
# ccache (deps.sh check installs it) makes a rebuild in a fresh clone or
# root cheap: CCACHE_BASEDIR turns the absolute paths under the repository
# into relative ones, which are the same in every clone.
if command -v ccache > /dev/null; then
	cc="ccache $cc"
	export CCACHE_BASEDIR=$top
fi
kmake() {
	make -C "$src" O="$obj" ARCH="$arch" CC="$cc" \
		${cross:+CROSS_COMPILE=$cross} "$@"
}

# Every fragment line must hold in .config; a symbol that only the series
# defines (in the patched tree, not in this one) only where defined.
# As in merge_config.sh, a later fragment overrides an earlier one: a
# symbol the arch's fragment sets is checked there alone.
check_config() {
	local i overridden=
	for ((i = ${#fragments[@]} - 1; i >= 0; i--)); do
		check_fragment "${fragments[i]}" "$overridden"
		overridden+=" $(fragment_symbols "${fragments[i]}" | tr "\n" " ")"
	done
	if [ $is64 = y ]; then
		grep -qx CONFIG_64BIT=y "$obj/.config" || die "CONFIG_64BIT not set for $arch"
	else
		! grep -q '^CONFIG_64BIT=y' "$obj/.config" || die "CONFIG_64BIT set for $arch"
	fi
}

# fragment_symbol LINE - the CONFIG_ symbol a fragment line sets, or nothing
fragment_symbol() {
	case $1 in
	CONFIG_*=*) echo "${1%%=*}" ;;
	"# CONFIG_"*" is not set") local sym=${1#\# }; echo "${sym%% *}" ;;
	esac
}

fragment_symbols() {
	local line
	while read -r line; do fragment_symbol "$line"; done < "$1"
}

# kconfig_defines TREE SYMBOL - whether a Kconfig file of TREE defines it
kconfig_defines() {
	grep -rqs --include='Kconfig*' "^config ${2#CONFIG_}\$" "$1"
}

# check_fragment FRAGMENT OVERRIDDEN - OVERRIDDEN: symbols not to check
check_fragment() {
	local line sym missing=
	while read -r line; do
		sym=$(fragment_symbol "$line")
		[ -n "$sym" ] || continue
		[[ " $2 " != *" $sym "* ]] || continue
		if [[ $line == \#* ]]; then
			! grep -q "^$sym=" "$obj/.config" && continue
		else
			grep -qx "$line" "$obj/.config" && continue
		fi
		# a line that does not hold: only the series may define it
		if ! kconfig_defines "$src" "$sym" &&
		   kconfig_defines "$ksrc" "$sym"; then
			continue
		fi
		missing+=" $line"
	done < "$1"
	[ -z "$missing" ] || die "options of $(basename "$1") not in $obj/.config:$(printf '\n  %s' $missing)"
}

hash=$({
	echo "$arch"
	cat "${fragments[@]}"
	git -C "$src" ls-tree -r HEAD | awk -F'\t' '$2 ~ /(^|\/)Kconfig[^\/]*$/'
} | sha256sum | cut -d' ' -f1)
if [ -f "$obj/.config" ] && [ "$(cat "$obj/.zmath-config-hash" 2>/dev/null)" = "$hash" ]; then
	log "config up to date ($obj/.config)"
else
	log "tinyconfig + ${fragments[*]##*/} for $arch in $obj"
	{
		kmake tinyconfig
		(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$obj" \
			"$obj/.config" "${fragments[@]}")
		kmake olddefconfig
	} > "$obj/config.log" 2>&1 || die "config failed, see $obj/config.log"
	check_config
	echo "$hash" > "$obj/.zmath-config-hash"
fi
check_config

log "make -j$(nproc) $target ($(basename "$src") -> $(basename "$obj"), log in $obj/build.log)"
# Show errors and warnings as they come, and a count every 250 objects.
progress() {
	local line n=0
	while IFS= read -r line; do
		case $line in
		*" error:"* | *"warning:"* | *"undefined reference"* | *"Error "[0-9]*)
			printf '%s\n' "$line" >&2 ;;
		"  "[A-Z]*)
			n=$((n + 1))
			[ $((n % 250)) != 0 ] || log "$n build steps" ;;
		esac
	done
}
set +e
kmake -j"$(nproc)" "$target" 2>&1 | tee "$obj/build.log" | progress
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" != 0 ]; then
	tail -n 30 "$obj/build.log" >&2
	die "kernel build failed (rc $rc), see $obj/build.log"
fi
log "built in $((SECONDS - t0))s"
echo "$obj/$image"
