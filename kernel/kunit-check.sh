#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# kunit-check.sh - the zmath KUnit suite on other architectures: build a
# kernel of one base for each ARCH given and boot it under QEMU (TCG), with
# no initramfs (kernel/qemu/kunit.sh judges the suite).
#
#   [KERNEL=6.12] kunit-check.sh [--full] ARCH...
#
# Without --full, each kernel is tinyconfig + kunit.config: the suite and a
# console, what `make check` boots for i386, arm64 and arm.  --full takes the
# guest suite's config, zmath.config, with every patched subsystem built
# in: a 64-bit division the arch has no instruction for (__aeabi_uldivmod
# on arm, __udivdi3 on i386) then fails the link (`make kernel-cross`).
set -euo pipefail
. "$(dirname "$0")/scripts/common.sh"

build_args=(--kunit-only) tag=-kunit
if [ "${1:-}" = --full ]; then
	build_args=() tag=
	shift
fi
[ $# -gt 0 ] || die "usage: kunit-check.sh [--full] ARCH..."

for arch in "$@"; do
	log "$arch: kernel/scripts/build.sh --arch $arch ${build_args[*]}"
	image=$("$top/kernel/scripts/build.sh" --arch "$arch" "${build_args[@]}" |
		tail -n 1)
	[ -f "$image" ] || die "build.sh gave no image for $arch ('$image')"
	"$top/kernel/qemu/kunit.sh" "$arch" "$image" "$ksrc" \
		"$kbuild/kunit-$arch$tag"
done
