# SPDX-License-Identifier: GPL-2.0-only
# zns.sh - the two NVMe ZNS namespaces every QEMU guest of the project gets
# (bash, sourced by run.sh and try.sh):
#   nsid 1: 96 MiB zones (npo2), 10 zones, zone capacity 80 MiB
#   nsid 2: 128 MiB zones (po2), 8 zones
# on one controller, serial zmath0001, 4096-byte blocks.  The guest suite
# (kernel/guest/nvme.sh and the tests that use the namespaces) expects
# exactly these.

# zns_setup DIR [po2] - fresh, sparse backing files in DIR (QEMU keeps no
# zone state across runs, so the data must not outlive it either), and the
# QEMU options that attach them in the array zns_qemu_args; with po2, nsid 2
# alone (the kernel bench's boot without a non-power-of-2 device)
zns_setup() {
	local dir=$1 only=${2:-}
	local ns=logical_block_size=4096,physical_block_size=4096,zoned=true
	mkdir -p "$dir"
	rm -f "$dir/ns1-npo2.img" "$dir/ns2-po2.img"
	zns_qemu_args=(-device nvme,id=nvme0,serial=zmath0001)
	if [ "$only" != po2 ]; then
		truncate -s 960M "$dir/ns1-npo2.img"
		zns_qemu_args+=(
			-drive "file=$dir/ns1-npo2.img,id=ns1,format=raw,if=none"
			-device "nvme-ns,drive=ns1,bus=nvme0,nsid=1,$ns,zoned.zone_size=96M,zoned.zone_capacity=80M"
		)
	fi
	truncate -s 1024M "$dir/ns2-po2.img"
	zns_qemu_args+=(
		-drive "file=$dir/ns2-po2.img,id=ns2,format=raw,if=none"
		-device "nvme-ns,drive=ns2,bus=nvme0,nsid=2,$ns,zoned.zone_size=128M"
	)
}
