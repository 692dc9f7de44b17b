#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# hotpath.sh - what po2 zone math costs before and after the series:
# disassemble callers of the zone helpers in the baseline and patched
# object dirs (built by build.sh) and count their instructions.
#
#   hotpath.sh [--arch i386] [obj.o:function ...]
set -euo pipefail
. "$(dirname "$0")/common.sh"

sfx=
[ "${1:-}" = --arch ] && { [ "$2" = i386 ] && sfx=-i386; shift 2; }
[ $# -gt 0 ] || set -- block/blk-zoned.o:blk_req_zone_write_trylock \
	block/blk-zoned.o:blkdev_zone_mgmt block/blk-merge.o:bio_split_to_limits
disasm() {	# OBJDIR FILE FUNC
	objdump -d --no-show-raw-insn "$1/$2" |
		awk -v f="<$3>:" '$2 == f {on = 1; next} on && /^$/ {exit} on'
}
for spec in "$@"; do
	o=${spec%%:*} f=${spec#*:}
	for flavour in baseline patched; do
		d=$kbuild/obj-$flavour$sfx
		[ -f "$d/$o" ] || die "$d/$o missing: build the $flavour tree first (build.sh)"
		printf '%-9s %-30s %4d instructions\n' "$flavour" "$f" \
			"$(disasm "$d" "$o" "$f" | grep -c ':')"
	done
	if [ -n "${VERBOSE:-}" ]; then
		diff <(disasm "$kbuild/obj-baseline$sfx" "$o" "$f" | cut -f2-) \
		     <(disasm "$kbuild/obj-patched$sfx" "$o" "$f" | cut -f2-) || true
	fi
done
