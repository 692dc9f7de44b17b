#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# mkinitramfs.sh - the guest's initramfs: busybox, Debian's fio, nvme-cli,
# dmsetup and blkzone with their shared libraries, the project's tools and
# the guest test scripts; fio's zoned test suite (t/zbd, from Debian's fio
# source) with the GNU tools it calls, in /opt/fio-zbd.
#
#   mkinitramfs.sh OUT.cpio.gz
#
# Two gzip'd cpio archives, concatenated (the kernel unpacks both):
#   base    Debian binaries and their libraries (large, rebuilt only when one
#           of the files changes; cached next to OUT);
#   project /init, kernel/guest, bench/kernel/guest.sh,
#           build/meson/examples/*, btrfs-progs,
#           blkzone, zbd, fio's t/zbd (small, rebuilt every time).
# A tool that is missing is reported with a NOTE and left out.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: mkinitramfs.sh OUT.cpio.gz}
mkdir -p "$(dirname "$out")"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
t0=$SECONDS
log() { printf '[initramfs %3ds] %s\n' $((SECONDS - t0)) "$*" >&2; }
note() { printf '[initramfs] NOTE: %s\n' "$*" >&2; }
die() { printf 'mkinitramfs: error: %s\n' "$*" >&2; exit 1; }

# Debian binaries: guest path = host path.
# GNU date: the kernel bench's clock (date +%s%N; busybox's has no %N).
host_bins=(/bin/busybox /usr/bin/fio /usr/sbin/nvme /usr/sbin/dmsetup /usr/sbin/blkzone
	/usr/bin/date)
# What fio's t/zbd suite runs that busybox has not (bash) or does not do
# alike (grep -P, timeout -v): Debian's, in /opt/fio-zbd/bin, which only
# the suite's PATH has (kernel/guest/tests/fio-zbd/rc): every other guest check
# keeps busybox's.
zbd_bins=(/usr/bin/bash /usr/bin/grep /usr/bin/sed /usr/bin/timeout)

# pack DIR ARCHIVE - gzip'd newc cpio of DIR, files owned by root.  The
# archives are shared by every base: each is written under a name of this
# process and renamed, so that two runs at once cannot mix their writes.
pack() {
	(cd "$1" && find . -mindepth 1 | LC_ALL=C sort |
		cpio -o -H newc -R 0:0 --quiet) | gzip -1 > "$2.tmp.$$"
	mv "$2.tmp.$$" "$2"
}

# copy_with_libs ROOT BIN [DEST] - BIN at DEST (its host path) and, for a
# dynamic one, every library ldd names plus the loader, at their host paths
copy_with_libs() {
	local root=$1 bin=$2 dest=${3:-$2} lib
	install -D -m 0755 "$bin" "$root$dest"
	ldd "$bin" > /dev/null 2>&1 || return 0	# static
	for lib in $(ldd "$bin" | awk '/=> \// {print $3} /^\t\// {print $1}'); do
		case $lib in "$top"/*)
			die "$bin needs $lib of the build tree, which the guest has not: meson configure build/meson -Dstatic_tools=true" ;;
		esac
		[ -e "$root$lib" ] || install -D -m 0755 "$(readlink -f "$lib")" "$root$lib"
	done
	if ldd "$bin" | grep -q 'not found'; then
		die "$bin: libraries not found: $(ldd "$bin" | grep 'not found' | tr -d '\t')"
	fi
}

# --- base archive -----------------------------------------------------------
base=${out%.cpio.gz}-base.cpio.gz
for b in "${host_bins[@]}" "${zbd_bins[@]}"; do
	[ -x "$b" ] || die "$b missing (scripts/deps.sh check installs it)"
done
key=$({ stat -L -c '%n %s %Y' "${host_bins[@]}" "${zbd_bins[@]}"
	for b in "${host_bins[@]}" "${zbd_bins[@]}"; do ldd "$b" 2>/dev/null || true; done |
		awk '/=> \// {print $3} /^\t\// {print $1}' | sort -u |
		xargs -r stat -L -c '%n %s %Y'
	cat "$0"; } | sha256sum | cut -d' ' -f1)
if [ -f "$base" ] && [ "$(cat "$base.key" 2>/dev/null)" = "$key" ]; then
	log "base archive up to date ($(du -h "$base" | cut -f1))"
else
	log "base archive: ${host_bins[*]##*/} ${zbd_bins[*]##*/} and their libraries"
	root=$(mktemp -d)
	trap 'rm -rf "$root"' EXIT
	mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,dev,proc,sys,tmp,mnt,etc}
	for b in "${host_bins[@]}"; do copy_with_libs "$root" "$b"; done
	mkdir -p "$root/opt/fio-zbd/bin"
	for b in "${zbd_bins[@]}"; do
		copy_with_libs "$root" "$b" "/opt/fio-zbd/bin/${b##*/}"
	done
	pack "$root" "$base"
	echo "$key" > "$base.key"
	rm -rf "$root"
	trap - EXIT
	log "base archive $(du -h "$base" | cut -f1)"
fi

# --- project archive --------------------------------------------------------
proj=${out%.cpio.gz}-project.cpio.gz
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
install -D -m 0755 "$top/kernel/guest/init" "$root/init"
# nvme-cli's host identity for nvme connect (the NVMe target over loop):
# without these files it makes up a host NQN but no host ID, the kernel
# then takes its default host's ID, and refuses the pair ("found same
# hostid ... but different hostnqn").  One fixed UUID for both.
hostid=7a6d6174-6800-4000-8000-00000000beef
mkdir -p "$root/etc/nvme"
echo "nqn.2014-08.org.nvmexpress:uuid:$hostid" > "$root/etc/nvme/hostnqn"
echo "$hostid" > "$root/etc/nvme/hostid"
mkdir -p "$root/guest" "$root/usr/local/bin"
install -m 0644 "$top"/kernel/guest/*.sh "$root/guest/"
rm -rf "$root/guest/tests"
cp -r "$top/kernel/guest/tests" "$root/guest/tests"
install -m 0644 "$top/bench/kernel/guest.sh" "$root/guest/bench.sh"

# The project's tools, built by meson (make kernel-check builds them first).
ex=$top/build/meson/examples
want=(zmath-zone zmath-write zmath-zns zmath-zonefs-mkfs)
for t in "${want[@]}"; do
	if [ -x "$ex/$t" ]; then
		copy_with_libs "$root" "$ex/$t" "/usr/local/bin/$t"
	else
		note "$ex/$t not built: the guest tests that require it fail"
	fi
done
# Any other executable meson built there (not the unit tests).
for f in "$ex"/*; do
	[ -f "$f" ] && [ -x "$f" ] || continue
	case ${f##*/} in test-* | "${want[0]}" | "${want[1]}" | "${want[2]}" | "${want[3]}") continue ;; esac
	copy_with_libs "$root" "$f" "/usr/local/bin/${f##*/}"
done

# btrfs-progs built on zmath.h (examples/btrfs-progs/build.sh) and Debian's
# unpatched one for the baseline checks.
bp=$top/build/btrfs-progs
for t in out/mkfs.btrfs out/btrfs out/sb-zones out-pristine/mkfs.btrfs; do
	if [ -x "$bp/$t" ]; then
		dst=${t#out/}
		[ "$t" = out-pristine/mkfs.btrfs ] && dst=mkfs.btrfs.pristine
		copy_with_libs "$root" "$bp/$t" "/usr/local/bin/$dst"
	else
		note "$bp/$t not built (examples/btrfs-progs/build.sh): the btrfs tests fail"
	fi
done
# f2fs-tools built on zmath.h (examples/f2fs-tools/build.sh), static, and
# Debian's unpatched mkfs.f2fs for the refusal check.
ft=$top/build/f2fs-tools
for t in out/mkfs.f2fs out/fsck.f2fs out/f2fs_io out-pristine/mkfs.f2fs; do
	dst=${t#out/}
	[ "$t" = out-pristine/mkfs.f2fs ] && dst=mkfs.f2fs.pristine
	[ -x "$ft/$t" ] || die "$ft/$t not built (examples/f2fs-tools/build.sh --pristine)"
	install -m 755 "$ft/$t" "$root/usr/local/bin/$dst"
done
# blkzone and libzbd's zbd on zmath.h and the same sources unpatched
# (examples/{util-linux,libzbd}/build.sh --pristine), static; fio's zoned
# suite from Debian's fio source (examples/fio/zbd-suite.sh),
# beside a link to fio where it looks for it (../../fio).
for t in util-linux/out/blkzone:blkzone.zmath \
	util-linux/out-pristine/blkzone:blkzone.pristine \
	libzbd/out/zbd:zbd.zmath libzbd/out-pristine/zbd:zbd.pristine; do
	f=$top/build/${t%%:*}
	if [ -x "$f" ]; then
		install -m 755 "$f" "$root/usr/local/bin/${t#*:}"
	else
		note "$f not built (examples/${t%%/*}/build.sh --pristine): the checks that run ${t#*:} will fail"
	fi
done
zbd=$(ls -d "$top"/build/fio/fio-[0-9]*/t/zbd 2> /dev/null | head -n 1 || true)
if [ -n "$zbd" ] && [ -f "$zbd/test-zbd-support" ]; then
	mkdir -p "$root/opt/fio-zbd/t/zbd"
	install -m 755 "$zbd/test-zbd-support" "$zbd/functions" "$root/opt/fio-zbd/t/zbd/"
	ln -s /usr/bin/fio "$root/opt/fio-zbd/fio"
else
	note "no build/fio/fio-*/t/zbd (examples/fio/zbd-suite.sh): fio-zbd checks will fail"
fi
pack "$root" "$proj"
rm -rf "$root"
trap - EXIT

cat "$base" "$proj" > "$out.tmp.$$"
mv "$out.tmp.$$" "$out"
log "$out ($(du -h "$out" | cut -f1))"
