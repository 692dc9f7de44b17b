# SPDX-License-Identifier: GPL-2.0-only
# zonefs.sh - what the zonefs tests share (busybox sh, sourced by suite.sh
# after lib.sh and zoned.sh): a zoned null_blk, po2 or npo2, formatted by
# the project's zmath-zonefs-mkfs, its geometry and the checks of more
# than one test of tests/zonefs/.  Each of zonefs/002-005 runs its part of
# the cycle on a po2 and an npo2 device of its own; a device's checks are
# one group over the four tests, its "created" check in zonefs/002.
#
# Expected values come from shell arithmetic on the configured geometry and
# from the rules of fs/zonefs/super.c, never from what the mounted zonefs
# shows:
#   - zone 0 holds the super block and backs no file;
#   - the N-th zone of a type (after zone 0) is file cnv/N or seq/N; its
#     inode number is its zone number on the device;
#   - with aggr_cnv, a run of contiguous conventional zones is one file,
#     named and numbered after the first zone of the run;
#   - a file's size is its zone's write pointer offset (conventional: the
#     zone capacity), its st_blocks the zone capacity in 512-byte sectors;
#   - the root is inode nr_zones, cnv/ nr_zones + 1, seq/ nr_zones + 2.
#
# MODE=baseline (pristine 6.1, 6.12): null_blk refuses npo2 zone sizes, so
# the npo2 group reports "# REFUSED" (zonefs/002) and SKIPs the rest; po2
# must pass in both modes.  Everything else that fails is "not ok", a
# mount refused for npo2 too.

ZF_MNT=/mnt/zonefs
ZF_TMP=/tmp/zf

# --- geometry of the device under test (sectors), set by zf_device ----------
# ZF_DEV ZF_ZS ZF_CAP ZF_END ZF_NZ ZF_NCONV
zf_zone_len() { # ZONE
	local s=$(($1 * ZF_ZS))
	[ $((ZF_END - s)) -lt "$ZF_ZS" ] && echo $((ZF_END - s)) || echo "$ZF_ZS"
}
zf_zone_cap() { # ZONE - capacity: conventional zones are full length
	local len
	len=$(zf_zone_len "$1")
	if [ "$1" -lt "$ZF_NCONV" ] || [ "$len" -lt "$ZF_CAP" ]; then
		echo "$len"
	else
		echo "$ZF_CAP"
	fi
}
# Expected file counts: conventional zones 1..NCONV-1 (all of them one file
# with aggr_cnv), sequential zones NCONV..NZ-1.
zf_nr_cnv() { # AGGR(0|1)
	local n=$((ZF_NCONV > 1 ? ZF_NCONV - 1 : 0))
	[ "$1" = 1 ] && [ $n -gt 1 ] && n=1
	echo $n
}
zf_nr_seq() { echo $((ZF_NZ - (ZF_NCONV > 1 ? ZF_NCONV : 1))); }
zf_seq_zone() { echo $((ZF_NCONV > 1 ? ZF_NCONV + $1 : 1 + $1)); }

# zf_sect0 DEV - checksum of the first 4 KiB of DEV
zf_sect0() { dd if="$1" bs=4096 count=1 iflag=direct 2> /dev/null | md5sum | cut -d' ' -f1; }

# --- the device of a group --------------------------------------------------
# zf_device GROUP NAME SIZE_MB ZONE_MB CAP_MB NR_CONV [created] - a fresh
# memory-backed null_blk in $ZF_DEV, its geometry in ZF_*, an empty
# $ZF_TMP.  With "created", the group's check that it exists (REFUSED
# for npo2 on the pristine kernel); without, a refusal the pristine kernel
# owes is SKIPPING alone (zonefs/002 reported it), any other a failure.
zf_device() {
	local g=$1 npo2=0 out
	ZF_ZS=$(($4 * 2048)) ZF_CAP=$(($5 * 2048)) ZF_END=$(($3 * 2048)) ZF_NCONV=$6
	ZF_NZ=$(((ZF_END + ZF_ZS - 1) / ZF_ZS))
	is_po2 $ZF_ZS || npo2=1
	SKIPPING= ZF_DEV=
	rm -rf "$ZF_TMP"
	mkdir -p "$ZF_TMP" "$ZF_MNT"
	dd if=/dev/urandom of="$ZF_TMP/a" bs=64K count=4 2> /dev/null
	if out=$(nullb_new "$2" size="$3" zone_size="$4" zone_capacity="$5" zone_nr_conv="$6"); then
		ZF_DEV=$out
		[ -z "${7:-}" ] || created "$g" $npo2 "$out, $ZF_NZ zones, $ZF_NCONV conventional, zone_append_max_bytes $(cat "/sys/block/${out##*/}/queue/zone_append_max_bytes")"
	elif [ -z "${7:-}" ] && [ "$MODE" = baseline ] && [ $npo2 = 1 ] &&
		echo "$out" | grep -q "zone_size must be power-of-two"; then
		SKIPPING="refused by the pristine kernel"
	else
		not_created "$g" $npo2 "$out" "zone_size must be power-of-two"
	fi
}

# zf_umount - unmount $ZF_MNT if it is mounted
zf_umount() {
	if grep -q " $ZF_MNT " /proc/mounts; then umount "$ZF_MNT" || umount -l "$ZF_MNT"; fi
}

# zf_done NAME - unmounted, the null_blk NAME gone
zf_done() {
	zf_umount
	nullb_del "$1"
	SKIPPING=
}

# zf_ready GROUP [ARGS...] - what a test starts from, no check of its own:
# zmath-zonefs-mkfs -f ARGS, then mounted.  A failure is "not ok" and
# the group's checks after it SKIP.
zf_ready() {
	local g=$1 out
	shift
	[ -z "$SKIPPING" ] || return 0
	if ! out=$(zmath-zonefs-mkfs -f "$@" "$ZF_DEV" 2>&1); then
		notok "$g: mkfs -f $*" "$out"
		SKIPPING="zonefs not formatted"
	elif ! out=$(mount -t zonefs "$ZF_DEV" "$ZF_MNT" 2>&1); then
		notok "$g: mount -t zonefs" "$out"
		SKIPPING="zonefs not mounted"
	fi
	rm -f "$ZF_TMP"/sum.*
}

# --- checks (0 holds, 1 does not, 77 cannot run), run through step ---------

# c_zf_mkfs_refused DEV PATTERN [ARGS...] - zmath-zonefs-mkfs exits 1 with
# a message matching PATTERN and the first 4 KiB of DEV are unchanged
c_zf_mkfs_refused() {
	local dev=$1 pat=$2 before after out rc=0
	shift 2
	blkdev "$dev" || return 1
	need zmath-zonefs-mkfs || return 77
	before=$(zf_sect0 "$dev")
	out=$(zmath-zonefs-mkfs "$@" "$dev" 2>&1) || rc=$?
	echo "$out" | tail -n 3
	after=$(zf_sect0 "$dev")
	[ $rc = 1 ] || { echo "exit status $rc, want 1"; return 1; }
	echo "$out" | grep -q "$pat" || { echo "no message like '$pat'"; return 1; }
	[ "$before" = "$after" ] || { echo "first 4 KiB changed: $before -> $after"; return 1; }
}

# c_zf_mkfs [ARGS...] - format; the plan names the expected file counts, the
# super block carries the zonefs magic ("SFOZ", little-endian 0x5a4f4653)
c_zf_mkfs() {
	local aggr=0 out rc=0 want magic
	blkdev "$ZF_DEV" || return 1
	need zmath-zonefs-mkfs || return 77
	case " $* " in *aggr_cnv*) aggr=1 ;; esac
	out=$(zmath-zonefs-mkfs "$@" "$ZF_DEV" 2>&1) || rc=$?
	echo "$out"
	[ $rc = 0 ] || { echo "exit status $rc"; return 1; }
	want="files: $(zf_nr_cnv $aggr) under cnv/, $(zf_nr_seq) under seq/"
	echo "$out" | grep -q "$want" || { echo "plan does not say '$want'"; return 1; }
	magic=$(dd if="$ZF_DEV" bs=4096 count=1 iflag=direct 2> /dev/null | head -c 4)
	[ "$magic" = SFOZ ] || { echo "sector 0 starts with '$magic', not the zonefs magic"; return 1; }
	# the format emptied every file: forget their checksums
	rm -f "$ZF_TMP"/sum.*
}

# c_zf_cnv_files AGGR - cnv/: one file per conventional zone after zone 0
# (size = zone capacity, inode = zone number) or, with aggr_cnv, cnv/0 of
# them all, inode 1
c_zf_cnv_files() {
	local n i f got want len bad=0 z
	n=$(zf_nr_cnv "$1")
	got=$(ls "$ZF_MNT/cnv" 2> /dev/null | wc -l)
	[ "$got" = "$n" ] || { echo "cnv/ has $got files, want $n: $(ls "$ZF_MNT/cnv" 2>&1 | tr '\n' ' ')"; bad=1; }
	i=0
	while [ $i -lt "$n" ]; do
		f=$ZF_MNT/cnv/$i
		if [ "$1" = 1 ]; then
			z=1 len=0
			while [ $z -lt "$ZF_NCONV" ]; do len=$((len + $(zf_zone_cap $z))); z=$((z + 1)); done
			z=1
		else
			z=$((i + 1)) len=$(zf_zone_cap $((i + 1)))
		fi
		want="$z $((len * 512)) $len"
		got=$(stat -c '%i %s %b' "$f" 2>&1)
		[ -f "$f" ] || got="$got (not a regular file)"
		[ "$got" = "$want" ] || { echo "cnv/$i: ino size blocks '$got', want '$want'"; bad=1; }
		echo "cnv/$i: $got"
		i=$((i + 1))
	done
	return $bad
}

# c_zf_statfs AGGR - statfs: total bytes = the capacities of zones 1..NZ-1;
# used = conventional zones (always full) and every sequential zone up to its
# write pointer (full: its capacity) per the device's zone report; files =
# the files and directories of both groups
c_zf_statfs() {
	local z total=0 used=0 nc files got bs
	need zmath-zone || return 77
	zmath-zone report "$ZF_DEV" > "$ZF_TMP/rep" || { cat "$ZF_TMP/rep"; return 1; }
	z=1
	while [ $z -lt "$ZF_NZ" ]; do
		total=$((total + $(zf_zone_cap $z) * 512))
		z=$((z + 1))
	done
	used=$(awk -v nconv="$ZF_NCONV" -v cap="$ZF_CAP" -v zs="$ZF_ZS" -v end="$ZF_END" '
		NF == 7 && $2 ~ /^[0-9]+$/ && $1 > 0 {
			s = $1 * zs; len = end - s < zs ? end - s : zs
			c = $1 < nconv ? len : (cap < len ? cap : len)
			if ($1 < nconv || $7 == "full") u += c * 512
			else if ($7 != "empty") u += ($5 - s) * 512
		}
		END { printf "%d\n", u }' "$ZF_TMP/rep")
	nc=$(zf_nr_cnv "$1")
	files=$(($(zf_nr_seq) + 1 + (nc > 0 ? nc + 1 : 0)))
	set -- $(stat -f -c '%S %b %f %c' "$ZF_MNT")
	bs=$1
	got="$(($1 * $2)) $(($1 * $3)) $4"
	[ "$got" = "$total $((total - used)) $files" ] ||
		{ echo "statfs bytes, free bytes, files: '$got', want '$total $((total - used)) $files' (block $bs)"; return 1; }
	echo "statfs: $total bytes, $((total - used)) free, $files files (block $bs)"
}

# What each seq file must hold: $ZF_TMP/sum.N is "SIZE MD5" of its content
# when last checked (none: empty).  Checksums rather than copies: busybox
# cmp of tens of MiB is slow under TCG.
ZF_MD5_EMPTY=d41d8cd98f00b204e9800998ecf8427e
zf_sum() { cat "$ZF_TMP/sum.$1" 2> /dev/null || echo "0 $ZF_MD5_EMPTY"; }
zf_md5() { md5sum | cut -d' ' -f1; }
# zf_readback N - seq/N, read with O_DIRECT, into $ZF_TMP/back
zf_readback() {
	dd if="$ZF_MNT/seq/$1" of="$ZF_TMP/back" bs=1M iflag=direct 2> /dev/null ||
		{ echo "seq/$1: read failed"; return 1; }
}

# zf_verify N - seq/N reads back (O_DIRECT) what it held when last checked,
# and its zone's write pointer sits at the zone start + its size
zf_verify() {
	local z size wp want
	z=$(zf_seq_zone "$1")
	want=$(zf_sum "$1")
	size=$(stat -c %s "$ZF_MNT/seq/$1") || return 1
	[ "$size" = "${want% *}" ] || { echo "seq/$1: size $size, want ${want% *}"; return 1; }
	zf_readback "$1" || return 1
	[ "$(zf_md5 < "$ZF_TMP/back")" = "${want#* }" ] ||
		{ echo "seq/$1: content md5 $(zf_md5 < "$ZF_TMP/back"), want ${want#* }"; return 1; }
	wp=$(wp_of "$ZF_DEV" "$z")
	if [ "$size" -lt $(($(zf_zone_cap "$z") * 512)) ]; then
		[ "$wp" = $((z * ZF_ZS + size / 512)) ] ||
			{ echo "seq/$1: size $size but zone $z wp $wp, want $((z * ZF_ZS + size / 512))"; return 1; }
	fi
	echo "seq/$1 (zone $z): $size bytes, md5 ${want#* }, wp $wp"
}

# zf_grown N SIZE0 - seq/N grew from SIZE0 bytes: its first SIZE0 bytes are
# what it held, the new content becomes the expected one
zf_grown() {
	local old
	old=$(zf_sum "$1")
	zf_readback "$1" || return 1
	[ "$(head -c "$2" "$ZF_TMP/back" | zf_md5)" = "${old#* }" ] ||
		{ echo "seq/$1: the first $2 bytes changed"; return 1; }
	echo "$(stat -c %s "$ZF_TMP/back") $(zf_md5 < "$ZF_TMP/back")" > "$ZF_TMP/sum.$1"
}

# zf_fio FILE BYTES BS - write BYTES at the end of FILE (fio file_append:
# at offset = file size, i.e. the write pointer), O_DIRECT, asynchronous
# (libaio, one write in flight), each block checked by fio's crc32c verify
# on read-back.  Asynchronous: zonefs/005 checks the synchronous path,
# which pristine 6.1.192 fails.
zf_fio() {
	fio --name=zonefs --filename="$1" --rw=write --bs="$3" --size="$2" \
		--file_append=1 --fallocate=none --allow_file_create=0 \
		--direct=1 --ioengine=libaio --iodepth=1 \
		--verify=crc32c --do_verify=1 --verify_fatal=1 \
		--output-format=json --output="$ZF_TMP/fio.out" \
		> "$ZF_TMP/fio.err" 2>&1
}
