# SPDX-License-Identifier: GPL-2.0-only
# load.sh - concurrent I/O under the device's zone limits, for suite.sh
# (busybox sh, sourced after zoned.sh).  fio writes and verifies with three
# jobs at queue depth 4 on a null_blk with zone_max_open 4 and
# zone_max_active 6, po2 and npo2, while the zone report is sampled: the
# number of open zones never passes the limit, no job sees an error, every
# byte asked for is written and verified, and every zone written is full.
# Then many zone appends in flight to one zone of each NVMe namespace,
# through io_uring passthrough: every append lands once, in the zone, the
# appends tile it from its start and read back (zmath-zns's own checks),
# and Debian's nvme-cli, a witness that owes nothing to libzmath, sees the
# write pointer moved by exactly what was appended.
# And zonefs filled by concurrent writers: one dd per sequential file, all
# at once, each until its zone's capacity stops it; every file must hold
# exactly its capacity of its own data; then every file is truncated
# (its zone reset), written again, and read back after a remount.
# And btrfs filled the same way, its steps in load/007 (on btrfs.sh): four
# writers until ENOSPC, everything read back after a remount, deleted, the
# emptied zones reset by the cleaner, filled again to as much, btrfs check
# clean.
# Each run is bounded (a 120 s timeout) and logs what it did.  Fewer jobs
# than open zones: fio 3.33 on disjoint ranges ends a job early, without
# an error, when it finds no zone to open: with six jobs it wrote 4/6 of
# what was asked, and with four, once in four runs, one zone less (seen
# on po2 and npo2 alike), which the byte count here fails.

LD_JOBS=3 LD_ZONES_PER_JOB=4 LD_MAX_OPEN=4 LD_MAX_ACTIVE=6

# ld_sample DEV OUT - until OUT.stop exists, the largest number of open
# (implicit, explicit) and active (open, closed) zones seen, into OUT
ld_sample() {
	local o a mo=0 ma=0
	while [ ! -e "$2.stop" ]; do
		set -- "$1" "$2" $(zone_lines "$1" | awk '
			$7 ~ /open$/ { o++ } $7 ~ /open$|^closed$/ { a++ }
			END { print o + 0, a + 0 }')
		o=$3 a=$4
		[ "$o" -le "$mo" ] || mo=$o
		[ "$a" -le "$ma" ] || ma=$a
		echo "$mo $ma" > "$2"
	done
}

# c_ld_fio DEV - the fio run and its checks
c_ld_fio() {
	blkdev "$1" || return 1
	need fio || return 77
	need zmath-zone || return 77
	local zb=$((ZS * 512)) per want rc t0 got max
	per=$((LD_ZONES_PER_JOB * zb)) want=$((LD_JOBS * per))
	rm -f /tmp/ld.max /tmp/ld.max.stop
	echo "0 0" > /tmp/ld.max
	ld_sample "$1" /tmp/ld.max &
	t0=$(date +%s)
	timeout 120 fio --name=load --filename="$1" --direct=1 \
		--ioengine=libaio --iodepth=4 --zonemode=zbd --rw=write \
		--bs=64k --numjobs=$LD_JOBS --size=$per --offset=$zb \
		--offset_increment=$per --verify=crc32c --do_verify=1 \
		--verify_fatal=1 --group_reporting --output-format=json \
		--output=/tmp/ld.json > /tmp/ld.err 2>&1 && rc=0 || rc=$?
	touch /tmp/ld.max.stop
	wait
	max=$(cat /tmp/ld.max)
	cat /tmp/ld.err
	got=$(fio_totals /tmp/ld.json)
	echo "fio, $LD_JOBS jobs at depth 4: $got in $(($(date +%s) - t0)) s (TCG); most open, active zones seen: $max"
	[ $rc = 0 ] || { echo "fio: exit status $rc"; return 1; }
	[ "$got" = "written $want read $want error 0" ] ||
		{ echo "want written $want read $want error 0"; return 1; }
	set -- "$1" $max
	[ "$2" -le $LD_MAX_OPEN ] && [ "$3" -le $LD_MAX_ACTIVE ] ||
		{ echo "limits $LD_MAX_OPEN open, $LD_MAX_ACTIVE active: passed"; return 1; }
	[ "$2" -gt 0 ] || { echo "no open zone ever seen: the sampling saw nothing"; return 1; }
	zone_lines "$1" | awk -v a=1 -v n=$((LD_JOBS * LD_ZONES_PER_JOB)) '
		$1 >= a && $1 < a + n && $7 != "full" { print "zone " $1 ": " $7; bad = 1 }
		END { exit bad }'
}

# ld_group GROUP NAME ZONE_MB - the device (one zone more than the jobs
# write: zone 0 is left alone) and the run
ld_group() {
	local g=$1 nz=$((LD_JOBS * LD_ZONES_PER_JOB + 1))
	nullb_case "$g" "$2" $((nz * $3)) "$3" "$3" 0 quiet \
		zone_max_open="$LD_MAX_OPEN" zone_max_active="$LD_MAX_ACTIVE"
	ZS=$(($3 * 2048))
	step "$g: queue/max_open_zones $LD_MAX_OPEN" c_queue "$NB_DEV" max_open_zones $LD_MAX_OPEN
	step "$g: fio, $LD_JOBS jobs at depth 4: limits hold, all written and verified, zones full" \
		c_ld_fio "$NB_DEV"
	nullb_del "$2"
}

LD_APPENDS=2048 LD_APPEND_QD=32

# nvmecli_wp NG SLBA - the write pointer nvme-cli reports for the zone
# that starts at SLBA (hexadecimal, as nvme-cli prints it)
nvmecli_wp() {
	nvmecli_zones "$1" -s "$2" -d 1 | awk '{ print $2 }'
}

# c_ld_append NG ZONE ZS_LBAS - LD_APPENDS one-LBA appends to ZONE, at most
# LD_APPEND_QD in flight, after a reset; then nvme-cli's write pointer
c_ld_append() {
	need zmath-zns || return 77
	need nvme || return 77
	local slba=$(($2 * $3)) t0 rc wp want
	zmath-zns reset -s $slba "$1" || return 1
	t0=$(date +%s)
	timeout 120 zmath-zns append --zone "$2" -c $LD_APPENDS --blocks 1 \
		--qd $LD_APPEND_QD --via uring "$1" && rc=0 || rc=$?
	echo "$LD_APPENDS appends at depth $LD_APPEND_QD: exit $rc in $(($(date +%s) - t0)) s (TCG)"
	[ $rc = 0 ] || return 1
	wp=$(nvmecli_wp "$1" $slba)
	want=$(printf '0x%x' $((slba + LD_APPENDS)))
	echo "nvme-cli: write pointer $wp, want $want (zone start + $LD_APPENDS)"
	[ "$wp" = "$want" ]
}

# ld_append_group GROUP NSID ZONE_MB ZONE - appends to the namespace's
# zone ZONE, through the char device, which exists on every kernel
ld_append_group() {
	local g=$1 ng=/dev/ng0n$(nvme_inst "$2")
	SKIPPING=
	step "$g: $LD_APPENDS appends at depth $LD_APPEND_QD to zone $4 land once, tile it, read back; nvme-cli sees the write pointer" \
		c_ld_append "$ng" "$4" $(($3 * 256))
}

# --- zonefs filled by concurrent writers -----------------------------------
LD_ZF_FILES=8 LD_ZF_MNT=/mnt/ldzf LD_ZF_PAT=/tmp/ld.pat

# ld_zf_fill BYTES - one dd per sequential file, all at once: file i gets
# LD_ZF_PAT from i MiB on, in 64 KiB O_DIRECT writes, up to BYTES (0: until
# the file refuses more); prints each one's exit status
ld_zf_fill() {
	local i=0 count=
	[ "$1" = 0 ] || count="count=$(($1 / 65536))"
	while [ $i -lt $LD_ZF_FILES ]; do
		(timeout 120 dd if=$LD_ZF_PAT of=$LD_ZF_MNT/seq/$i bs=64k skip=$((i * 16)) \
			$count oflag=direct conv=notrunc 2> /tmp/ld.dd.$i
		 echo $? > /tmp/ld.rc.$i) &
		i=$((i + 1))
	done
	wait
}

# ld_zf_same BYTES - every file is BYTES long and holds its part of the
# pattern
ld_zf_same() {
	local i=0 sz bad=0
	while [ $i -lt $LD_ZF_FILES ]; do
		sz=$(stat -c %s $LD_ZF_MNT/seq/$i)
		if [ "$sz" != "$1" ]; then
			echo "seq/$i: $sz bytes, want $1 (dd exit $(cat /tmp/ld.rc.$i): $(tail -n 1 /tmp/ld.dd.$i))"
			bad=1
		elif ! cmp -s -n "$1" $LD_ZF_MNT/seq/$i $LD_ZF_PAT 0 $((i * 1048576)); then
			echo "seq/$i: data differs from what its writer wrote"
			bad=1
		fi
		i=$((i + 1))
	done
	return $bad
}

# c_ld_zonefs DEV CAP_BYTES - fill, check, truncate, refill half, remount
c_ld_zonefs() {
	blkdev "$1" || return 1
	need zmath-zonefs-mkfs || return 77
	local cap=$2 t0=$(date +%s) i rc why
	if why=$(stable_bug_skip zonefs-sync-dio); then
		echo "$why"
		return 77
	fi
	zmath-zonefs-mkfs "$1" > /tmp/ld.mkfs 2>&1 || { cat /tmp/ld.mkfs; return 1; }
	mkdir -p $LD_ZF_MNT
	mount -t zonefs "$1" $LD_ZF_MNT || return 1
	dd if=/dev/urandom of=$LD_ZF_PAT bs=1M count=$((cap / 1048576 + LD_ZF_FILES)) 2> /dev/null
	rc=0
	ld_zf_fill 0
	i=0
	while [ $i -lt $LD_ZF_FILES ]; do
		[ "$(cat /tmp/ld.rc.$i)" != 0 ] ||
			{ echo "seq/$i: dd wrote past the capacity without an error"; rc=1; }
		i=$((i + 1))
	done
	ld_zf_same "$cap" || rc=1
	echo "$LD_ZF_FILES writers filled their files to $cap bytes in $(($(date +%s) - t0)) s (TCG)"
	for i in $(seq 0 $((LD_ZF_FILES - 1))); do truncate -s 0 $LD_ZF_MNT/seq/$i || rc=1; done
	ld_zf_same 0 || rc=1
	ld_zf_fill $((cap / 2))
	ld_zf_same $((cap / 2)) || rc=1
	umount $LD_ZF_MNT && mount -t zonefs "$1" $LD_ZF_MNT || { echo "remount failed"; return 1; }
	ld_zf_same $((cap / 2)) || { echo "after the remount"; rc=1; }
	umount $LD_ZF_MNT
	[ $rc = 0 ] && echo "truncated, half refilled by $LD_ZF_FILES writers, read back after a remount; $(($(date +%s) - t0)) s in all"
	return $rc
}

# ld_zonefs_group GROUP NAME ZONE_MB CAP_MB - zone 0 for the super block,
# LD_ZF_FILES sequential zones
ld_zonefs_group() {
	nullb_case "$1" "$2" $((($LD_ZF_FILES + 1) * $3)) "$3" "$4" 0 quiet
	step "$1: $LD_ZF_FILES concurrent writers fill zonefs, truncate, refill, remount" \
		c_ld_zonefs "$NB_DEV" $(($4 * 1048576))
	nullb_del "$2"
}
