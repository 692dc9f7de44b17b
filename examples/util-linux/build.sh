#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# build.sh - Debian's blkzone (util-linux 2.38.1) with npo2 zone sizes, on
# libzmath.
#
#   examples/util-linux/build.sh [--fetch-only] [--pristine]
#
# 1-3. examples/debian-source.sh: a deb-src entry if apt has none, the few
#    build dependencies, `apt-get source util-linux` into build/util-linux/
#    (once); a copy of the tree in build/util-linux/src with
#    examples/util-linux/*.patch applied, built with libzmath's include
#    directories (<linux/zmath.h>, the very header the kernel series
#    carries) on the include path.
# 4. Regenerates the autotools files as Debian's build does (its patches
#    touch configure.ac and Makefile.am; aclocal, autoconf, automake:
#    autoreconf would also want autopoint, which this build does not need),
#    configures once (the configure cache is shared by both trees) and
#    builds blkzone alone, static, into build/util-linux/out/.  --pristine
#    also builds the unpatched blkzone of the same source into
#    build/util-linux/out-pristine/, for the refusal checks beside Debian's
#    own /usr/sbin/blkzone.
#
# Idempotent: each step is skipped when its result is already there.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/examples/util-linux
work=$top/build/util-linux
t0=$SECONDS
name=util-linux
. "$top/examples/debian-source.sh"
debsrc_args "$@"

debsrc_enable
# scripts/deps.sh check lists the same packages.
debsrc_install dpkg-dev build-essential pkg-config autoconf automake libtool file
orig=$(debsrc_fetch util-linux 2.38.1)
[ $fetch_only = 0 ] || exit 0

# regenerate + configure + make blkzone of one tree: build_tree SRC OUT
# [CPPFLAGS]
build_tree() {
	local s=$1 out=$2 cppflags=${3:-}
	if [ ! -f "$s/config.status" ]; then
		log "autotools and configure ($(basename "$s"), log in $s/configure.log)"
		(cd "$s" && aclocal -I m4 && autoconf && autoheader &&
			automake --foreign &&
			./configure --cache-file="$work/config.cache" \
				--disable-shared --disable-nls --disable-asciidoc \
				--disable-poman --disable-bash-completion \
				--without-python --without-systemd --without-udev \
				--without-ncursesw --without-tinfo --without-readline \
				--without-cap-ng --without-libz --without-libmagic \
				--without-econf) > "$s/configure.log" 2>&1 ||
			{ tail -n 20 "$s/configure.log" >&2; die "configure failed"; }
	fi
	grep -q '^#define HAVE_DECL_BLK_ZONE_REP_CAPACITY 1' "$s/config.h" ||
		die "configure found no BLK_ZONE_REP_CAPACITY (linux/blkzoned.h?): blkzone would not report zone capacity"
	mkdir -p "$out"
	log "make blkzone ($(basename "$s"), log in $s/make.log)"
	make -C "$s" -j"$(nproc)" blkzone CPPFLAGS="$cppflags" \
		LDFLAGS=-all-static > "$s/make.log" 2>&1 ||
		{ tail -n 30 "$s/make.log" >&2; die "make failed"; }
	cp "$s/blkzone" "$out/blkzone"
}

# --- patched tree -----------------------------------------------------------
src=$work/src
debsrc_patched "$orig" "$src" "$here"/*.patch
# One header for everyone: the project's own libzmath on the include path.
build_tree "$src" "$work/out" "$zmath_cflags"
grep -q 'zmath_is_aligned' "$src/sys-utils/blkzone.c" ||
	die "$src/sys-utils/blkzone.c: the patch is not applied"

debsrc_pristine "$orig"

for f in "$work"/out*/blkzone; do
	"$f" --version > /dev/null || die "$f --version failed"
	log "$(file -b "$f" | cut -d, -f1-2): $f"
done
echo "$work/out"
