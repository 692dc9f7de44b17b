# SPDX-License-Identifier: GPL-2.0-only
# suite.sh - the zmath guest suite, run by /init under busybox sh.
#
# Zoned devices of power-of-2 (po2) and other (npo2) zone sizes: the two
# QEMU NVMe ZNS namespaces and null_blk devices made through configfs,
# configurations the kernel must refuse, device mapper tables, the NVMe
# target over the loop transport, zonefs, btrfs and f2fs, and zones that
# fail (offline, read-only, bad sectors), and concurrent I/O under the
# zone limits.  On every kernel base
# ($BASE, 6.12 or 6.1) MODE=patched: npo2 devices work, and what the
# series of that base does not convert (dm on 6.1, zonefs and btrfs on
# 6.12: npo2_series) is refused with its message, a check of its own.
# MODE=baseline (pristine tree): po2 devices work, npo2 ones are refused
# (TAP "# REFUSED", the rest of their checks SKIP); an npo2 device that the
# pristine kernel accepts is a failure, so both runs can fail.
# zmath.only=SECTION[,SECTION] runs only those of $sections (the end of
# this file), for quick runs; the default is all of them.
. /guest/lib.sh
. /guest/zoned.sh
. /guest/nvmet.sh
. /guest/dm.sh
. /guest/faults.sh
. /guest/powercut.sh
. /guest/tools.sh
. /guest/load.sh
. /guest/fio-zbd.sh

echo "# zmath guest suite, mode $MODE, base ${BASE:-unknown}${ONLY:+, only $ONLY}"
if [ -z "$BASE" ]; then
	notok "kernel base: 6.12 or 6.1" "uname -r is $(uname -r): no expectations for it"
	finish
	exit 1
fi
ok "kernel base: $BASE" "uname -r: $(uname -r), mode $MODE"

# --- NVMe ZNS namespaces (QEMU: nsid 1 96 MiB zones, nsid 2 128 MiB) --------
# c_zns_identify NG LBAS PO2 CAP_LBAS - our libnvme tool on the char device
c_zns_identify() {
	need zmath-zns || return 77
	zmath-zns identify "$1" > /tmp/id 2>&1 || { cat /tmp/id; return 1; }
	cat /tmp/id
	grep -q "zone size: $2 LBAs (.*, $3)" /tmp/id &&
		grep -q "zone capacity: $4 LBAs" /tmp/id
}
# c_nvmecli_report NG NZ ZS_LBAS CAP_LBAS - Debian's nvme-cli, a witness
# that owes nothing to libzmath: NZ zones, zone i at i*ZS_LBAS, capacity
c_nvmecli_report() {
	need nvme || return 77
	nvmecli_zones "$1" > /tmp/nz || return 1
	head -n 3 /tmp/nz
	awk -v nz="$2" -v zs="$3" -v cap="$4" '
		{
			want = n ? sprintf("0x%x", n * zs) : "0"	# nvme-cli: %#x
			wc = sprintf("0x%x", cap)
			if ($1 != want || $3 != wc) { print "zone " n + 0 ": SLBA " $1 " Cap " $3 ", want " want " " wc; bad = 1 }
			n++
		}
		END { if (n != nz) { print n + 0 " zones, want " nz; bad = 1 } exit bad }' /tmp/nz
}
c_zns_append() {
	need zmath-zns || return 77
	zmath-zns append --zone "$2" --count 8 --blocks 2 "$1"
}

nvme_case() { # GROUP NSID ZONE_MB NS_MB CAP_MB
	local g=$1 y=$(nvme_inst $2) zs=$(($3 * 2048)) npo2=0 why
	local ng=/dev/ng0n$y dev=/dev/nvme0n$y
	is_po2 $zs || npo2=1
	SKIPPING=
	section "$g"
	step "$g: generic char device $ng" test -c "$ng"
	step "$g: zmath-zns identify: $(($3 * 256)) LBA zones, capacity $(($5 * 256))" \
		c_zns_identify "$ng" $(($3 * 256)) "$([ $npo2 = 1 ] && echo npo2 || echo po2)" $(($5 * 256))
	step "$g: nvme-cli zns report-zones: $(($4 / $3)) zones of $(($3 * 256)) LBAs" \
		c_nvmecli_report "$ng" $(($4 / $3)) $(($3 * 256)) $(($5 * 256))
	if [ -b "$dev" ] && [ "$(cat /sys/block/nvme0n$y/nsid 2>/dev/null)" = "$2" ]; then
		created "$g" $npo2 "$dev, nsid $2"
	else
		why="no block device $dev; kernel: $(dmesg | grep "namespace: *$2\$" | tail -n 1)"
		# pristine 6.1 says it in 512-byte sectors, 6.12 in LBAs
		if [ "$BASE" = 6.12 ]; then
			not_created "$g" $npo2 "$why" "invalid zone size: $(($3 * 256)) for namespace: $2\$"
		else
			not_created "$g" $npo2 "$why" "invalid zone size:$zs for namespace:$2\$"
		fi
	fi
	dev_suite "$g" "$dev" "$3" "$4" "$5" 0
	# the char device works even where 6.1 hides the block device
	local skipping=$SKIPPING
	SKIPPING=
	step "$g: zone append through io_uring passthrough on $ng" c_zns_append "$ng" 2
	SKIPPING=$skipping
	if [ $npo2 = 1 ]; then
		step "$g: fio zbd write+verify, zones 3-4 (to their capacity)" \
			c_fio "$dev" $((3 * zs)) $((2 * zs)) $((2 * $5 * 1048576))
		step "$g: zmath-write (liburing) zones 5-7" c_zmath_write "$dev" 5 3
	fi
}
nvme_suite() {
	nvme_case "nvme npo2 96M cap80M" 1 96 960 80
	nvme_case "nvme po2 128M" 2 128 1024 128
}

# --- null_blk ---------------------------------------------------------------
nullb_suite() {
	nullb_case "null_blk po2 128M conv2" nbpo2c 512 128 128 2
	nullb_del nbpo2c
	nullb_case "null_blk npo2 96M conv2" nbnpo2c 576 96 96 2
	nullb_del nbnpo2c
	nullb_case "null_blk po2 128M cap100M" nbpo2cap 512 128 100 0
	nullb_del nbpo2cap
	nullb_case "null_blk npo2 96M cap80M" nbnpo2cap 576 96 80 0
	step "null_blk npo2 96M cap80M: zmath-write (liburing) zones 2-4" c_zmath_write "$NB_DEV" 2 3
	nullb_del nbnpo2cap
	nullb_case "null_blk po2 128M last88M" nbpo2l 600 128 128 0
	nullb_del nbpo2l
	nullb_case "null_blk npo2 96M last20M" nbnpo2l 500 96 96 0
	# fio rounds its range down to whole zones: it never writes the
	# smaller last zone, zmath-write fills that one
	step "null_blk npo2 96M last20M: fio zbd write+verify, zones 3-4" \
		c_fio "$NB_DEV" $((3 * 96 * 2048)) $((2 * 96 * 2048))
	step "null_blk npo2 96M last20M: zmath-write fills the last zone 5 (20M)" \
		c_zmath_write "$NB_DEV" 5 1 full
	nullb_del nbnpo2l
}

# --- configurations the kernel must refuse, cleanly --------------------------
# c_bad NAME SIZE ZONE CAP PATCHED_MSG BASELINE_MSG - power-on refused, the
# kernel says why (the message of this kernel), and no device is left
c_bad() {
	local out want=$5
	[ "$MODE" = patched ] || want=$6
	if out=$(nullb_new "$1" "$2" "$3" "$4"); then
		echo "accepted: $out"
		nullb_del "$1"
		return 1
	fi
	echo "$out"
	[ ! -e "/dev/$1" ] || { echo "/dev/$1 exists"; return 1; }
	echo "$out" | grep -qi "$want" || { echo "no kernel message like '$want'"; return 1; }
}
refusals_suite() {
	section "refusals"
	SKIPPING=
	step "bad null_blk configs: zone_size 0 refused with a message" c_bad bad0 512 0 0 \
		"zone_size must not be 0" "zone_size must be power-of-two"
	step "bad null_blk configs: zone 512M > device 256M refused with a message" c_bad badbig 256 512 512 \
		"zone_size (512 MB) larger than device capacity (256 MB)" "Zone size larger than device capacity"
	step "bad null_blk configs: zone capacity 128M > zone 64M refused with a message" c_bad badcap 512 64 128 \
		"zone capacity (128 MB) larger than zone size (64 MB)" "zone capacity (128 MB) larger than zone size (64 MB)"
	step "bad null_blk configs: po2 smaller last zone + capacity 32M refused with a message" c_bad badlast 200 64 32 \
		"smaller last zone is not allowed with zone capacity smaller" "smaller last zone is not allowed with zone capacity smaller"
	step "bad null_blk configs: npo2 smaller last zone + capacity 80M refused with a message" c_bad badlastn 500 96 80 \
		"smaller last zone is not allowed with zone capacity smaller" "zone_size must be power-of-two"
}

# device mapper (dm.sh: dm_suite), the NVMe target (nvmet.sh: nvmet_suite),
# zonefs (zonefs.sh: zonefs_suite), f2fs (f2fs.sh: f2fs_suite)
. /guest/zonefs.sh
. /guest/f2fs.sh

# --- btrfs (kernel/guest-btrfs/btrfs.sh, issue 5), through our TAP -----------
# The project's mkfs.btrfs/btrfs/sb-zones (btrfs-progs 6.2 on zmath.h) and
# Debian's unpatched mkfs.btrfs.pristine, from examples/btrfs-progs/build.sh.
# Data cycles (write, remount, verify, read-only scrub, a data block group
# freed by the cleaner, its zone reset and reused, verify) on po2 and npo2
# null_blk and on the npo2 NVMe ZNS namespace; both superblock mirrors on
# 5 TiB sparse null_blk; Debian's mkfs.btrfs refusing npo2.  On the
# pristine kernel npo2 devices do not exist (REFUSED above), po2 ones pass.
# 6.12's series refuses npo2 in btrfs for now: its npo2 groups format with
# the project's mkfs.btrfs and check that the mount is refused (EINVAL) and
# writes nothing.
BTRFS_SH=/guest/guest-btrfs/btrfs.sh
# relay GROUP - re-emit btrfs.sh's TAP lines as ours, under GROUP; its
# comments stay comments ("# "), a userspace "WARNING:" is said in lower
# case (the judge fails a run on a kernel "WARNING:", which the kernel
# prints on the console itself)
relay() {
	local line d
	while IFS= read -r line; do
		case $line in *WARNING:*) line="${line%%WARNING:*}warning:${line#*WARNING:}" ;; esac
		case $line in
		"not ok "*) d=${line#not ok * - }; notok "$1: ${d#btrfs: }" ;;
		"ok "*" # SKIP "*) d=${line#ok * - }; d=${d#btrfs: }
			skip "$1: ${d%% # SKIP *}" "${d#* # SKIP }" ;;
		"ok "*) d=${line#ok * - }; ok "$1: ${d#btrfs: }" ;;
		"#"*) echo "$line" ;;
		*) echo "# $line" ;;
		esac
	done
}
# btrfs_sh GROUP ARGS... - one btrfs.sh run, relayed; it must reach its
# last line ("# btrfs next N") and pass
btrfs_sh() {
	local g=$1 cmd=$2 rc=0 why
	shift
	if why=$(stable_bug_skip btrfs-meta-wp); then
		set -- -R "$why" "$@"
	fi
	sh "$BTRFS_SH" -S -t /mnt/btrfs -p /usr/local/bin/mkfs.btrfs.pristine "$@" \
		> /tmp/btrfs.out 2>&1 || rc=$?
	# not a pipe: relay must run in this shell to keep the counters
	relay "$g" < /tmp/btrfs.out
	grep -q '^# btrfs next ' /tmp/btrfs.out ||
		notok "$g: btrfs.sh $cmd ran to its end" "exit $rc: $(tail -n 3 /tmp/btrfs.out)"
}
# btrfs_nullb GROUP NAME SIZE_MB ZONE_MB CMD - a fresh null_blk (created or,
# npo2 on the pristine kernel, REFUSED), btrfs.sh CMD on it
btrfs_nullb() {
	nullb_case "$1" "$2" "$3" "$4" "$4" 0 quiet
	if [ -n "$SKIPPING" ]; then
		skip "$1: btrfs.sh $5" "$SKIPPING"
	else
		btrfs_sh "$1" "$5" "$NB_DEV" "$2"
	fi
	nullb_del "$2"
}
# c_nvme_free DEV - the ZNS namespace is there and nothing holds it (the
# zoned checks and zonefs ran on it before)
c_nvme_free() {
	blkdev "$1" || return 1
	! grep -q "^$1 " /proc/mounts || { echo "$1 is mounted: $(grep "^$1 " /proc/mounts)"; return 1; }
	[ -z "$(ls "/sys/block/${1##*/}/holders" 2>/dev/null)" ] ||
		{ echo "$1 has holders: $(ls "/sys/block/${1##*/}/holders")"; return 1; }
	echo "$1: $(cat "/sys/block/${1##*/}/size") sectors, zones of $(cat "/sys/block/${1##*/}/queue/chunk_sectors")"
}

btrfs_suite() {
	local t0=$(date +%s) g out dev
	section "btrfs"
	SKIPPING=
	if [ ! -f "$BTRFS_SH" ]; then
		notok "btrfs: $BTRFS_SH in the initramfs"
		return
	elif ! has mkfs.btrfs || ! has btrfs || ! has sb-zones || ! has mkfs.btrfs.pristine; then
		notok "btrfs: mkfs.btrfs, btrfs, sb-zones, mkfs.btrfs.pristine in the initramfs" \
			"examples/btrfs-progs/build.sh --pristine builds them"
		return
	fi
	check "btrfs: sb-zones --check: the rule gives today's zones for po2, 5461/43690 for 96 MiB" \
		sb-zones --check
	# Debian's tool: refuses npo2, formats po2 (the control)
	btrfs_nullb "Debian mkfs.btrfs on null_blk npo2 96M" btbasen 1536 96 baseline
	btrfs_nullb "Debian mkfs.btrfs on null_blk po2 128M" btbasep 2048 128 baseline
	btrfs_nullb "btrfs on null_blk po2 128M" btpo2 2048 128 data
	btrfs_nullb "btrfs on null_blk npo2 96M" btnpo2 1536 96 data
	g="btrfs on nvme npo2 96M cap80M" dev=/dev/nvme0n$(nvme_inst 1)
	[ "$MODE" != baseline ] || [ -b $dev ] ||
		SKIPPING="the pristine kernel refused the npo2 namespace (nvme npo2 96M cap80M: created)"
	if [ -n "$SKIPPING" ]; then
		skip "$g: btrfs.sh data" "$SKIPPING"
	elif ! out=$(c_nvme_free $dev 2>&1); then
		notok "$g: $dev free for btrfs" "$out"
	else
		comment "$out"
		btrfs_sh "$g" data $dev nvme-npo2-96M
	fi
	SKIPPING=
	# both superblock mirrors: 5 TiB sparse, memory-backed
	btrfs_nullb "btrfs mirrors on null_blk npo2 96M 5T" btmirn 5242880 96 mirrors
	btrfs_nullb "btrfs mirrors on null_blk po2 128M 5T" btmirp 5242880 128 mirrors
	comment "btrfs: $(($(date +%s) - t0)) s"
}

sections="nvme nullb refusals dm nvmet zonefs btrfs f2fs faults tools load fiozbd"
for sec in $(echo "$ONLY" | tr , ' '); do
	case " $sections " in
	*" $sec "*) ;;
	*) notok "zmath.only=$ONLY: section $sec exists" "sections: $sections" ;;
	esac
done
for sec in $sections; do
	want_section $sec && ${sec}_suite
done
section "done"
finish
