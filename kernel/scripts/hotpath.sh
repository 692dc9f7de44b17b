#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# hotpath.sh - what the series costs a power-of-2 device, read from the
# compiler's output: the -O2 instruction counts of the functions a zoned
# write and read go through, pristine against patched, and every function
# of the patched kernel that realigns its stack where the pristine one does
# not (a 128-bit value inlined under the kernel's 8-byte stack alignment
# costs that in every caller, whichever branch runs).
#
#   [KERNEL=6.1] hotpath.sh [--check] [--arch x86_64|i386] [FUNCTION ...]
#
# Reads the objects of build/kernel/$KERNEL/obj-{baseline,patched}[-i386]
# (build.sh [--baseline]) in the folders that hold zoned code: the block
# layer, null_blk, NVMe, device-mapper and the zoned filesystems.  A count
# is the function's whole body, so a branch that a po2 device never takes
# counts too; bench/kernel measures what runs.  A function that is inlined
# everywhere, or that a base does not have, shows "-".  --check fails when
# a patched function realigns its stack and its pristine self does not, and
# when struct queue_limits, which every queue and every limits update
# holds, grows by more than 16 bytes.  VERBOSE=1 diffs each listed
# function's disassembly.
set -euo pipefail
. "$(dirname "$0")/common.sh"

check=0 sfx=
while [ $# -gt 0 ]; do
	case $1 in
	--check) check=1 ;;
	--arch)
		case ${2:-} in
		x86_64) ;;
		i386) sfx=-i386 ;;
		*) die "--arch must be x86_64 or i386" ;;
		esac
		shift ;;
	-*) die "usage: hotpath.sh [--check] [--arch x86_64|i386] [FUNCTION ...]" ;;
	*) break ;;
	esac
	shift
done

# What a zoned write and read go through, from the system call's bio to the
# driver and back: submission and splitting, the zone write plugs (6.12) or
# the zone write locks of mq-deadline (6.1), null_blk and the NVMe driver.
if [ $# = 0 ]; then
	set -- submit_bio_noacct submit_bio_noacct_nocheck __submit_bio \
		blk_mq_submit_bio bio_split_to_limits bio_split_rw \
		bio_split_rw_rcp get_max_io_size blk_rq_get_max_sectors \
		blk_mq_start_request blk_mq_end_request \
		null_queue_rq null_handle_cmd null_process_zoned_cmd \
		null_zone_write null_zone_valid_read_len \
		nvme_setup_cmd nvme_queue_rq nvme_complete_rq
	case $base in
	6.1) set -- "$@" __bio_split_to_limits blk_req_needs_zone_write_lock \
		__blk_req_zone_write_lock __blk_req_zone_write_unlock \
		dd_insert_requests dd_dispatch_request __dd_dispatch_request \
		deadline_next_request deadline_next_zoned_write \
		dd_finish_request ;;
	*) set -- "$@" blk_zone_plug_bio __blk_zone_plug_bio \
		blk_zone_wplug_prepare_bio \
		disk_get_and_lock_zone_wplug disk_get_hashed_zone_wplug \
		blk_zone_write_plug_init_request \
		blk_zone_write_plug_finish_request \
		blk_zone_write_plug_bio_endio blk_zone_write_plug_bio_merged ;;
	esac
fi

dirs=(block drivers/block/null_blk drivers/nvme/host drivers/nvme/target
	drivers/md fs/btrfs fs/zonefs fs/f2fs)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One file per function, FILE.o%FUNCTION (a GCC clone, name.isra.0, counts
# as name): the body as "mnemonic operands", addresses dropped so that two
# builds compare.
for flavour in baseline patched; do
	d=$kbuild/obj-$flavour$sfx
	[ -f "$d/vmlinux" ] || die "$d/vmlinux missing: build it first (build.sh${sfx:+ --arch i386}$([ $flavour = baseline ] && echo ' --baseline'))"
	log "disassembling the $flavour objects"
	mkdir "$tmp/$flavour"
	(cd "$d" && find "${dirs[@]}" -name '*.o' ! -name '*.mod.o' \
		! -name 'built-in*' 2>/dev/null) |
	while read -r o; do
		objdump -d --no-show-raw-insn "$d/$o" |
		awk -v pre="$tmp/$flavour/${o//\//%}%" '
			/^[0-9a-f]+ <.*>:$/ {
				name = $2; sub(/^</, "", name); sub(/>:$/, "", name)
				sub(/\..*/, "", name)
				out = pre name; next
			}
			/^$/ { out = ""; next }
			out != "" && /^ +[0-9a-f]+:\t/ {
				sub(/^ +[0-9a-f]+:\t/, ""); sub(/ +#.*/, "")
				print > out
			}'
	done
done

realign='and +\$0xf+[0-9a-f]0,%[re]sp'
realigns() {	# DIR - the functions whose bodies realign the stack pointer
	grep -l -E "$realign" -r "$1" | xargs -r -n1 basename | sort
}
body() {	# FLAVOUR FUNCTION - the file of the function's body, if any
	find "$tmp/$1" -name "*%$2" | head -n 1
}

bad=0
printf '%-4s %-38s %8s %8s %6s  %s\n' "$base" function pristine patched delta realigned
for f in "$@"; do
	b=$(body baseline "$f") p=$(body patched "$f")
	if [ -z "$b" ] || [ -z "$p" ]; then
		# inlined everywhere, or not in this base: say which
		printf '%-4s %-38s %8s %8s %6s\n' "$base" "$f" \
			"$([ -n "$b" ] && wc -l < "$b" || echo -)" \
			"$([ -n "$p" ] && wc -l < "$p" || echo -)" -
		continue
	fi
	nb=$(wc -l < "$b") np=$(wc -l < "$p") flag=
	grep -q -E "$realign" "$b" && flag=pristine
	grep -q -E "$realign" "$p" && flag+=${flag:+,}patched
	printf '%-4s %-38s %8d %8d %+6d  %s\n' "$base" "$f" "$nb" "$np" $((np - nb)) "$flag"
	[ -z "${VERBOSE:-}" ] || diff "$b" "$p" || true
done

# sizeof(struct queue_limits) as each build compiles it: blk-settings.o's
# own compiler command on a file that only takes the size.
limits_size() {	# OBJDIR
	local cmd
	cmd=$(sed -n '1s/^\(saved\)\?cmd_[^=]*:= //p' "$1/block/.blk-settings.o.cmd")
	cmd=${cmd%%-c -o block/blk-settings.o *}
	cmd=${cmd/-Wp,-MMD,block\/.blk-settings.o.d/}
	printf '#include <linux/blkdev.h>\nint limits_size = sizeof(struct queue_limits);\n' > "$tmp/limits.c"
	(cd "$1" && eval "$cmd -S -o $tmp/limits.s $tmp/limits.c")
	awk '/^limits_size:/ { getline; print $2; exit }' "$tmp/limits.s"
}
lb=$(limits_size "$kbuild/obj-baseline$sfx")
lp=$(limits_size "$kbuild/obj-patched$sfx")
[ -n "$lb" ] && [ -n "$lp" ] || die "could not compile sizeof(struct queue_limits)"
printf '%-4s %-38s %8d %8d %+6d  bytes\n' "$base" "struct queue_limits" "$lb" "$lp" $((lp - lb))
if [ $((lp - lb)) -gt 16 ]; then
	echo "$base: struct queue_limits grows by $((lp - lb)) bytes, more than 16"
	bad=1
fi

gained=$(comm -13 <(realigns "$tmp/baseline") <(realigns "$tmp/patched"))
if [ -n "$gained" ]; then
	echo "$base: patched functions that realign the stack where pristine does not:"
	sed 's/^/  /; s/%\([^%]*\)$/:\1/; s/%/\//g' <<< "$gained"
	bad=1
else
	echo "$base: no patched function realigns the stack where pristine does not"
fi
[ $check = 0 ] || exit $bad
