#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Print the meson --cross-file arguments of the -m32 build. Some x86-64
# kernels are built without IA32 emulation and cannot exec a 32-bit binary
# ("Exec format error"); there the unit tests run under qemu-user's
# qemu-i386 (cross/i386-qemu-user.ini). Timings under it mean nothing, so
# bench/run.sh skips the -m32 bench on such a machine.
# Usage: scripts/m32-cross.sh        (prints the arguments)
#        scripts/m32-cross.sh --native  (exit 0 if 32-bit runs natively)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

native() {
	local tmp rc=0
	tmp=$(mktemp -d)
	printf 'int main(void) { return 0; }\n' > "$tmp/probe.c"
	gcc -m32 -o "$tmp/probe" "$tmp/probe.c" 2>/dev/null &&
		"$tmp/probe" 2>/dev/null || rc=1
	rm -rf "$tmp"
	return $rc
}

if [ "${1:-}" = --native ]; then
	native
	exit
fi
args="--cross-file $top/cross/i386.ini"
if ! native; then
	echo "m32-cross: this kernel cannot run 32-bit x86 binaries; -m32 tests run under qemu-i386" >&2
	command -v qemu-i386 >/dev/null ||
		{ echo "m32-cross: qemu-i386 missing (apt-get install qemu-user)" >&2; exit 1; }
	args+=" --cross-file $top/cross/i386-qemu-user.ini"
fi
echo "$args"
