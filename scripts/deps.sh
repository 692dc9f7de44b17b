#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Install the Debian 12 packages a make target needs, and say which.
# Usage: scripts/deps.sh build|bench|unit|check (each includes the one before)
#        scripts/deps.sh deb (tests/deb-check.sh: packaging tools, and
#        debian/control's build dependencies)
set -euo pipefail

# build: what `meson setup` of the default build needs (the unit tests are
# on by default, the tools' libraries are optional but wanted); bench adds
# the -m32 build (its unit tests need cmocka for i386 too), libdivide, the
# instruction counts and the plot; unit adds clang for the sanitizer and
# fuzz build and what the ARM builds need; check adds the kernels, QEMU and what the guest runs.
build=(gcc make meson ninja-build pkg-config python3 libcmocka-dev
	liburing-dev libnvme-dev
	# examples/test-man.sh renders the tools' man pages with man and
	# groff and fails on a warning; examples/test-completion.sh runs the
	# tools' bash completion after bash-completion's, whose pkg-config
	# file says where meson installs it
	man-db groff-base bash-completion)
bench=("${build[@]}" gcc-multilib qemu-user libcmocka-dev:i386 libdivide-dev
	gnuplot-nox valgrind)
unit=("${bench[@]}" g++-multilib clang libclang-rt-14-dev
	# the arm64 and armhf unit test builds (cross/*.ini), run under
	# qemu-user: clang with Debian's cross binutils, libc and libgcc, as
	# gcc-aarch64-linux-gnu and gcc-arm-linux-gnueabihf conflict with
	# gcc-multilib
	binutils-aarch64-linux-gnu libc6-dev-arm64-cross
	libgcc-12-dev-arm64-cross libcmocka-dev:arm64
	binutils-arm-linux-gnueabihf libc6-dev-armhf-cross
	libgcc-12-dev-armhf-cross libcmocka-dev:armhf
	# tests/kernel-lint.sh: the kernel's checkpatch.pl and kernel-doc;
	# the man pages (kernel-doc) and tests/man-check.sh
	linux-source-6.12 man-db
	# tests/abi-diff.sh: abidiff against the last release's ABI
	abigail-tools)
check=("${unit[@]}" linux-source-6.1
	# kernel/qemu/kunit-lib.sh reads kunit.py's JSON with jq
	jq
	bc bison flex libelf-dev libssl-dev
	# kernel/scripts/build.sh compiles through it when installed
	ccache
	cpio xz-utils qemu-system-x86 busybox-static fio nvme-cli btrfs-progs
	# the KUnit suite on arm64 and arm (kernel/kunit-check.sh): kernels
	# built with clang and the cross binutils above, booted on "virt"
	qemu-system-arm
	dmsetup util-linux
	# examples/{btrfs-progs,f2fs-tools,libzbd}/build.sh: apt-get source, patch,
	# static build
	dpkg-dev build-essential autoconf automake libtool file uuid-dev
	libblkid-dev zlib1g-dev libzstd-dev liblzo2-dev
	# fio's t/zbd in the guest (kernel/guest/tests/fio-zbd/rc): the bash, grep,
	# sed and timeout it runs (examples/util-linux/ builds blkzone with
	# the packages above)
	bash grep sed coreutils)

case "${1:-}" in
build) want=("${build[@]}") ;;
bench) want=("${bench[@]}") ;;
unit) want=("${unit[@]}") ;;
check) want=("${check[@]}") ;;
deb) want=(dpkg-dev debhelper lintian debootstrap) ;;
*) echo "usage: $0 build|bench|unit|check|deb" >&2; exit 2 ;;
esac
# deb: debian/control's build dependencies too, which dpkg-checkbuilddeps
# reads and apt-get build-dep installs
top=$(cd "$(dirname "$0")/.." && pwd)
builddeps_met() {
	[ "$1" != deb ] || (cd "$top" && dpkg-checkbuilddeps) > /dev/null 2>&1
}

missing=()
for pkg in "${want[@]}"; do
	dpkg-query -W -f='${Status}\n' "$pkg" 2>/dev/null |
		grep -q '^install ok installed$' || missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ] && builddeps_met "$1"; then
	echo "deps: all ${#want[@]} packages for '$1' are installed"
	exit 0
fi
# De-duplicate, keep order.
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | awk 'NF && !seen[$0]++')
[ ${#missing[@]} -eq 0 ] || echo "deps: installing for '$1': ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: need root to install them (run as root, or install them first)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# install PKG... - fresh package indexes, then the packages
install() {
	"$(dirname "$0")/apt-update.sh" -q
	apt-get install -y -q --no-install-recommends "$@"
}
# The machine's own architecture first, before a foreign one (i386, arm64,
# armhf: PKG:ARCH) is enabled: if a foreign index then fails to download (a
# mirror mid-sync), apt drops every index of that archive, and a fresh
# machine, which has no older ones, would not find linux-source-6.12
# (bookworm-security) either.
mapfile -t native < <(printf '%s\n' "${missing[@]}" | grep -v '^$\|:' || true)
mapfile -t foreign < <(printf '%s\n' "${missing[@]}" | grep ':' || true)
[ ${#native[@]} -eq 0 ] || install "${native[@]}"
if [ ${#foreign[@]} -gt 0 ]; then
	for arch in $(printf '%s\n' "${foreign[@]}" | sed 's/.*://' | sort -u); do
		dpkg --print-foreign-architectures | grep -qx "$arch" && continue
		echo "deps: enabling the $arch architecture for its test build"
		dpkg --add-architecture "$arch"
	done
	install "${foreign[@]}"
fi
if ! builddeps_met "$1"; then
	echo "deps: installing debian/control's build dependencies"
	"$(dirname "$0")/apt-update.sh" -q
	apt-get build-dep -y -q --no-install-recommends "$top/"
fi
