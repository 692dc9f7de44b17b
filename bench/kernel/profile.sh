#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# profile.sh - `make bench-kernel-profile`: where a zoned I/O's instructions
# go, function by function: pristine against patched on a power-of-2
# null_blk in a boot without a non-power-of-2 device (bench/kernel's
# "alone"), and the patched kernel on a non-power-of-2 null_blk alone
# ("npo2").  bench/kernel/run.sh says how many instructions an I/O costs;
# this says which functions pay them.
#
#   [KERNEL=6.1] bench/kernel/profile.sh [WORKLOAD]
#
# WORKLOAD is write-psync (the default), write-libaio, write-io_uring or
# read-psync, whose figures count the psync write of each block it reads
# (bench/kernel/guest.sh writes them first): subtract write-psync's table
# for the read alone.  Each kind boots twice under -icount with the TCG
# plugin bench/kernel/insn-count.c counting every instruction of the
# kernel's text by address, and userspace's together: once with
# bench_n=N, once with 2N; the guest's workload runs 6 N I/Os more in the
# second boot, and what a boot does besides cancels out, except for what
# depends on its timing (the idle loop, the scheduler).  The plugin needs
# QEMU's qemu-plugin.h, which no binary package ships: it comes from the
# Debian source package of the installed QEMU, fetched once (24 MB).  The
# six boots take 4 to 6 minutes, two at a time.  Prints the table and
# keeps it in build/bench-kernel-profile/.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
base=${KERNEL:-6.12}
workload=${1:-write-psync}
n=2048
work=$top/build/bench-kernel-profile
out=$work/$base-$workload
t0=$SECONDS
log() { printf '[bench-kernel-profile %4ds] %s\n' $((SECONDS - t0)) "$*" >&2; }
die() { printf 'bench-kernel-profile: error: %s\n' "$*" >&2; exit 1; }
. "$top/bench/kernel/boot.sh"

case $workload in
write-psync | write-libaio | write-io_uring | read-psync) ;;
*) die "usage: bench/kernel/profile.sh [write-psync|write-libaio|write-io_uring|read-psync]" ;;
esac

# plugin - build/bench-kernel-profile/insn-count.so, against the
# qemu-plugin.h of the installed QEMU's source package
plugin() {
	local dir=$work/qemu-plugin version
	if [ ! -f "$dir/qemu-plugin.h" ]; then
		version=$(dpkg-query -W -f='${source:Version}' qemu-system-x86)
		log "qemu-plugin.h from the Debian source of qemu $version"
		(
			name=qemu work=$dir
			. "$top/examples/debian-source.sh"
			debsrc_enable
			rm -rf "$dir/tmp" && mkdir -p "$dir/tmp" && cd "$dir/tmp"
			apt-get source -qq --download-only --tar-only \
				"qemu=$version" >&2
			tar -xJf qemu_*.orig.tar.xz --strip-components=3 \
				--wildcards '*/include/qemu/qemu-plugin.h'
		)
		mv "$dir/tmp/qemu-plugin.h" "$dir/" && rm -rf "$dir/tmp"
	fi
	if [ "$top/bench/kernel/insn-count.c" -nt "$work/insn-count.so" ]; then
		gcc -O2 -Wall -shared -fPIC -I"$dir" -o "$work/insn-count.so" \
			"$top/bench/kernel/insn-count.c"
	fi
}

# boot KIND BZIMAGE BENCH_N - one counted boot, into $out/KIND/LEN.counts
# (KIND pristine, patched or npo2)
boot() {
	local kind=$1 bzimage=$2 bn=$3 dir=$out/$1 len obj=${2%/arch/*} devices
	devices=$([ "$kind" = npo2 ] && echo npo2 || echo po2)
	len=$([ "$bn" = $n ] && echo short || echo long)
	mkdir -p "$dir"
	read -r text_base text_size < <("$top/bench/kernel/profile.py" text \
		"$obj/vmlinux")
	bench_boot "$bzimage" "$initramfs" "$dir/qemu-$len" \
		"$([ "$kind" = pristine ] && echo baseline || echo patched)" po2 \
		"zmath.bench_n=$bn zmath.bench_only=$workload zmath.bench_devices=$devices" \
		"-plugin $work/insn-count.so,base=$text_base,size=$text_size,out=$dir/$len.insns" \
		> "$dir/qemu-$len.out" 2>&1 ||
		die "$kind bench_n=$bn: QEMU failed ($dir/qemu-$len.out)"
	grep -q '^zmath-bench done' "$dir/qemu-$len/guest.tap" ||
		die "$kind bench_n=$bn: the guest did not finish ($dir/qemu-$len/console.log)"
	"$top/bench/kernel/profile.py" count "$obj/vmlinux" "$dir/$len.insns" \
		> "$dir/$len.counts"
	rm -f "$dir/$len.insns"
}

mkdir -p "$work"
plugin
initramfs=$("$top/kernel/qemu/guest-image.sh" | tail -n 1)
for kind in pristine patched npo2; do
	if [ $kind != npo2 ]; then
		log "$base $kind: kernel/scripts/build.sh"
		bzimage=$(KERNEL=$base "$top/kernel/scripts/build.sh" \
			$([ $kind = pristine ] && echo --baseline) | tail -n 1)
	fi
	log "$base $kind: two boots, bench_n=$n and $((2 * n)), every instruction counted"
	boot $kind "$bzimage" $n &
	boot $kind "$bzimage" $((2 * n)) &
	wait -n && wait -n || die "$base $kind: a boot failed"
done
log "instructions per I/O ($workload), pristine po2 and the differences of patched po2 and npo2"
"$top/bench/kernel/profile.py" table $((6 * n)) "$out/pristine" "$out/patched" "$out/npo2" |
	tee "$out/table.txt"
