#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# The kernel's checkpatch.pl and kernel-doc, from Debian's
# linux-source-6.12 tarball (ZMATH_LINUX_TARBALL overrides it): extracted
# once into DEST/scripts, again when the tarball changes, and renamed into
# place only when complete. Lint tests run in parallel: the first one
# extracts under a lock, the others wait for it. tests/kernel-lint.sh lints with them; the man
# pages are made by kernel-doc.
#
#   linux-scripts.sh DEST     extract (if need be)
#   linux-scripts.sh --check  exit 1, saying why, if there is no tarball
set -euo pipefail

tarball=${ZMATH_LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
if [ ! -r "$tarball" ]; then
	echo "$tarball missing (apt-get install linux-source-6.12)" >&2
	exit 1
fi
[ "${1:?usage: linux-scripts.sh DEST|--check}" != --check ] || exit 0
dest=$1
mkdir -p "$(dirname "$dest")"
exec 9>"$dest.lock"
flock 9

from="$tarball $(stat -L -c '%s %Y' "$tarball")"
[ "$(cat "$dest/.from" 2>/dev/null)" != "$from" ] || exit 0
echo "linux-scripts: extracting checkpatch and kernel-doc from $tarball" >&2
rm -rf "$dest" "$dest.tmp"
mkdir -p "$dest.tmp"
tar -xJf "$tarball" -C "$dest.tmp" --strip-components=1 --wildcards \
	'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
	'*/scripts/const_structs.checkpatch' '*/scripts/kernel-doc'
echo "$from" > "$dest.tmp/.from"
mv "$dest.tmp" "$dest"
