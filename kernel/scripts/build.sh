#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# build.sh - build a bzImage of one base (KERNEL=6.12, the default, or
# 6.1): tinyconfig + kernel/config/zmath.config.
#
#   [KERNEL=6.1] build.sh [--baseline] [--arch x86_64|i386] [--src DIR --obj DIR]
#
# Default tree is build/kernel/$KERNEL/src (the series, via prepare.sh);
# --baseline uses the pristine worktree build/kernel/$KERNEL/src-pristine.
# Objects go to build/kernel/$KERNEL/obj-{patched,baseline}[-i386] and are
# kept, so reruns are incremental.  The config is regenerated only when the
# fragment, the arch or the tree's Kconfig files change.  Progress on
# stderr; the bzImage path is the last line on stdout.
set -euo pipefail
. "$(dirname "$0")/common.sh"

arch=x86_64 flavour=patched src= obj=
while [ $# -gt 0 ]; do
	case $1 in
	--baseline) flavour=baseline ;;
	--arch) arch=$2; shift ;;
	--src) src=$2; shift ;;
	--obj) obj=$2; shift ;;
	*) die "usage: build.sh [--baseline] [--arch x86_64|i386] [--src DIR --obj DIR]" ;;
	esac
	shift
done
case $arch in x86_64 | i386) ;; *) die "--arch must be x86_64 or i386" ;; esac

if [ -z "$src" ]; then
	"$(dirname "$0")/prepare.sh"
	src=$ksrc
	[ $flavour = baseline ] && src=$ksrc_pristine
fi
[ -n "$obj" ] || obj=$kbuild/obj-$flavour$([ $arch = i386 ] && echo -i386 || true)
[ -f "$src/Makefile" ] || die "no kernel tree at $src"
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)
# ccache (deps.sh check installs it) makes a rebuild in a fresh clone or
# root cheap: CCACHE_BASEDIR turns the absolute paths under the repository
# into relative ones, which are the same in every clone.
cc=gcc
if command -v ccache > /dev/null; then
	cc="ccache gcc"
	export CCACHE_BASEDIR=$top
fi
kmake() { make -C "$src" O="$obj" ARCH="$arch" CC="$cc" "$@"; }

# Every fragment line must hold in .config; ZMATH_* only where defined.
check_config() {
	local line sym missing=
	while read -r line; do
		case $line in
		CONFIG_*=*) sym=${line%%=*} ;;
		"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *} ;;
		*) continue ;;
		esac
		if [[ $sym == CONFIG_ZMATH_* ]] &&
		   ! grep -rqs --include='Kconfig*' "^config ${sym#CONFIG_}\$" "$src"; then
			continue
		fi
		if [[ $line == \#* ]]; then
			! grep -q "^$sym=" "$obj/.config" || missing+=" $line"
		else
			grep -qx "$line" "$obj/.config" || missing+=" $line"
		fi
	done < "$kfragment"
	if [ $arch = x86_64 ]; then
		grep -qx CONFIG_64BIT=y "$obj/.config" || missing+=" CONFIG_64BIT=y"
	else
		! grep -q '^CONFIG_64BIT=y' "$obj/.config" || missing+=" (64BIT set)"
	fi
	[ -z "$missing" ] || die "fragment options not in $obj/.config:$(printf '\n  %s' $missing)"
}

hash=$({
	echo "$arch"
	cat "$kfragment"
	git -C "$src" ls-tree -r HEAD | awk -F'\t' '$2 ~ /(^|\/)Kconfig[^\/]*$/'
} | sha256sum | cut -d' ' -f1)
if [ -f "$obj/.config" ] && [ "$(cat "$obj/.zmath-config-hash" 2>/dev/null)" = "$hash" ]; then
	log "config up to date ($obj/.config)"
else
	log "tinyconfig + zmath.config for $arch in $obj"
	{
		kmake tinyconfig
		(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$obj" \
			"$obj/.config" "$kfragment")
		kmake olddefconfig
	} > "$obj/config.log" 2>&1 || die "config failed, see $obj/config.log"
	check_config
	echo "$hash" > "$obj/.zmath-config-hash"
fi
check_config

log "make -j$(nproc) bzImage ($(basename "$src") -> $(basename "$obj"), log in $obj/build.log)"
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
kmake -j"$(nproc)" bzImage 2>&1 | tee "$obj/build.log" | progress
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" != 0 ]; then
	tail -n 30 "$obj/build.log" >&2
	die "kernel build failed (rc $rc), see $obj/build.log"
fi
log "built in $((SECONDS - t0))s"
echo "$obj/arch/x86/boot/bzImage"
