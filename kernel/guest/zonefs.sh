# SPDX-License-Identifier: GPL-2.0-only
# zonefs.sh - zonefs on zoned null_blk, po2 and npo2 zone sizes, formatted
# by the project's zmath-zonefs-mkfs (busybox sh, sourced by suite.sh after
# lib.sh and zoned.sh), for tests/zonefs/.
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
# the npo2 group reports "# REFUSED" and SKIPs the rest; po2 must pass in
# both modes.  Everything else that fails is "not ok", a mount refused for
# npo2 too.

ZF_MNT=/mnt/zonefs
ZF_TMP=/tmp/zf

# --- geometry of the device under test (sectors), set by zf_group ----------
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

# c_zf_nonzoned - a plain (not zoned) null_blk is refused, nothing written
c_zf_nonzoned() {
	local dev rc=0
	dev=$(nullb_new zfplain zoned=0 size=64) || { echo "null_blk: $dev"; return 1; }
	echo "$dev: queue/zoned $(cat "/sys/block/${dev##*/}/queue/zoned")"
	# something to destroy: a 4 KiB pattern at sector 0
	dd if=/dev/urandom of="$dev" bs=4096 count=1 oflag=direct conv=notrunc 2> /dev/null
	c_zf_mkfs_refused "$dev" "not a zoned block device" -f || rc=1
	nullb_del zfplain
	return $rc
}

# c_zf_one_zone SIZE_MB - a zoned null_blk of a single zone is refused and
# its zone 0 (sequential) stays empty at its start
c_zf_one_zone() {
	local dev c w rc=0
	need zmath-zone || return 77
	dev=$(nullb_new zfone size="$1" zone_size="$1") || { echo "null_blk of 1 zone: $dev"; return 1; }
	c_zf_mkfs_refused "$dev" "1 zone: zonefs needs zone 0 for its super block" -f || rc=1
	c=$(cond_of "$dev" 0) w=$(wp_of "$dev" 0)
	echo "zone 0: $c, wp $w"
	if [ "$c" != empty ] || [ "$w" != 0 ]; then
		echo "zone 0 is $c at $w, want empty at 0"
		rc=1
	fi
	nullb_del zfone
	return $rc
}

# c_zf_seq_sb ZONE_MB CAP_MB - on a device of 3 sequential zones, mkfs
# writes the super block into sequential zone 0 and finishes that zone (as
# mkzonefs does); zonefs mounts it with seq/0 and seq/1 (zones 1 and 2,
# inodes 1 and 2, capacity CAP) and no cnv/
c_zf_seq_sb() {
	local dev out rc=0 c got want mnt=$ZF_MNT.seq0
	need zmath-zonefs-mkfs || return 77
	need zmath-zone || return 77
	dev=$(nullb_new zfseq0 size=$(($1 * 3)) zone_size="$1" \
		zone_capacity="$2" zone_nr_conv=0) || { echo "null_blk: $dev"; return 1; }
	out=$(zmath-zonefs-mkfs "$dev" 2>&1) || rc=$?
	echo "$out" | grep -E 'super block|files:'
	c=$(cond_of "$dev" 0)
	mkdir -p "$mnt"
	if [ $rc != 0 ]; then
		echo "$out" | tail -n 2
		echo "mkfs: exit status $rc"
	elif [ "$c" != full ]; then
		echo "zone 0 is $c after mkfs, want full"
		rc=1
	elif ! mount -t zonefs "$dev" "$mnt"; then
		rc=1
	else
		want="1 0 $(($2 * 2048)) 2 0 $(($2 * 2048)) nocnv"
		got="$(stat -c '%i %s %b' "$mnt/seq/0" "$mnt/seq/1" | tr '\n' ' ')"
		[ -e "$mnt/cnv" ] && got="${got}cnv" || got="${got}nocnv"
		echo "seq/0, seq/1 (ino size blocks): $got"
		[ "$got" = "$want" ] || { echo "want '$want'"; rc=1; }
		umount "$mnt" || rc=1
	fi
	nullb_del zfseq0
	return $rc
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

# c_zf_mkfs_busy - formatting the mounted device is refused
c_zf_mkfs_busy() {
	c_zf_mkfs_refused "$ZF_DEV" "busy" -f
}

# c_zf_seq_files - seq/ holds files 0..n-1, seq/i backing zone NCONV+i:
# inode number = zone number, size 0 (empty zone), blocks = zone capacity
c_zf_seq_files() {
	local n i z f got want bad=0
	n=$(zf_nr_seq)
	got=$(ls "$ZF_MNT/seq" | wc -l)
	[ "$got" = "$n" ] || { echo "seq/ has $got files, want $n: $(ls "$ZF_MNT/seq" | tr '\n' ' ')"; bad=1; }
	i=0
	while [ $i -lt "$n" ]; do
		z=$(zf_seq_zone $i) f=$ZF_MNT/seq/$i
		want="$z 0 $(zf_zone_cap $z)"
		got=$(stat -c '%i %s %b' "$f" 2>&1)
		[ -f "$f" ] || got="$got (not a regular file)"
		[ "$got" = "$want" ] || { echo "seq/$i: ino size blocks '$got', want '$want'"; bad=1; }
		i=$((i + 1))
	done
	[ $bad = 0 ] && echo "seq/0..$((n - 1)): zones $(zf_seq_zone 0)..$(zf_seq_zone $((n - 1))), $(zf_zone_cap $(zf_seq_zone 0)) sectors each"
	return $bad
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

# c_zf_dirs - the directory inode numbers zonefs derives from nr_zones
c_zf_dirs() {
	local got want
	got="$(stat -c %i "$ZF_MNT") $(stat -c %i "$ZF_MNT/cnv") $(stat -c %i "$ZF_MNT/seq")"
	want="$ZF_NZ $((ZF_NZ + 1)) $((ZF_NZ + 2))"
	[ "$got" = "$want" ] || { echo "root cnv seq inodes '$got', want '$want'"; return 1; }
	echo "root cnv seq inodes: $got"
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
# on read-back.  Asynchronous: c_zf_sync_write checks the synchronous path,
# which pristine 6.1.192 fails.
zf_fio() {
	fio --name=zonefs --filename="$1" --rw=write --bs="$3" --size="$2" \
		--file_append=1 --fallocate=none --allow_file_create=0 \
		--direct=1 --ioengine=libaio --iodepth=1 \
		--verify=crc32c --do_verify=1 --verify_fatal=1 \
		--output-format=json --output="$ZF_TMP/fio.out" \
		> "$ZF_TMP/fio.err" 2>&1
}

# c_zf_write N BYTES BS - append BYTES to seq/N at its write pointer: the
# size grows by BYTES, the zone's wp with it, fio verifies the new data and
# what the file held before is unchanged; fio counts BYTES written and read
c_zf_write() {
	local f=$ZF_MNT/seq/$1 size0 size rc=0 got
	need fio || return 77
	[ -f "$f" ] || { echo "no $f"; return 1; }
	size0=$(stat -c %s "$f")
	zf_fio "$f" "$2" "$3" || rc=$?
	got=$(fio_totals "$ZF_TMP/fio.out")
	echo "fio: $got"
	[ $rc = 0 ] || { cat "$ZF_TMP/fio.err"; return 1; }
	[ "$got" = "written $2 read $2 error 0" ] ||
		{ echo "want written $2 read $2 error 0"; return 1; }
	size=$(stat -c %s "$f")
	[ "$size" = $((size0 + $2)) ] || { echo "seq/$1: size $size, want $((size0 + $2))"; return 1; }
	zf_grown "$1" "$size0" || return 1
	zf_verify "$1"
}

# c_zf_write_off_wp N - a write 64 KiB past seq/N's end is refused; size and
# write pointer stay
c_zf_write_off_wp() {
	local f=$ZF_MNT/seq/$1 z size wp
	z=$(zf_seq_zone "$1")
	size=$(stat -c %s "$f") wp=$(wp_of "$ZF_DEV" "$z")
	if dd if=/dev/zero of="$f" bs=64K count=1 seek=$((size + 65536)) \
		oflag=direct,seek_bytes conv=notrunc 2> "$ZF_TMP/dd.err"; then
		echo "write at $((size + 65536)), file size $size: accepted"
		return 1
	fi
	echo "refused: $(grep -v records "$ZF_TMP/dd.err" | head -n 1)"
	[ "$(stat -c %s "$f")" = "$size" ] || { echo "size changed to $(stat -c %s "$f")"; return 1; }
	[ "$(wp_of "$ZF_DEV" "$z")" = "$wp" ] || { echo "zone $z: wp moved from $wp"; return 1; }
	grep -q " $ZF_MNT zonefs rw," /proc/mounts || { echo "zonefs is no longer mounted read-write"; return 1; }
}

# c_zf_verify_all - every seq file holds what was written to it, in closed
# zones when partly written (zonefs closes open zones at mount); the kernel's
# count of active files (partly written ones) agrees
c_zf_verify_all() {
	local n i z bad=0 active=0 size cap c got
	n=$(zf_nr_seq)
	i=0
	while [ $i -lt "$n" ]; do
		zf_verify $i || bad=1
		z=$(zf_seq_zone $i) size=$(stat -c %s "$ZF_MNT/seq/$i") cap=$(($(zf_zone_cap $(zf_seq_zone $i)) * 512))
		c=$(cond_of "$ZF_DEV" "$z")
		if [ "$size" -gt 0 ] && [ "$size" -lt "$cap" ]; then
			active=$((active + 1))
			[ "$c" = closed ] || { echo "zone $z: $c, want closed after mount"; bad=1; }
		fi
		i=$((i + 1))
	done
	got=$(cat "/sys/fs/zonefs/${ZF_DEV##*/}/nr_active_seq_files" 2>&1)
	[ "$got" = $active ] || { echo "nr_active_seq_files: '$got', want $active"; bad=1; }
	return $bad
}

# c_zf_remount - umount and mount again
c_zf_remount() {
	umount "$ZF_MNT" || return 1
	mount -t zonefs "$ZF_DEV" "$ZF_MNT" || return 1
	grep " $ZF_MNT zonefs " /proc/mounts
}

# c_zf_truncate N SIZE WANT_COND - truncate seq/N to SIZE (0 resets the
# zone, capacity finishes it): the file size and the zone follow
c_zf_truncate() {
	local f=$ZF_MNT/seq/$1 z c w
	z=$(zf_seq_zone "$1")
	truncate -s "$2" "$f" || return 1
	[ "$(stat -c %s "$f")" = "$2" ] || { echo "size $(stat -c %s "$f"), want $2"; return 1; }
	c=$(cond_of "$ZF_DEV" "$z") w=$(wp_of "$ZF_DEV" "$z")
	echo "seq/$1: $2 bytes; zone $z: $c, wp $w"
	[ "$c" = "$3" ] || { echo "zone $z is $c, want $3"; return 1; }
	if [ "$2" = 0 ]; then
		[ "$w" = $((z * ZF_ZS)) ] || { echo "zone $z: wp $w, want its start $((z * ZF_ZS))"; return 1; }
		rm -f "$ZF_TMP/sum.$1"
	fi
}

# c_zf_truncate_bad N - truncating to a size other than 0 or the capacity is
# refused (EPERM), the file stays as it is
c_zf_truncate_bad() {
	local f=$ZF_MNT/seq/$1 size
	size=$(stat -c %s "$f")
	if truncate -s $((size + 4096)) "$f" 2> "$ZF_TMP/tr.err"; then
		echo "truncate to $((size + 4096)) accepted"
		return 1
	fi
	echo "refused: $(cat "$ZF_TMP/tr.err")"
	[ "$(stat -c %s "$f")" = "$size" ] || { echo "size changed to $(stat -c %s "$f")"; return 1; }
}

# c_zf_fill N - seq/N filled to 1 MiB short of its capacity
c_zf_fill() {
	local cap
	cap=$(($(zf_zone_cap $(zf_seq_zone "$1")) * 512))
	c_zf_write "$1" $((cap - 1048576 - $(stat -c %s "$ZF_MNT/seq/$1"))) 1M
}

# c_zf_past_cap N - seq/N is 1 MiB short of its capacity: a 2 MiB write
# stores 1 MiB and then fails (EFBIG), a further O_APPEND write fails
# outright; the size stays at the capacity and the zone is full
c_zf_past_cap() {
	local f=$ZF_MNT/seq/$1 z cap c size0
	need fio || return 77
	z=$(zf_seq_zone "$1")
	cap=$(($(zf_zone_cap "$z") * 512))
	size0=$(stat -c %s "$f")
	[ "$size0" = $((cap - 1048576)) ] || { echo "seq/$1: size $size0, want $((cap - 1048576))"; return 1; }
	if zf_fio "$f" 2M 1M; then
		echo "2 MiB write at $size0 with capacity $cap: accepted"
		return 1
	fi
	grep -q 'File too large' "$ZF_TMP/fio.out" "$ZF_TMP/fio.err" ||
		{ cat "$ZF_TMP/fio.out" "$ZF_TMP/fio.err"; return 1; }
	echo "crossing write: $(grep -h 'File too large' "$ZF_TMP/fio.out" "$ZF_TMP/fio.err" | head -n 1)"
	[ "$(stat -c %s "$f")" = "$cap" ] || { echo "size $(stat -c %s "$f"), want the capacity $cap"; return 1; }
	# (refused before any I/O, so a synchronous write is safe here)
	if dd if=/dev/zero of="$f" bs=64K count=1 oflag=direct,append conv=notrunc 2> "$ZF_TMP/dd.err"; then
		echo "append to a full file accepted"
		return 1
	fi
	grep -q 'File too large' "$ZF_TMP/dd.err" || { cat "$ZF_TMP/dd.err"; return 1; }
	echo "append at capacity: $(grep -v records "$ZF_TMP/dd.err" | head -n 1)"
	[ "$(stat -c %s "$f")" = "$cap" ] || { echo "size $(stat -c %s "$f"), want $cap"; return 1; }
	c=$(cond_of "$ZF_DEV" "$z")
	[ "$c" = full ] || { echo "zone $z is $c, want full"; return 1; }
	# what the file held before the crossing write is unchanged
	zf_grown "$1" "$size0" || return 1
	echo "size $cap, zone $z full"
}

# c_zf_sync_write N - a synchronous O_DIRECT O_APPEND write (busybox dd) to
# seq/N, the path of a zone append on 6.1.  Pristine 6.1.192 checks the
# sector the device wrote at against z_wpoffset, already advanced by the
# write: "Corrupted write pointer", -EIO, and the filesystem goes
# read-only (stable_bug_skip zonefs-sync-dio).
c_zf_sync_write() {
	local f=$ZF_MNT/seq/$1 size0
	size0=$(stat -c %s "$f")
	dmesg_mark
	if ! dd if="$ZF_TMP/a" of="$f" bs=64K oflag=direct,append conv=notrunc 2> "$ZF_TMP/dd.err"; then
		cat "$ZF_TMP/dd.err"
		dmesg_new | grep 'zonefs' | head -n 3
		return 1
	fi
	[ "$(stat -c %s "$f")" = $((size0 + 262144)) ] || { echo "size $(stat -c %s "$f"), want $((size0 + 262144))"; return 1; }
	zf_grown "$1" "$size0" || return 1
	tail -c 262144 "$ZF_TMP/back" | cmp - "$ZF_TMP/a" || return 1
	zf_verify "$1"
}

# c_zf_aggr_attrs UID GID PERM - owner and mode from the super block
c_zf_aggr_attrs() {
	local got want="$1 $2 $3"
	got=$(stat -c '%u %g %a' "$ZF_MNT/cnv/0" "$ZF_MNT/seq/0" | sort -u | tr '\n' ' ')
	[ "$got" = "$want " ] || { echo "uid gid mode '$got', want '$want' for every file"; return 1; }
	echo "uid gid mode: $want"
}

# c_zf_reformatted - after mkfs -f every seq file is empty again, its zone
# reset
c_zf_reformatted() {
	local n i z c bad=0
	n=$(zf_nr_seq) i=0
	while [ $i -lt "$n" ]; do
		z=$(zf_seq_zone $i) c=$(cond_of "$ZF_DEV" "$z")
		[ "$(stat -c %s "$ZF_MNT/seq/$i")" = 0 ] && [ "$c" = empty ] ||
			{ echo "seq/$i: $(stat -c %s "$ZF_MNT/seq/$i") bytes, zone $z $c"; bad=1; }
		i=$((i + 1))
	done
	return $bad
}

# c_zf_aggr_io - 128 KiB written across the first zone boundary inside the
# aggregated cnv/0 read back through the file and, at the place the zone
# layout says, through the device
c_zf_aggr_io() {
	local off=$((ZF_ZS * 512 - 65536)) devoff
	[ "$ZF_NCONV" -ge 3 ] || { echo "needs 2 conventional zones after zone 0"; return 77; }
	devoff=$((ZF_ZS * 512 + off)) # cnv/0 starts at zone 1
	dd if=/dev/urandom of="$ZF_TMP/x" bs=64K count=2 2> /dev/null
	dd if="$ZF_TMP/x" of="$ZF_MNT/cnv/0" bs=128K seek=$off oflag=direct,seek_bytes conv=notrunc 2> "$ZF_TMP/dd.err" ||
		{ cat "$ZF_TMP/dd.err"; return 1; }
	dd if="$ZF_MNT/cnv/0" of="$ZF_TMP/back" bs=128K count=1 skip=$off iflag=direct,skip_bytes 2> /dev/null
	cmp "$ZF_TMP/back" "$ZF_TMP/x" || return 1
	dd if="$ZF_DEV" of="$ZF_TMP/back" bs=128K count=1 skip=$devoff iflag=direct,skip_bytes 2> /dev/null
	cmp "$ZF_TMP/back" "$ZF_TMP/x" || { echo "not at device byte $devoff"; return 1; }
	echo "cnv/0 bytes $off..$((off + 131072)) = device bytes $devoff.., across zones 1-2"
}

# --- groups ------------------------------------------------------------------
zf_umount() {
	if grep -q " $ZF_MNT " /proc/mounts; then umount "$ZF_MNT" || umount -l "$ZF_MNT"; fi
}

# zf_mount GROUP - mount -t zonefs; a failure is "not ok" (the rest SKIPs)
zf_mount() {
	if [ -n "$SKIPPING" ]; then
		skip "$1: mount -t zonefs" "$SKIPPING"
		return
	fi
	dmesg_mark
	if mount -t zonefs "$ZF_DEV" "$ZF_MNT" 2> "$ZF_TMP/mnt.err"; then
		ok "$1: mount -t zonefs" "$(dmesg_new | grep -i zonefs | tail -n 4)"
		return
	fi
	notok "$1: mount -t zonefs" \
		"$(cat "$ZF_TMP/mnt.err"); kernel: $(dmesg_new | grep -i zonefs | tail -n 2)"
	SKIPPING="zonefs not mounted"
}

# zf_group GROUP NAME SIZE_MB ZONE_MB CAP_MB NR_CONV - the zonefs cycle on a
# fresh memory-backed null_blk
zf_group() {
	local g=$1 name=$2 npo2=0 out n last why
	ZF_ZS=$(($4 * 2048)) ZF_CAP=$(($5 * 2048)) ZF_END=$(($3 * 2048)) ZF_NCONV=$6
	ZF_NZ=$(((ZF_END + ZF_ZS - 1) / ZF_ZS))
	is_po2 $ZF_ZS || npo2=1
	SKIPPING=
	rm -rf "$ZF_TMP"
	mkdir -p "$ZF_TMP" "$ZF_MNT"
	ZF_DEV=
	# created / not created (zoned.sh): the pristine kernel must refuse
	# npo2, and say so
	if out=$(nullb_new "$name" size="$3" zone_size="$4" \
		${5:+zone_capacity=$5} ${6:+zone_nr_conv=$6}); then
		ZF_DEV=$out
		created "$g" $npo2 "$out, $ZF_NZ zones, $ZF_NCONV conventional, zone_append_max_bytes $(cat "/sys/block/${out##*/}/queue/zone_append_max_bytes")"
	else
		not_created "$g" $npo2 "$out" "zone_size must be power-of-two"
	fi
	n=$(zf_nr_seq) last=$((n - 1))
	dd if=/dev/urandom of="$ZF_TMP/a" bs=64K count=4 2> /dev/null

	# the formatter: refusals first, each leaving the device as it was
	step "$g: mkfs refuses a 1-zone device, zone 0 untouched" c_zf_one_zone "$4"
	[ -n "$SKIPPING" ] || dd if=/dev/urandom of="$ZF_DEV" bs=4096 count=1 oflag=direct conv=notrunc 2> /dev/null
	step "$g: mkfs without -f refuses data in sector 0, writes nothing" \
		c_zf_mkfs_refused "$ZF_DEV" "sector 0 holds data"
	step "$g: mkfs -f: $(zf_nr_cnv 0) cnv + $n seq files planned, super block written" \
		c_zf_mkfs -f -L "zmath $g"
	step "$g: mkfs without -f refuses an existing zonefs, writes nothing" \
		c_zf_mkfs_refused "$ZF_DEV" "already holds a zonefs"
	step "$g: super block in sequential zone 0: zone finished, mounts" c_zf_seq_sb "$4" "$5"

	zf_mount "$g"
	step "$g: mkfs refuses the mounted device" c_zf_mkfs_busy
	step "$g: seq/: $n files, inode = zone number, size 0, blocks = capacity" c_zf_seq_files
	step "$g: cnv/: $(zf_nr_cnv 0) files of one zone each, inode = zone number" c_zf_cnv_files 0
	step "$g: root, cnv/, seq/ inodes $ZF_NZ, $((ZF_NZ + 1)), $((ZF_NZ + 2))" c_zf_dirs
	step "$g: statfs blocks, free blocks, files" c_zf_statfs 0
	# sequential O_DIRECT writes at the write pointer, several files
	step "$g: seq/0 write 256K at the wp (O_DIRECT, libaio)" c_zf_write 0 262144 64K
	step "$g: seq/0 write 1M more at the wp" c_zf_write 0 1048576 128K
	step "$g: seq/1 write 192K at the wp" c_zf_write 1 196608 64K
	step "$g: seq/1 write 256K more at the wp" c_zf_write 1 262144 4K
	step "$g: seq/$last write 1M at the wp" c_zf_write $last 1048576 1M
	step "$g: seq/1 write past the end of the file refused" c_zf_write_off_wp 1
	step "$g: statfs after the writes" c_zf_statfs 0
	step "$g: umount, mount again" c_zf_remount
	step "$g: all seq files read back after remount, zones closed, active count" c_zf_verify_all
	step "$g: statfs after remount" c_zf_statfs 0
	# truncation: to 0 resets the zone, to the capacity finishes it
	step "$g: truncate seq/0 to 0: zone reset" c_zf_truncate 0 0 empty
	step "$g: seq/0 write 192K after the reset, from the zone start" c_zf_write 0 196608 64K
	step "$g: truncate seq/1 to size + 4K refused" c_zf_truncate_bad 1
	if [ $n -ge 4 ]; then
		step "$g: truncate seq/2 to its capacity: zone full" c_zf_truncate 2 $(($(zf_zone_cap $(zf_seq_zone 2)) * 512)) full
		step "$g: truncate seq/2 to 0: zone empty again" c_zf_truncate 2 0 empty
	fi
	# the capacity limit
	step "$g: seq/$last filled to capacity - 1M" c_zf_fill $last
	step "$g: writes past the zone capacity refused, size stays at capacity" c_zf_past_cap $last
	step "$g: umount, mount again" c_zf_remount
	step "$g: all seq files read back after the second remount" c_zf_verify_all
	zf_umount

	# aggregated conventional zones, owner and mode, from the super block
	step "$g: mkfs -f -o aggr_cnv,uid=1234,gid=5678,perm=604" \
		c_zf_mkfs -f -o aggr_cnv,uid=1234,gid=5678,perm=604
	if [ -z "$SKIPPING" ]; then
		mount -t zonefs "$ZF_DEV" "$ZF_MNT" 2> "$ZF_TMP/mnt.err" && ok "$g: aggr_cnv mount" ||
			{ notok "$g: aggr_cnv mount" "$(cat "$ZF_TMP/mnt.err")"; SKIPPING="zonefs not mounted"; }
	else
		skip "$g: aggr_cnv mount" "$SKIPPING"
	fi
	step "$g: aggr_cnv: cnv/0 alone spans conventional zones 1-$((ZF_NCONV - 1)), inode 1" c_zf_cnv_files 1
	step "$g: aggr_cnv: files owned 1234:5678, mode 604" c_zf_aggr_attrs 1234 5678 604
	step "$g: aggr_cnv: seq files empty again, zones reset by mkfs -f" c_zf_reformatted
	step "$g: aggr_cnv: statfs" c_zf_statfs 1
	step "$g: aggr_cnv: write across a zone boundary in cnv/0, read back" c_zf_aggr_io
	# last: on pristine 6.1.192 it leaves the filesystem read-only
	if why=$(stable_bug_skip zonefs-sync-dio); then
		skip "$g: synchronous O_DIRECT O_APPEND write (busybox dd) to seq/0" "$why"
	else
		step "$g: synchronous O_DIRECT O_APPEND write (busybox dd) to seq/0" c_zf_sync_write 0
	fi
	zf_umount
	nullb_del "$name"
	SKIPPING=
}
