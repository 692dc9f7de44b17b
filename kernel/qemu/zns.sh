# SPDX-License-Identifier: GPL-2.0-only
# zns.sh - the NVMe ZNS namespaces of the project's QEMU guests (bash,
# sourced by run.sh and try.sh), on one controller, serial zmath0001,
# 4096-byte blocks:
#   nsid 1: 96 MiB zones (npo2), 10 zones, zone capacity 80 MiB
#   nsid 2: 128 MiB zones (po2), 8 zones
#   nsid 3: one zone of 2^30 blocks (4 TiB, po2): 2^33 512-byte sectors,
#           more than the queue's chunk_sectors holds
# A guest gets namespaces 1 and 2, which the guest suite
# (kernel/guest/nvme.sh and the tests that use them) expects, unless a set
# of its own is asked for:
#   po2   nsid 2 alone (the kernel bench's boot without an npo2 device,
#         the first npo2 device of a boot)
#   huge  nsids 2 and 3 (a namespace the kernel must refuse, beside one
#         it takes)

# zns_namespace NSID - the size of the backing file and the zone options
# of namespace NSID
zns_namespace() {
	case $1 in
	1) echo "960M zoned.zone_size=96M,zoned.zone_capacity=80M" ;;
	2) echo "1024M zoned.zone_size=128M" ;;
	3) echo "4T zoned.zone_size=4T" ;;
	esac
}

# zns_setup DIR [SET] - fresh, sparse backing files in DIR (QEMU keeps no
# zone state across runs, so the data must not outlive it either), and the
# QEMU options that attach them in the array zns_qemu_args
zns_setup() {
	local dir=$1 nsids nsid size zone
	local ns=logical_block_size=4096,physical_block_size=4096,zoned=true
	case ${2:-} in
	"") nsids="1 2" ;;
	po2) nsids=2 ;;
	huge) nsids="2 3" ;;
	*) echo "zns.sh: no namespace set '$2' (po2, huge)" >&2; return 1 ;;
	esac
	mkdir -p "$dir"
	zns_cleanup "$dir"
	zns_qemu_args=(-device nvme,id=nvme0,serial=zmath0001)
	for nsid in $nsids; do
		read -r size zone <<< "$(zns_namespace "$nsid")"
		truncate -s "$size" "$dir/ns$nsid.img"
		zns_qemu_args+=(
			-drive "file=$dir/ns$nsid.img,id=ns$nsid,format=raw,if=none"
			-device "nvme-ns,drive=ns$nsid,bus=nvme0,nsid=$nsid,$ns,$zone"
		)
	done
}

# zns_cleanup DIR - remove the backing files of DIR (nsid 3's is 4 TiB,
# sparse: a backup or a copy of DIR might not keep it so)
zns_cleanup() {
	rm -f "$1"/ns[0-9]*.img
}
