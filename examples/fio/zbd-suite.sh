#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# zbd-suite.sh - fio's own zoned test suite, t/zbd/, from Debian's fio
# source package (3.33, the version of Debian 12's fio binary), for the
# QEMU guest (kernel/guest/tests/fio-zbd/ runs it, with the blkzone of
# examples/util-linux/build.sh).
#
#   examples/fio/zbd-suite.sh
#
# examples/debian-source.sh: a deb-src entry if apt has none, `apt-get
# source fio` into build/fio/ (once).  Nothing is built: the suite is bash
# and runs Debian's /usr/bin/fio (kernel/qemu/mkinitramfs.sh puts it at
# the suite's ../../fio).  Prints the t/zbd folder.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
work=$top/build/fio
t0=$SECONDS
name=fio
. "$top/examples/debian-source.sh"

debsrc_enable
debsrc_install dpkg-dev
orig=$(debsrc_fetch fio 3.33)
fio_version=$(/usr/bin/fio --version 2> /dev/null || echo none)
[ "$fio_version" = fio-3.33 ] ||
	die "/usr/bin/fio is '$fio_version', the suite is fio 3.33's: the guest runs the host's fio"
for f in test-zbd-support functions; do
	[ -f "$orig/t/zbd/$f" ] || die "$orig/t/zbd/$f missing"
done
log "fio's zoned suite: $orig/t/zbd"
echo "$orig/t/zbd"
