#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# try.sh - `make try`: the patched 6.12 kernel in QEMU (TCG, no KVM) with a
# shell on this terminal, to try zones that are not a power of 2 without a
# ZNS drive: the guest suite's two NVMe ZNS namespaces (kernel/qemu/zns.sh:
# 96 MiB zones of 80 MiB capacity, 128 MiB zones), null_blk ready to make
# (mknullb), the project's tools, nvme-cli, fio, blkzone, mkfs.btrfs and
# mkfs.f2fs.  The guest prints a banner of things to try
# (kernel/guest/try.sh).
#
# What is missing is built first, and said: the kernel
# (kernel/scripts/build.sh), the tools (build/meson) and the initramfs
# (kernel/qemu/guest-image.sh); each is a no-op when up to date.
#   ZMATH_TRY_KERNEL=BZIMAGE    boot this kernel, build none
#   ZMATH_TRY_INITRD=INITRAMFS  this initramfs, build none; this checkout's
#                               /init and /guest scripts are laid over it
#
# This terminal is the guest's console (QEMU -serial mon:stdio): Ctrl-C goes
# to the guest, Ctrl-A X quits QEMU, Ctrl-A C is QEMU's monitor; `exit` or
# `poweroff` in the guest ends the run.  When standard input is not a
# terminal (commands piped in: tests/try-check.sh), they are typed at the
# first prompt, then `exit`, and the boot is bounded by ZMATH_QEMU_TIMEOUT
# seconds (600).  The namespaces' backing files, fresh every run, are in
# build/try/.
set -euo pipefail
export KERNEL=6.12
. "$(dirname "$0")/../scripts/common.sh"
out=$top/build/try
mkdir -p "$out"

kernel=${ZMATH_TRY_KERNEL:-}
if [ -n "$kernel" ]; then
	[ -f "$kernel" ] || die "ZMATH_TRY_KERNEL=$kernel: no such file"
	log "kernel: $kernel (ZMATH_TRY_KERNEL)"
else
	if [ -f "$kbuild/obj-patched/arch/x86/boot/bzImage" ]; then
		log "kernel: patched 6.12, built; kernel/scripts/build.sh makes sure it is up to date (about a minute: make finds nothing to do)"
	else
		log "kernel: building the patched 6.12 kernel first, once: kernel/scripts/build.sh, 10-25 minutes on 2 cores"
	fi
	kernel=$("$top/kernel/scripts/build.sh" | tail -n 1)
	[ -f "$kernel" ] || die "kernel/scripts/build.sh gave no bzImage ('$kernel')"
fi

initrd=${ZMATH_TRY_INITRD:-}
if [ -n "$initrd" ]; then
	[ -f "$initrd" ] || die "ZMATH_TRY_INITRD=$initrd: no such file"
	log "initramfs: $initrd (ZMATH_TRY_INITRD), with this checkout's /init and /guest scripts over it"
	root=$(mktemp -d)
	trap 'rm -rf "$root"' EXIT
	install -D -m 0755 "$top/kernel/guest/init" "$root/init"
	mkdir -p "$root/guest"
	install -m 0644 "$top"/kernel/guest/*.sh "$root/guest/"
	# a second archive after the first: the kernel unpacks both, the
	# later files replacing the earlier
	{ cat "$initrd"; (cd "$root" && find . -mindepth 1 | LC_ALL=C sort |
		cpio -o -H newc -R 0:0 --quiet | gzip -1); } > "$out/initramfs.cpio.gz"
	initrd=$out/initramfs.cpio.gz
else
	if [ -f "$top/build/kernel/qemu/initramfs.cpio.gz" ]; then
		log "initramfs: built; the tools (ninja) and kernel/qemu/guest-image.sh make sure it is up to date (about 40 s)"
	else
		log "initramfs: building the guest's tools first, once: build/meson, then kernel/qemu/guest-image.sh (btrfs-progs, f2fs-tools, util-linux and fio from Debian's sources), 6-11 minutes"
	fi
	make -s -C "$top" build/meson/build.ninja > /dev/null	# the guest's options
	nice ninja -C "$top/build/meson" > /dev/null || die "ninja -C build/meson failed"
	initrd=$("$top/kernel/qemu/guest-image.sh" | tail -n 1)
	[ -f "$initrd" ] || die "kernel/qemu/guest-image.sh gave no initramfs ('$initrd')"
fi

. "$top/kernel/qemu/zns.sh"
zns_setup "$out"
append="console=ttyS0 panic=-1 quiet null_blk.nr_devices=0 zmath.mode=patched zmath.run=shell"
qemu=(qemu-system-x86_64 -accel tcg -M q35 -cpu max -m 2G -smp 2
	-kernel "$kernel" -initrd "$initrd"
	-display none -no-reboot -serial mon:stdio "${zns_qemu_args[@]}")
rc=0
if [ -t 0 ]; then
	# the guest's console takes this terminal's size
	size=$(stty size 2> /dev/null || true)
	[ -z "$size" ] || append+=" zmath.rows=${size% *} zmath.cols=${size#* }"
	log "booting (TCG: the prompt in 5-30 s); Ctrl-A X quits QEMU"
	"${qemu[@]}" -append "$append" || rc=$?
else
	# The guest's serial port loses what comes before its driver is up:
	# the commands wait for the shell's first prompt, and end with exit,
	# as a shell ends at the end of its script.  The console is kept in
	# build/try/console.log.
	timeout=${ZMATH_QEMU_TIMEOUT:-600}
	console=$out/console.log
	rm -f "$out/qemu.rc"
	: > "$console"
	feed() {
		until tr -d '\r' < "$console" | grep -q '^zmath:/# '; do
			[ ! -e "$out/qemu.rc" ] || return 0
			sleep 0.5
		done
		cat
		echo exit
	}
	log "booting (TCG: the prompt in 5-30 s), commands from standard input at the first prompt, timeout ${timeout}s"
	feed | {
		timeout -k 10 "$timeout" "${qemu[@]}" -append "$append" 2>&1 || rc=$?
		echo "$rc" > "$out/qemu.rc"
	} | tee "$console" || true
	rc=$(cat "$out/qemu.rc")
	[ "$rc" != 124 ] || die "QEMU timed out after ${timeout}s"
fi
log "QEMU exited with $rc"
exit $rc
