#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# btrfs.sh - btrfs on zoned block devices of any zone size, in the QEMU guest.
#
#   btrfs.sh [options] data DEVICE [NAME]
#       mkfs.btrfs -O zoned, mount, write files of random content (checksums
#       kept outside the filesystem), sync, umount, mount, verify, scrub,
#       delete and rewrite so that block groups are freed, their zones reset
#       and reused, verify again.
#   btrfs.sh [options] mirrors [ZONE_MIB] [SIZE_GIB]
#       a sparse memory-backed zoned null_blk over 4 TiB (default 96 MiB zones,
#       5120 GiB) where both superblock mirrors exist: mkfs, mount, write,
#       umount, and check with dump-super -s 1 / -s 2 that btrfs-progs finds
#       the mirrors the kernel wrote, in the zones the rule gives.
#   btrfs.sh [options] baseline DEVICE
#       Debian's unpatched mkfs.btrfs (-p) must refuse an npo2 zoned device.
#
# Options:
#   -m PATH  patched mkfs.btrfs   (default: mkfs.btrfs next to this script,
#   -b PATH  patched btrfs          then in bin/ next to it, then $PATH)
#   -s PATH  sb-zones, the superblock zone rule built from zmath.h (optional:
#            the rule is also computed here with shell arithmetic)
#   -p PATH  Debian's unpatched mkfs.btrfs, for baseline
#   -n N     number of the first TAP line (default 1)
#   -t DIR   mount point (default /mnt/btrfs-test)
#
# Prints TAP lines "ok N - btrfs: ..." / "not ok N - btrfs: ...", comments
# starting with "#", and as its last line "# btrfs next N" (the number the
# caller's next TAP line should take).  Exit status 0 if every check passed,
# 1 if one failed, 2 for bad usage.  Runs under busybox sh; needs dd,
# sha256sum, md5sum, mount, awk and, for "mirrors", configfs with null_blk.
#
# Hook for the suite: either run it ("sh btrfs.sh -n $n data /dev/nullb0")
# and continue numbering from its last line, or source it with
# BTRFS_SH_LIB=1 set and call btrfs_data / btrfs_mirrors / btrfs_baseline
# with the runner's own ok/not ok counter in $tap_n.

here=$(cd "$(dirname "$0")" 2>/dev/null && pwd)
tap_n=${tap_n:-1}
btrfs_failed=0
mnt=/mnt/btrfs-test
work=/tmp/btrfs-test
MKFS='' BTRFS='' SBZONES='' PRISTINE=''

tap() {
	# tap ok|fail DESCRIPTION
	if [ "$1" = ok ]; then
		echo "ok $tap_n - btrfs: $2"
	else
		echo "not ok $tap_n - btrfs: $2"
		btrfs_failed=$((btrfs_failed + 1))
	fi
	tap_n=$((tap_n + 1))
}
check() {
	# check DESCRIPTION COMMAND...: one TAP line from a command's status
	local d=$1
	shift
	if "$@" > "$work/out" 2>&1; then
		tap ok "$d"
	else
		tap fail "$d"
		sed 's/^/#   /' "$work/out" | tail -n 20
		return 1
	fi
}
skip() { echo "ok $tap_n - btrfs: $1 # SKIP $2"; tap_n=$((tap_n + 1)); }
note() { echo "# btrfs: $*"; }

find_tool() {
	# find_tool NAME: next to this script, in bin/ beside it, or in $PATH
	local f
	for f in "$here/$1" "$here/bin/$1" "$here/../bin/$1"; do
		[ -x "$f" ] && { echo "$f"; return 0; }
	done
	command -v "$1" 2>/dev/null
}

# --- helpers -----------------------------------------------------------------

dev_name() { basename "$(readlink -f "$1")"; }
# zone size and capacity of a device, in bytes, from sysfs
zone_bytes() { echo $(($(cat "/sys/block/$(dev_name "$1")/queue/chunk_sectors") * 512)); }
dev_bytes() { echo $(($(cat "/sys/block/$(dev_name "$1")/size") * 512)); }

# The superblock log rule, in shell arithmetic (64-bit in busybox sh):
# mirror 1 and 2 sit in the zone holding 512 GiB and 4 TiB.
sb_zone_sh() {
	case $2 in
	0) echo 0 ;;
	1) echo $(((512 << 30) / $1)) ;;
	2) echo $(((4096 << 30) / $1)) ;;
	esac
}

mkfs_zoned() {
	# mkfs_zoned DEVICE LABEL
	"$MKFS" -f -O zoned -d single -m single -L "$2" "$1"
}

write_files() {
	# write_files DIR TAG SUMFILE: ~12 MiB of random data in files of uneven
	# sizes (4 KiB to 4 MiB, some not block multiples), checksums to SUMFILE
	local dir=$1 tag=$2 sums=$3 i spec name bs count
	mkdir -p "$dir" || return 1
	i=0
	for spec in 4096:1 65536:3 1048576:1 1048576:4 131072:5 1000:7 \
		    1048576:2 4096:333 1048576:3 65536:17; do
		bs=${spec%:*} count=${spec#*:}
		name=$dir/$tag-$i
		dd if=/dev/urandom of="$name" bs="$bs" count="$count" 2>/dev/null ||
			return 1
		i=$((i + 1))
	done
	(cd "$dir" && sha256sum "$tag"-* && md5sum "$tag"-*) >> "$sums"
}

verify_files() {
	# verify_files DIR SUMFILE: every sha256 and md5 recorded must match
	local sha md5
	sha=$(grep -c '^[0-9a-f]\{64\} ' "$2")
	md5=$(grep -c '^[0-9a-f]\{32\} ' "$2")
	[ "$sha" -gt 0 ] && [ "$sha" = "$md5" ] || { echo "no checksums"; return 1; }
	grep '^[0-9a-f]\{64\} ' "$2" > "$work/sha" &&
	grep '^[0-9a-f]\{32\} ' "$2" > "$work/md5" &&
	(cd "$1" && sha256sum -c "$work/sha" && md5sum -c "$work/md5")
}

scrub_clean() {
	"$BTRFS" scrub start -B "$1" > "$work/scrub" 2>&1
	local rc=$?
	cat "$work/scrub"
	[ $rc = 0 ] && grep -q 'no errors found' "$work/scrub"
}

# dev_extents DEVICE TYPE: physical offsets of the chunks whose type
# matches TYPE (DATA, or . for all), from the chunk tree, device 1
dev_extents() {
	"$BTRFS" inspect-internal dump-tree -t chunk "$1" 2>/dev/null |
		awk -v t="type $2" '/ CHUNK_ITEM /  { item = 1; next }
		     item && $0 ~ t { data = 1 }
		     item && data && /stripe 0 devid 1 offset/ {
			print $NF; item = 0; data = 0 }
		     / item [0-9]+ key / { item = 0; data = 0 }'
}

# --- data: write, remount, verify, scrub, rewrite ----------------------------

btrfs_data() {
	local dev=$1 name=${2:-$(dev_name "$1")} zs sums before after reused x
	zs=$(zone_bytes "$dev")
	note "$name: $dev, zone size $zs bytes ($((zs >> 20)) MiB), capacity $(dev_bytes "$dev") bytes"
	sums=$work/$name.sums
	rm -f "$sums"
	umount "$mnt" 2>/dev/null
	mkdir -p "$mnt"

	check "$name: mkfs.btrfs -O zoned" mkfs_zoned "$dev" "zmath-$name" ||
		return 1
	grep -i 'zone\|error' "$work/out" | sed 's/^/#   /'
	check "$name: mount" mount -t btrfs "$dev" "$mnt" || return 1
	check "$name: write ~12 MiB of random files, sha256+md5 recorded" \
		write_files "$mnt/a" a "$sums"
	check "$name: sync and umount" sh -c "sync && umount $mnt"
	check "$name: mount again" mount -t btrfs "$dev" "$mnt" || return 1
	check "$name: every checksum matches after remount" \
		verify_files "$mnt/a" "$sums"
	check "$name: scrub finds no errors" scrub_clean "$mnt"

	# Free the data block groups: the kernel resets their zones (fs/btrfs
	# discard path for zoned devices) and the allocator reuses them.
	check "$name: umount" umount "$mnt"
	before=$(dev_extents "$dev" .)
	note "$name: all chunks before delete at (bytes): $(echo $before)"
	note "$name: data chunks before delete at: $(echo $(dev_extents "$dev" DATA))"
	mount -t btrfs "$dev" "$mnt" || { tap fail "$name: remount"; return 1; }
	rm -rf "$mnt/a"
	sync
	"$BTRFS" balance start -dusage=0 "$mnt" > "$work/balance" 2>&1
	sed 's/^/#   balance: /' "$work/balance"
	sync
	check "$name: write a second set after delete" \
		write_files "$mnt/b" b "$sums.b"
	check "$name: sync and umount" sh -c "sync && umount $mnt"
	after=$(dev_extents "$dev" DATA)
	note "$name: data chunks after rewrite at (bytes): $(echo $after)"
	reused=
	for x in $after; do
		case " $(echo $before) " in *" $x "*) reused="$reused $x" ;; esac
	done
	if [ -z "$before" ] || [ -z "$after" ]; then
		tap fail "$name: no data dev extents found with dump-tree"
	elif [ -n "$reused" ]; then
		tap ok "$name: zones of freed chunks reset and reused for data at$reused"
	else
		# Not reused is not corruption; say so without claiming reuse.
		skip "$name: zones of freed chunks reused" "new extents at $(echo $after)"
	fi
	for x in $after; do
		[ $((x % zs)) = 0 ] || {
			tap fail "$name: dev extent $x not on a zone boundary"
			x=bad
			break
		}
	done
	[ "$x" = bad ] || tap ok "$name: every data dev extent starts on a zone boundary"
	check "$name: mount after rewrite" mount -t btrfs "$dev" "$mnt" || return 1
	check "$name: second set verifies" verify_files "$mnt/b" "$sums.b"
	check "$name: first set is gone" sh -c "! ls $mnt/a"
	check "$name: scrub after rewrite finds no errors" scrub_clean "$mnt"
	check "$name: final umount" umount "$mnt"
}

# --- mirrors: both superblock copies on a > 4 TiB npo2 device ----------------

nullb_big=
make_big_nullb() {
	# make_big_nullb ZONE_MIB SIZE_GIB: prints the device path
	local cfg=/sys/kernel/config/nullb d
	[ -d "$cfg" ] || mount -t configfs none /sys/kernel/config 2>/dev/null
	[ -d "$cfg" ] || { echo "no null_blk configfs at $cfg"; return 1; }
	d=$cfg/btrfsbig
	rmdir "$d" 2>/dev/null
	mkdir "$d" || return 1
	echo 4096 > "$d/blocksize" &&
	echo $(($2 * 1024)) > "$d/size" &&
	echo 1 > "$d/memory_backed" &&
	echo 1 > "$d/zoned" &&
	echo "$1" > "$d/zone_size" &&
	echo 0 > "$d/zone_nr_conv" &&
	echo 1 > "$d/power" || { rmdir "$d"; return 1; }
	# 6.1 names a configfs null_blk after its directory; older kernels
	# nullb<index>
	nullb_big=/dev/btrfsbig
	[ -b "$nullb_big" ] || nullb_big=/dev/nullb$(cat "$d/index")
	[ -b "$nullb_big" ] || { echo "no block device for $d"; return 1; }
}

super_field() {
	# super_field MIRROR FIELD: a field of dump-super -s MIRROR
	"$BTRFS" inspect-internal dump-super -s "$1" "$nullb_big" 2>/dev/null |
		awk -v f="$2" '$1 == f { print $2; exit }'
}

btrfs_mirrors() {
	local zmib=${1:-96} sgib=${2:-5120} zs m z zr start gen0 g fsid0 f
	local name="npo2-${zmib}M-${sgib}G"
	[ "$sgib" -gt 4096 ] || note "$name: $sgib GiB does not reach 4 TiB: mirror 2 absent"
	if ! make_big_nullb "$zmib" "$sgib" > "$work/out" 2>&1; then
		tap fail "$name: create sparse memory-backed zoned null_blk"
		sed 's/^/#   /' "$work/out"
		return 1
	fi
	tap ok "$name: sparse memory-backed zoned null_blk $nullb_big"
	zs=$(zone_bytes "$nullb_big")
	[ "$zs" = $((zmib << 20)) ] || tap fail "$name: zone size $zs, asked $((zmib << 20))"

	# the rule, twice: shell arithmetic and sb-zones (zmath.h, as the tools)
	for m in 0 1 2; do
		z=$(sb_zone_sh "$zs" $m)
		start=$((z * zs))
		note "$name: rule: mirror $m in zone $z, start $start ($((start >> 20)) MiB)"
		if [ -n "$SBZONES" ]; then
			zr=$("$SBZONES" "$zs" | awk -v m=$m '$2 == m { print $4 }')
			[ "$zr" = "$z" ] ||
				tap fail "$name: sb-zones says mirror $m in zone $zr, shell $z"
		fi
	done

	umount "$mnt" 2>/dev/null
	mkdir -p "$mnt"
	check "$name: mkfs.btrfs -O zoned" mkfs_zoned "$nullb_big" "zmath-mirrors" ||
		return 1
	gen0=$(super_field 0 generation)
	fsid0=$(super_field 0 fsid)
	for m in 1 2; do
		g=$(super_field $m generation)
		f=$(super_field $m fsid)
		if [ -n "$g" ] && [ "$f" = "$fsid0" ]; then
			tap ok "$name: after mkfs, dump-super -s $m finds mirror $m (generation $g)"
		else
			tap fail "$name: after mkfs, dump-super -s $m finds no mirror $m"
			"$BTRFS" inspect-internal dump-super -s $m "$nullb_big" 2>&1 |
				head -n 5 | sed 's/^/#   /'
		fi
	done

	# The kernel reads the mirrors at mount (zone info) and writes all three
	# at every commit: a newer generation in the zones btrfs-progs reads.
	check "$name: mount" mount -t btrfs "$nullb_big" "$mnt" || return 1
	check "$name: write ~12 MiB" write_files "$mnt/m" m "$work/$name.sums"
	check "$name: sync and umount" sh -c "sync && umount $mnt"
	g=$(super_field 0 generation)
	note "$name: primary generation $gen0 after mkfs, $g after the kernel's commits"
	for m in 1 2; do
		if [ -n "$g" ] && [ "$g" != "$gen0" ] &&
		   [ "$(super_field $m generation)" = "$g" ] &&
		   [ "$(super_field $m fsid)" = "$fsid0" ]; then
			tap ok "$name: dump-super -s $m reads the kernel's mirror $m, generation $g, zone $(sb_zone_sh "$zs" $m)"
		else
			tap fail "$name: dump-super -s $m generation $(super_field $m generation), primary $g"
		fi
	done
	if command -v zmath-zone > /dev/null; then
		# Zone report: the mirror zones hold data, their neighbours none.
		zmath-zone report "$nullb_big" > "$work/zones" 2>&1
		for m in 1 2; do
			z=$(sb_zone_sh "$zs" $m)
			awk -v a=$((z - 1)) -v b=$((z + 2)) \
				'$1 ~ /^[0-9]+$/ && $1 >= a && $1 <= b' \
				"$work/zones" | sed 's/^/#   /'
			if awk -v z=$z '$1 == z && $5 > $2 { ok = 1 } END { exit !ok }' \
				"$work/zones" &&
			   awk -v z=$((z - 1)) '$1 == z && $5 == $2 { ok = 1 } END { exit !ok }' \
				"$work/zones"; then
				tap ok "$name: zone report: zone $z written, zone $((z - 1)) empty"
			else
				tap fail "$name: zone report does not show mirror $m in zone $z"
			fi
		done
	else
		skip "$name: zone report of the mirror zones" "zmath-zone not in PATH"
	fi
	check "$name: mount again, every checksum matches" \
		mount_verify "$nullb_big" "$mnt/m" "$work/$name.sums"
	check "$name: final umount" umount "$mnt"
}

mount_verify() {
	# mount_verify DEVICE DIR SUMFILE
	mount -t btrfs "$1" "$mnt" && verify_files "$2" "$3"
}

# --- baseline: Debian's btrfs-progs 6.2 refuses npo2 -------------------------

btrfs_baseline() {
	local dev=$1 zs
	zs=$(zone_bytes "$dev")
	if [ -z "$PRISTINE" ] || [ ! -x "$PRISTINE" ]; then
		skip "baseline: Debian mkfs.btrfs refuses npo2" "no pristine mkfs.btrfs (-p)"
		return 0
	fi
	if [ $((zs & (zs - 1))) = 0 ]; then
		note "baseline: $dev has a power-of-2 zone size $zs: nothing to refuse"
		return 0
	fi
	"$PRISTINE" -f -O zoned -d single -m single "$dev" > "$work/out" 2>&1
	local rc=$?
	sed 's/^/#   /' "$work/out" | tail -n 5
	if [ $rc != 0 ] && grep -q 'not a power of 2' "$work/out"; then
		tap ok "baseline: Debian mkfs.btrfs refuses $((zs >> 20)) MiB zones (exit $rc)"
	else
		tap fail "baseline: Debian mkfs.btrfs exit $rc on $((zs >> 20)) MiB zones"
	fi
}

btrfs_setup() {
	mkdir -p "$work" "$mnt"
	[ -n "$MKFS" ] || MKFS=$(find_tool mkfs.btrfs)
	[ -n "$BTRFS" ] || BTRFS=$(find_tool btrfs)
	[ -n "$SBZONES" ] || SBZONES=$(find_tool sb-zones)
	[ -n "$MKFS" ] && [ -n "$BTRFS" ] || {
		echo "btrfs.sh: no mkfs.btrfs/btrfs found (-m, -b)" >&2
		return 2
	}
	note "mkfs.btrfs $MKFS, btrfs $BTRFS, sb-zones ${SBZONES:-none}"
	if [ -n "$SBZONES" ]; then
		check "sb-zones --check: the rule gives today's zones for po2, 5461/43690 for 96 MiB" \
			"$SBZONES" --check
	fi
	return 0
}

[ -n "$BTRFS_SH_LIB" ] && return 0 2>/dev/null

while getopts m:b:s:p:n:t: o; do
	case $o in
	m) MKFS=$OPTARG ;;
	b) BTRFS=$OPTARG ;;
	s) SBZONES=$OPTARG ;;
	p) PRISTINE=$OPTARG ;;
	n) tap_n=$OPTARG ;;
	t) mnt=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cmd=$1
[ $# -gt 0 ] && shift
btrfs_setup || exit 2
case $cmd in
data) [ $# -ge 1 ] || exit 2; btrfs_data "$@" ;;
mirrors) btrfs_mirrors "$@" ;;
baseline) [ $# -ge 1 ] || exit 2; btrfs_baseline "$@" ;;
*) echo "usage: btrfs.sh [-m mkfs] [-b btrfs] [-s sb-zones] [-p pristine-mkfs] [-n N] data DEV [NAME] | mirrors [ZONE_MIB] [SIZE_GIB] | baseline DEV" >&2
   exit 2 ;;
esac
echo "# btrfs next $tap_n"
[ $btrfs_failed = 0 ]
