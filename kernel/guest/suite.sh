# SPDX-License-Identifier: GPL-2.0-only
# suite.sh - the zmath guest suite, run by /init under busybox sh.
#
# Zoned devices of power-of-2 (po2) and other (npo2) zone sizes: the two
# QEMU NVMe ZNS namespaces and null_blk devices made through configfs, then
# configurations the kernel must refuse.  MODE=patched: every device works.
# MODE=baseline (pristine 6.1): po2 devices work, npo2 ones are refused
# (TAP "# REFUSED", the rest of their checks SKIP); an npo2 device that the
# pristine kernel accepts is a failure, so both runs can fail.
. /guest/lib.sh
. /guest/zoned.sh

echo "# zmath guest suite, mode $MODE"
is_po2() { [ $(($1 & ($1 - 1))) = 0 ]; }

# created GROUP NPO2 OK_TEXT - the device exists: right unless baseline+npo2
created() {
	SKIPPING=
	if [ "$MODE" = baseline ] && [ "$2" = 1 ]; then
		notok "$1: created" "the pristine kernel accepted an npo2 zone size: $3"
	else
		ok "$1: created" "$3"
	fi
}
# not_created GROUP NPO2 WHY REFUSAL_PATTERN - the device is missing:
# REFUSED when the pristine kernel refused an npo2 one as expected
not_created() {
	if [ "$MODE" = baseline ] && [ "$2" = 1 ] && echo "$3" | grep -q "$4"; then
		refused "$1: created" "$(echo $3)"
		SKIPPING="refused by the pristine kernel"
	else
		notok "$1: created" "$3"
		SKIPPING="device not created"
	fi
}

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
	nvme zns report-zones "$1" > /tmp/nz 2>&1 || { cat /tmp/nz; return 1; }
	head -n 4 /tmp/nz
	awk -v nz="$2" -v zs="$3" -v cap="$4" '
		/SLBA:/ {
			for (i = 1; i < NF; i++) { if ($i == "SLBA:") s = $(i + 1); if ($i == "Cap:") c = $(i + 1) }
			want = n ? sprintf("0x%x", n * zs) : "0"	# nvme-cli: %#x
			wc = sprintf("0x%x", cap)
			if (s != want || c != wc) { print "zone " n + 0 ": SLBA " s " Cap " c ", want " want " " wc; bad = 1 }
			n++
		}
		END { if (n != nz) { print n " zones, want " nz; bad = 1 } exit bad }' /tmp/nz
}
c_zns_append() {
	need zmath-zns || return 77
	zmath-zns append --zone "$2" --count 8 --blocks 2 "$1"
}

nvme_case() { # GROUP NSID ZONE_MB NS_MB CAP_MB
	local g=$1 ng=/dev/ng0n$2 dev=/dev/nvme0n$2 zs=$(($3 * 2048)) npo2=0 why
	is_po2 $zs || npo2=1
	SKIPPING=
	section "$g"
	step "$g: generic char device $ng" test -c "$ng"
	step "$g: zmath-zns identify: $(($3 * 256)) LBA zones, capacity $(($5 * 256))" \
		c_zns_identify "$ng" $(($3 * 256)) "$([ $npo2 = 1 ] && echo npo2 || echo po2)" $(($5 * 256))
	step "$g: nvme-cli zns report-zones: $(($4 / $3)) zones of $(($3 * 256)) LBAs" \
		c_nvmecli_report "$ng" $(($4 / $3)) $(($3 * 256)) $(($5 * 256))
	if [ -b "$dev" ] && [ "$(cat /sys/block/nvme0n$2/nsid 2>/dev/null)" = "$2" ]; then
		created "$g" $npo2 "$dev, nsid $2"
	else
		why="no block device $dev; kernel: $(dmesg | grep "namespace:$2\$" | tail -n 1)"
		not_created "$g" $npo2 "$why" "invalid zone size:$zs for namespace:$2"
	fi
	dev_suite "$g" "$dev" "$3" "$4" "$5" 0
	# the char device works even where 6.1 hides the block device
	local skipping=$SKIPPING
	SKIPPING=
	step "$g: zone append through io_uring passthrough on $ng" c_zns_append "$ng" 2
	SKIPPING=$skipping
	if [ $npo2 = 1 ]; then
		step "$g: fio zbd write+verify, zones 3-4" c_fio "$dev" $((3 * zs)) $((2 * zs))
		step "$g: zmath-write (liburing) zones 5-7" c_zmath_write "$dev" 5 3
	fi
}
# NVMe first: the pristine kernel's refusal was logged at boot.
nvme_case "nvme npo2 96M cap80M" 1 96 960 80
nvme_case "nvme po2 128M" 2 128 1024 128

# --- null_blk ---------------------------------------------------------------
nullb_case() { # GROUP NAME SIZE_MB ZONE_MB CAP_MB NR_CONV [quiet: no dev_suite]
	local g=$1 name=$2 out npo2=0
	is_po2 $(($4 * 2048)) || npo2=1
	section "$g"
	NB_DEV=
	if out=$(nullb_new "$name" "$3" "$4" "$5" "$6"); then
		NB_DEV=$out
		created "$g" $npo2 "$NB_DEV"
	else
		not_created "$g" $npo2 "$out" "zone_size must be power-of-two"
	fi
	[ "${7:-}" = quiet ] || dev_suite "$g" "$NB_DEV" "$4" "$3" "$5" "$6"
}
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
# fio rounds its range down to whole zones: it never writes the smaller last
# zone, zmath-write fills that one
step "null_blk npo2 96M last20M: fio zbd write+verify, zones 3-4" \
	c_fio "$NB_DEV" $((3 * 96 * 2048)) $((2 * 96 * 2048))
step "null_blk npo2 96M last20M: zmath-write fills the last zone 5 (20M)" \
	c_zmath_write "$NB_DEV" 5 1 full
nullb_del nbnpo2l

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

# --- device mapper: dm-linear over zoned null_blk ------------------------------
# c_dm_linear NAME DEV ZS_SECT - dm-linear over all of DEV works and stays zoned
c_dm_linear() {
	blkdev "$2" || return 1
	need dmsetup || return 77
	local sz dm
	sz=$(cat "/sys/block/${2##*/}/size")
	dmsetup --noudevsync create "$1" --table "0 $sz linear $2 0" || return 1
	dm=$(basename "$(readlink -f "/sys/block/${2##*/}/holders/"*)")
	echo "$1 = $dm: $(cat /sys/block/$dm/queue/zoned), chunk_sectors $(cat /sys/block/$dm/queue/chunk_sectors), nr_zones $(cat /sys/block/$dm/queue/nr_zones)"
	[ "$(cat /sys/block/$dm/queue/zoned)" = host-managed ] &&
		[ "$(cat /sys/block/$dm/queue/chunk_sectors)" = "$3" ]
	local rc=$?
	dmsetup --noudevsync remove "$1" || return 1
	return $rc
}
# c_dm_refused NAME DEV - dm-linear over DEV refused, with a kernel message
# naming the reason, and no dm device left behind
c_dm_refused() {
	blkdev "$2" || return 1
	need dmsetup || return 77
	local sz out
	sz=$(cat "/sys/block/${2##*/}/size")
	dmesg_mark
	if out=$(dmsetup --noudevsync create "$1" --table "0 $sz linear $2 0" 2>&1); then
		echo "accepted: $out"
		dmsetup --noudevsync remove "$1"
		return 1
	fi
	echo "dmsetup: $out"
	dmesg_new | grep device-mapper | tail -n 3 | tee /tmp/dmmsg
	! dmsetup info "$1" > /dev/null 2>&1 || { echo "$1 left behind"; return 1; }
	grep -q 'not a power of 2' /tmp/dmmsg
}
nullb_case "dm-linear over null_blk po2 128M" dmpo2 512 128 128 0 quiet
step "dm-linear over null_blk po2 128M: table loads, zoned, chunk_sectors 262144" \
	c_dm_linear zmath-po2 "$NB_DEV" 262144
nullb_del dmpo2
nullb_case "dm-linear over null_blk npo2 96M" dmnpo2 576 96 96 0 quiet
step "dm-linear over null_blk npo2 96M: refused with a clear message" \
	c_dm_refused zmath-npo2 "$NB_DEV"
nullb_del dmnpo2

# --- zonefs (kernel/guest/zonefs.sh defines zonefs_suite) ---------------------
if [ -f /guest/zonefs.sh ]; then . /guest/zonefs.sh; zonefs_suite; else skip "zonefs" "no /guest/zonefs.sh"; fi

# --- btrfs (kernel/guest-btrfs/btrfs.sh, issue 5), through our TAP -----------
# The project's mkfs.btrfs/btrfs/sb-zones (btrfs-progs 6.2 on zmath.h) and
# Debian's unpatched mkfs.btrfs.pristine, from examples/btrfs-progs/build.sh.
# Data cycles (write, remount, verify, read-only scrub, a data block group
# freed by the cleaner, its zone reset and reused, verify) on po2 and npo2
# null_blk and on the npo2 NVMe ZNS namespace; both superblock mirrors on
# 5 TiB sparse null_blk; Debian's mkfs.btrfs refusing npo2.  On the
# pristine kernel npo2 devices do not exist (REFUSED above), po2 ones pass.
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
	local g=$1 rc=0
	shift
	sh "$BTRFS_SH" -S -t /mnt/btrfs -p /usr/local/bin/mkfs.btrfs.pristine "$@" \
		> /tmp/btrfs.out 2>&1 || rc=$?
	# not a pipe: relay must run in this shell to keep the counters
	relay "$g" < /tmp/btrfs.out
	grep -q '^# btrfs next ' /tmp/btrfs.out ||
		notok "$g: btrfs.sh $1 ran to its end" "exit $rc: $(tail -n 3 /tmp/btrfs.out)"
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

section "btrfs"
SKIPPING=
btrfs_t0=$(date +%s)
if [ ! -f "$BTRFS_SH" ]; then
	notok "btrfs: $BTRFS_SH in the initramfs"
elif ! has mkfs.btrfs || ! has btrfs || ! has sb-zones || ! has mkfs.btrfs.pristine; then
	notok "btrfs: mkfs.btrfs, btrfs, sb-zones, mkfs.btrfs.pristine in the initramfs" \
		"examples/btrfs-progs/build.sh --pristine builds them"
else
	check "btrfs: sb-zones --check: the rule gives today's zones for po2, 5461/43690 for 96 MiB" \
		sb-zones --check
	# Debian's tool: refuses npo2, formats po2 (the control)
	btrfs_nullb "Debian mkfs.btrfs on null_blk npo2 96M" btbasen 1536 96 baseline
	btrfs_nullb "Debian mkfs.btrfs on null_blk po2 128M" btbasep 2048 128 baseline
	btrfs_nullb "btrfs on null_blk po2 128M" btpo2 2048 128 data
	btrfs_nullb "btrfs on null_blk npo2 96M" btnpo2 1536 96 data
	g="btrfs on nvme npo2 96M cap80M"
	if [ "$MODE" = baseline ] && [ ! -b /dev/nvme0n1 ]; then
		skip "$g: btrfs.sh data" "the pristine kernel refused the npo2 namespace (nvme npo2 96M cap80M: created)"
	elif out=$(c_nvme_free /dev/nvme0n1 2>&1); then
		comment "$out"
		btrfs_sh "$g" data /dev/nvme0n1 nvme-npo2-96M
	else
		notok "$g: /dev/nvme0n1 free for btrfs" "$out"
	fi
	# both superblock mirrors: 5 TiB sparse, memory-backed
	btrfs_nullb "btrfs mirrors on null_blk npo2 96M 5T" btmirn 5242880 96 mirrors
	btrfs_nullb "btrfs mirrors on null_blk po2 128M 5T" btmirp 5242880 128 mirrors
fi
comment "btrfs: $(($(date +%s) - btrfs_t0)) s"

section "done"
finish
