# SPDX-License-Identifier: GPL-2.0-only
# nvmet.sh - the NVMe target over the loop transport, on a zoned backing
# device (busybox sh, sourced by suite.sh after lib.sh and zoned.sh).
# For tests/nvmet/; nvmet_checks also runs on a dm device (dm.sh).
#
# The target is set up through configfs (subsystem $NVMET_NQN, any host
# allowed, namespace 1 on the backing device, a loop port), Debian's
# nvme-cli connects to it, and the host namespace is checked against the
# backing device: geometry, zone report (block layer and nvme-cli), a
# write at the write pointer and zone appends (zmath-zns, io_uring
# passthrough on the ng char device) landing where the backing device's
# report says, the same data on both.  The target exports only zoned
# devices without conventional zones and without a smaller last zone.
# On the pristine kernels the npo2 backing null_blk cannot exist (REFUSED,
# the rest SKIPs); po2 works everywhere.

NVMET_CFS=/sys/kernel/config/nvmet
NVMET_NQN=nqn.2014-08.org.example.zmath:zns

# nvmet_host - the host's block device of namespace 1 of $NVMET_NQN
nvmet_host() {
	local c
	for c in /sys/class/nvme/nvme*; do
		[ "$(cat "$c/subsysnqn" 2> /dev/null)" = "$NVMET_NQN" ] || continue
		[ -b "/dev/${c##*/}n1" ] || return 1
		echo "/dev/${c##*/}n1"
		return 0
	done
	return 1
}

# nvmet_teardown - disconnect the host and remove the target's configfs
# tree, whatever part of it exists
nvmet_teardown() {
	local s=$NVMET_CFS/subsystems/$NVMET_NQN p=$NVMET_CFS/ports/1
	nvmet_host > /dev/null && nvme disconnect -n "$NVMET_NQN" > /dev/null 2>&1
	[ ! -L "$p/subsystems/$NVMET_NQN" ] || rm "$p/subsystems/$NVMET_NQN"
	[ ! -d "$p" ] || rmdir "$p"
	if [ -d "$s/namespaces/1" ]; then
		echo 0 > "$s/namespaces/1/enable"
		rmdir "$s/namespaces/1"
	fi
	[ ! -d "$s" ] || rmdir "$s"
}

# c_nvmet_export DEV - DEV is namespace 1 of $NVMET_NQN (enabled: the
# target takes it as a ZNS namespace), on loop port 1
c_nvmet_export() {
	blkdev "$1" || return 1
	local s=$NVMET_CFS/subsystems/$NVMET_NQN p=$NVMET_CFS/ports/1
	[ -d "$NVMET_CFS" ] || { echo "no $NVMET_CFS"; return 1; }
	dmesg_mark
	mkdir "$s" && echo 1 > "$s/attr_allow_any_host" && mkdir "$s/namespaces/1" &&
		echo -n "$1" > "$s/namespaces/1/device_path" || return 1
	if ! echo 1 > "$s/namespaces/1/enable"; then
		echo "namespace 1 on $1 not enabled; kernel: $(dmesg_new | grep -i nvmet | tail -n 2)"
		return 1
	fi
	mkdir "$p" && echo loop > "$p/addr_trtype" &&
		ln -s "$s" "$p/subsystems/$NVMET_NQN" || return 1
	echo "$1: namespace 1 of $NVMET_NQN, loop port 1"
	dmesg_new | grep -i nvmet | tail -n 3
}

# c_nvmet_connect - nvme connect -t loop; the host namespace appears
c_nvmet_connect() {
	need nvme || return 77
	local i=0 h c
	nvme connect -t loop -n "$NVMET_NQN" || return 1
	# the namespace scan is asynchronous
	until h=$(nvmet_host); do
		i=$((i + 1))
		[ $i -lt 10 ] || { echo "no block device for $NVMET_NQN"; ls /sys/class/nvme; return 1; }
		sleep 1
	done
	c=${h#/dev/}
	echo "$h: controller ${c%n1}, transport $(cat "/sys/class/nvme/${c%n1}/transport")"
}

# c_nvmecli_vs NG BACK - nvme-cli's zone report of the host namespace
# (SLBA, WP, capacity, state) is the backing device's, in host LBAs
c_nvmecli_vs() {
	need nvme || return 77
	need zmath-zone || return 77
	blkdev "$2" || return 1
	local spl=$(($(cat "/sys/block/$(basename "$1" | sed 's/^ng\([0-9]*\)n/nvme\1n/')/queue/logical_block_size") / 512))
	nvmecli_zones "$1" > /tmp/nz || return 1
	head -n 3 /tmp/nz
	zone_lines "$2" | awk -v spl="$spl" '
	function hx(v) { return v ? sprintf("0x%x", v) : "0" }	# nvme-cli: %#x
	BEGIN {	# the Zone State byte, as nvme-cli 2.3 prints it
		st["empty"] = "0x10"; st["implicit-open"] = "0x20"
		st["explicit-open"] = "0x30"; st["closed"] = "0x40"
		st["read-only"] = "0xd0"; st["full"] = "0xe0"; st["offline"] = "0xf0"
	}
	FILENAME == "/tmp/nz" { got[n++] = $0; next }
	{
		# a full zone: any write pointer (the backing device shows none)
		split(got[m + 0], f, " ")
		if ($7 == "full") f[2] = "-"
		g = f[1] " " f[2] " " f[3] " " f[4]
		want = hx($2 / spl) " " ($7 == "full" ? "-" : hx($5 / spl)) " " hx($4 / spl) " " st[$7]
		if (g != want) { print "zone " m + 0 ": nvme-cli \"" got[m + 0] "\", backing device \"" want "\""; bad = 1 }
		m++
	}
	END { if (n != m) { print "nvme-cli: " n + 0 " zones, backing device " m + 0; bad = 1 } exit bad }' /tmp/nz -
}

# c_append_lands NG BACK ZONE - zmath-zns appends 8 x 2 LBAs to ZONE of the
# host namespace (io_uring passthrough on NG; it checks that the returned
# LBAs tile the zone from its write pointer and reads them back): the
# backing device's write pointer of ZONE moves by as much, and the
# appended sectors read the same on the host block device and on BACK
c_append_lands() {
	need zmath-zns || return 77
	need zmath-zone || return 77
	local host=/dev/$(basename "$1" | sed 's/^ng\([0-9]*\)n/nvme\1n/') w0 w1 n
	blkdev "$host" || return 1
	n=$((16 * $(cat "/sys/block/${host##*/}/queue/logical_block_size") / 512))
	[ $n -ge 8 ] || { echo "appends of $n sectors: less than a page"; return 1; }
	w0=$(wp_of "$2" "$3")
	zmath-zns append --zone "$3" --count 8 --blocks 2 "$1" || return 1
	w1=$(wp_of "$2" "$3")
	echo "backing zone $3: wp $w0 -> $w1"
	[ "$w1" = $((w0 + n)) ] || { echo "want wp $((w0 + n))"; return 1; }
	# one read of at least a page: busybox dd reads into a page-aligned
	# buffer then (a smaller one is malloc'd, and where O_DIRECT refuses
	# it busybox drops O_DIRECT and reads the page cache)
	dd if="$host" of=/tmp/ap.host bs=$((n * 512)) count=1 skip=$((w0 * 512)) \
		iflag=skip_bytes,direct 2> /dev/null &&
		dd if="$2" of=/tmp/ap.back bs=$((n * 512)) count=1 skip=$((w0 * 512)) \
		iflag=skip_bytes,direct 2> /dev/null || return 1
	cmp /tmp/ap.host /tmp/ap.back || return 1
	[ "$(md5sum < /tmp/ap.host)" != "$(dd if=/dev/zero bs=512 count="$n" 2> /dev/null | md5sum)" ] ||
		{ echo "sectors $w0+$n are zeros on both"; return 1; }
	echo "sectors $w0+$n: the same on $host and $2"
}

# c_unaligned_read HOST START - 64 KiB written at START through the host
# with page-aligned buffers (fio, crc32c) read back through the host with
# O_DIRECT into buffers that start 64 bytes before a page end (fio
# mem_align=4032): the host queue takes them (dma_alignment 3, NVMe's
# dword), so each 512-byte read is two DMA segments, 64 + 448 bytes
c_unaligned_read() {
	blkdev "$1" || return 1
	need fio || return 77
	local j="--name=zmath --filename=$1 --rw=write --bs=512 --size=64k"
	j="$j --offset=$(($2 * 512)) --direct=1 --ioengine=psync --verify=crc32c"
	fio $j --do_verify=1 --output=/tmp/fu.1 > /tmp/fu.err 2>&1 ||
		{ echo "page-aligned write and verify failed"; cat /tmp/fu.err; return 1; }
	echo "host queue/dma_alignment $(cat "/sys/block/${1##*/}/queue/dma_alignment")"
	fio $j --verify_only --mem_align=4032 --output=/tmp/fu.2 > /tmp/fu.err 2>&1 ||
		{ grep -h 'verify failed\|Expected\|Received' /tmp/fu.2 /tmp/fu.err | head -n 3; return 1; }
	echo "64 KiB verified through buffers 64 bytes before a page end"
}

# c_nvmet_disconnect - nvme disconnect; the host namespace goes away
c_nvmet_disconnect() {
	need nvme || return 77
	local h
	h=$(nvmet_host) || { echo "not connected"; return 1; }
	nvme disconnect -n "$NVMET_NQN" || return 1
	[ ! -b "$h" ] || { echo "$h still there"; return 1; }
}

# c_nvmet_gone - after the teardown no subsystem, port or host is left
c_nvmet_gone() {
	nvmet_teardown
	local left="$(ls "$NVMET_CFS/subsystems")$(ls "$NVMET_CFS/ports")"
	[ -z "$left" ] || { echo "left in $NVMET_CFS: $left"; return 1; }
	! nvmet_host > /dev/null || { echo "host $(nvmet_host) still there"; return 1; }
}

# nvmet_checks GROUP BACK ZS NZ [unaligned] - BACK (NZ zones of ZS
# sectors, all sequential, zone capacity = zone size) exported over the
# loop transport and checked through the host; "unaligned" adds
# c_unaligned_read, which every kernel here fails (the target hands the
# host's dword-aligned segments to the backing device as they are, whose
# own queue would refuse them, and null_blk copies a segment shorter than
# a sector from the start of that sector): it runs only with
# zmath.nvmet_unaligned=1 on the kernel command line
nvmet_checks() {
	local g=$1 back=$2 host ng
	ZS=$3
	step "$g: nvmet: export it as a ZNS namespace on a loop port" c_nvmet_export "$back"
	step "$g: nvmet: nvme connect -t loop" c_nvmet_connect
	host=$(nvmet_host) || host=/dev/nvme-host-missing
	ng=/dev/ng${host#/dev/nvme}
	step "$g: nvmet: host queue/zoned host-managed" c_queue "$host" zoned host-managed
	step "$g: nvmet: host queue/chunk_sectors $3" c_queue "$host" chunk_sectors "$3"
	step "$g: nvmet: host queue/nr_zones $4" c_queue "$host" nr_zones "$4"
	step "$g: nvmet: host zone report = the backing device's" c_report_shifted "$host" "$back" 0 "$4"
	step "$g: nvmet: nvme-cli zns report-zones = the backing device's" c_nvmecli_vs "$ng" "$back"
	step "$g: nvmet: write at the wp of host zone 1" c_write_wp "$host" "$3" 128
	step "$g: nvmet: backing zone 1 wp moved with it" c_wp_below "$host" "$back" 0 "$3"
	step "$g: nvmet: the written data reads back on the backing device" c_read_back "$back"
	step "$g: nvmet: zone append (zmath-zns, io_uring on the ng device) lands at the backing wp of zone 2" \
		c_append_lands "$ng" "$back" 2
	step "$g: nvmet: host zone report after the writes = the backing device's" \
		c_report_shifted "$host" "$back" 0 "$4"
	step "$g: nvmet: nvme-cli report after the writes = the backing device's" c_nvmecli_vs "$ng" "$back"
	if [ "${5:-}" != unaligned ]; then
		:
	elif grep -q 'zmath\.nvmet_unaligned=1' /proc/cmdline; then
		step "$g: nvmet: O_DIRECT reads through the host into buffers 64 bytes before a page end" \
			c_unaligned_read "$host" $((3 * $3))
	else
		skip "$g: nvmet: O_DIRECT reads through the host into buffers 64 bytes before a page end" \
			"off by default: every kernel here reads wrong data (null_blk copies a sub-sector DMA segment from the sector start); zmath.nvmet_unaligned=1 runs it"
	fi
	step "$g: nvmet: nvme disconnect" c_nvmet_disconnect
	step "$g: nvmet: configfs torn down, no host left" c_nvmet_gone
	nvmet_teardown	# what a failed or skipped step left
}
