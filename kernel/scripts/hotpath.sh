#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# hotpath.sh - what po2 zone math costs before and after the series:
# disassemble callers of the zone helpers in the baseline and patched
# object dirs of one base (build/kernel/$KERNEL/obj-*, built by build.sh)
# and count their instructions.
#
#   [KERNEL=6.1] hotpath.sh [--arch x86_64|i386] [obj.o:function ...]
set -euo pipefail
. "$(dirname "$0")/common.sh"

sfx=
if [ "${1:-}" = --arch ]; then
	case ${2:-} in
	x86_64) ;;
	i386) sfx=-i386 ;;
	*) die "--arch must be x86_64 or i386" ;;
	esac
	shift 2
fi
# The default callers: 6.1 write-locks zones per request, 6.12 plugs bios.
if [ $# = 0 ]; then
	case $base in
	6.1) set -- block/blk-zoned.o:blk_req_zone_write_trylock ;;
	*) set -- block/blk-zoned.o:blk_zone_plug_bio \
		block/blk-zoned.o:blk_zone_write_plug_bio_endio ;;
	esac
	set -- "$@" block/blk-zoned.o:blkdev_zone_mgmt \
		block/blk-merge.o:bio_split_to_limits
fi
disasm() {	# OBJDIR FILE FUNC
	objdump -d --no-show-raw-insn "$1/$2" |
		awk -v f="<$3>:" '$2 == f {on = 1; next} on && /^$/ {exit} on'
}
for spec in "$@"; do
	o=${spec%%:*} f=${spec#*:}
	for flavour in baseline patched; do
		d=$kbuild/obj-$flavour$sfx
		[ -f "$d/$o" ] || die "$d/$o missing: build the $flavour tree first (build.sh)"
		printf '%-4s %-9s %-30s %4d instructions\n' "$base" "$flavour" "$f" \
			"$(disasm "$d" "$o" "$f" | grep -c ':')"
	done
	if [ -n "${VERBOSE:-}" ]; then
		diff <(disasm "$kbuild/obj-baseline$sfx" "$o" "$f" | cut -f2-) \
		     <(disasm "$kbuild/obj-patched$sfx" "$o" "$f" | cut -f2-) || true
	fi
done
