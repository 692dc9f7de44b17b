# SPDX-License-Identifier: GPL-2.0-only
# guest.sh - the kernel bench's guest side, /guest/bench.sh in the
# initramfs, run by /init when the command line has zmath.run=bench
# (busybox sh).  bench/kernel/run.sh boots it under QEMU's
# -icount shift=0,sleep=off: the guest clock then advances one nanosecond
# per guest instruction, so a time difference here is an instruction count.
#
# Each workload runs n and 2n I/Os, twice; it prints, on the console and on
# /dev/ttyS1, one line per run for the host:
#   zmath-bench run WORKLOAD DEVICE REP n NS
# and its cost per I/O is (NS(2n) - NS(n)) / n: what a run pays once
# (starting fio, opening the device, reporting the zones) cancels out.
#   zmath-bench start KERNEL MODE N  the first line
#   zmath-bench refused DEVICE WHY   this kernel refuses DEVICE (pristine, npo2)
#   zmath-bench skipped WORKLOAD DEVICE WHY   a known bug of this kernel
#   zmath-bench error WORKLOAD DEVICE WHY   a run failed: the host fails
#   zmath-bench done                 the last line
# Command line: zmath.bench_n=N (default 16384), zmath.bench_only=W[,W]
# (workloads, default all), zmath.bench_devices=po2 (the power-of-2 devices
# alone: no non-power-of-2 device exists in that boot) or npo2 (the others
# alone).  Workloads, 4 KiB I/Os at depth 1:
#   write-psync, write-libaio, write-io_uring, read-psync   fio, n = N
#   reset             zone resets, blkzone over n = N / 16 full zones
#   zonefs-write, btrfs-write   dd oflag=direct to a file, n = N / 4
#                     (btrfs: N / zmath.bench_btrfs_div, default 4)
#   append-uring      zone appends through io_uring NVMe passthrough
#                     (zmath-zns append, which also reads each block
#                     back), n = N / 4; QEMU completes them in host time
#                     while the vCPU polls: expect noise of a few %
# Devices (the 2022 series' zone sizes):
#   nullb-po2/nullb-npo2  null_blk, 128 MiB / 96 MiB zones: 4096 zones,
#                         memory_backed=0 and one tag (raw workloads), or
#                         32 zones and memory_backed=1 (filesystems)
#   nvme-po2/nvme-npo2    QEMU's ZNS namespaces 2 (128 MiB) and 1 (96 MiB)
. /guest/lib.sh
. /guest/zoned.sh
. /guest/zone-io.sh

BENCH_N=$(cmdline_arg bench_n)
BENCH_N=${BENCH_N:-16384}
BENCH_ONLY=$(cmdline_arg bench_only)
BENCH_BTRFS_DIV=$(cmdline_arg bench_btrfs_div)
BENCH_DEVICES=$(cmdline_arg bench_devices)
MNT=/mnt/bench

say() { echo "zmath-bench $*"; echo "zmath-bench $*" > "$TAP_OUT"; }
wanted() { in_list "$BENCH_ONLY" "$1"; }
# device_wanted DEVICE - DEVICE (nullb-npo2, ...) is among zmath.bench_devices
device_wanted() { [ -z "$BENCH_DEVICES" ] || [ "${1##*-}" = "$BENCH_DEVICES" ]; }
# GNU date by its path: busybox's has no %N, and busybox sh runs its own
# applets before anything in $PATH
now_ns() { /usr/bin/date +%s%N; }

# timed WORKLOAD DEVICE REP N CMD... - run CMD; print the guest time of
# the whole command, or for fio the time of its job's I/O phase alone:
# fio's main process polls its job every 10 ms, so the end of a whole
# run is seen up to 10 ms late (10 million instructions), while the job
# stamps its start and end itself (--exec_prerun, --exec_postrun)
timed() {
	local w=$1 d=$2 r=$3 n=$4 t0 t1
	shift 4
	rm -f /tmp/bench.prerun.txt /tmp/bench.postrun.txt /tmp/bench.json
	t0=$(now_ns)
	if ! "$@" > /tmp/bench.out 2>&1; then
		cat /tmp/bench.out
		say error "$w $d $* failed: $(tail -n 2 /tmp/bench.out | tr '\n' ' ')"
		return 1
	fi
	t1=$(now_ns)
	if [ -f /tmp/bench.postrun.txt ]; then
		t0=$(cat /tmp/bench.prerun.txt) t1=$(cat /tmp/bench.postrun.txt)
	fi
	say run "$w $d $r $n $((t1 - t0))"
}

# each WORKLOAD DEVICE SETUP RUN [DIV] - SETUP N (untimed), then RUN N
# timed, for N = BENCH_N / DIV (1) and twice that, twice
each() {
	local w=$1 d=$2 setup=$3 run=$4 n1=$((BENCH_N / ${5:-1})) r n why
	wanted "$w" || return 0
	# pristine 6.1.192's zonefs fails synchronous O_DIRECT writes
	if [ "$w" = zonefs-write ] && why=$(stable_bug_skip zonefs-sync-dio); then
		say skipped "$w $d $why"
		return 0
	fi
	for r in 1 2; do
		for n in $n1 $((n1 * 2)); do
			$setup "$n" > /tmp/bench.setup 2>&1 ||
				{ cat /tmp/bench.setup; say error "$w $d setup: $(tail -n 2 /tmp/bench.setup | tr '\n' ' ')"; return 1; }
			timed "$w" "$d" "$r" "$n" $run "$n" || return 1
			fio_check "$w" "$d" "$n" || return 1
		done
	done
}

# fio_check WORKLOAD DEVICE N - a fio run did N 4 KiB I/Os, no error (an
# independent witness that the bench measured what it says)
fio_check() {
	local want got
	case $1 in
	write-*) want="written $(($3 * 4096)) read 0 error 0" ;;
	read-*) want="written 0 read $(($3 * 4096)) error 0" ;;
	*) return 0 ;;
	esac
	got=$(fio_totals /tmp/bench.json)
	[ "$got" = "$want" ] || { say error "$1 $2 fio: $got, want $want"; return 1; }
}

# --- raw null_blk: writes with three engines, reads, zone resets ------------
RAW=
zones_reset() { blkzone.zmath reset "$RAW"; }
# fio_raw N ARGS... - N 4 KiB I/Os at depth 1 on the raw device
fio_raw() {
	local n=$1
	shift
	fio --name=bench --filename="$RAW" --direct=1 --bs=4k --iodepth=1 \
		--zonemode=zbd --io_size=$((n * 4096)) --output-format=json \
		--output=/tmp/bench.json --exec_prerun="/usr/bin/date +%s%N" \
		--exec_postrun="/usr/bin/date +%s%N" "$@"
}
write_psync() { fio_raw "$1" --rw=write --ioengine=psync; }
write_libaio() { fio_raw "$1" --rw=write --ioengine=libaio; }
write_io_uring() { fio_raw "$1" --rw=write --ioengine=io_uring; }
read_psync() { fio_raw "$1" --rw=read --ioengine=psync; }
# reads need their blocks written first, resets their zones full
written() { zones_reset && write_psync "$1"; }
finished() { zones_reset && blkzone.zmath finish "$RAW"; }
reset_zones() { blkzone.zmath reset -c "$1" "$RAW"; }

# raw_bench DEVICE ZONE_MB - the raw workloads on a null_blk of one tag
# (hw_queue_depth=1; and on 6.1 mq-deadline's two): a tag bitmap of four
# tags or more is four words, and sbitmap starts each CPU at a random bit,
# in a random word.  With one I/O in flight each freed tag becomes the
# next hint, so every I/O of a boot stays in the word that boot drew, and
# the word changes the cost of a tag: two boots of one pristine 6.12
# differed by 10 instructions per write, more than the differences this
# bench looks for.  With fewer than four tags the bitmap is one word, the
# same in every boot; its deferred clear then runs on each I/O (about 50
# instructions, on every kernel alike).
raw_bench() {
	local d=$1 zone_mb=$2 out
	device_wanted "$d" || return 0
	if ! out=$(nullb_new "bench$d" memory_backed=0 hw_queue_depth=1 \
		size=$((zone_mb * 4096)) zone_size="$zone_mb"); then
		say refused "$d $(echo $out)"
		return 0
	fi
	RAW=$out
	echo "# $d: $RAW, $zone_mb MiB zones"
	each write-psync "$d" zones_reset write_psync
	each write-libaio "$d" zones_reset write_libaio
	each write-io_uring "$d" zones_reset write_io_uring
	each read-psync "$d" written read_psync
	# a zone reset per I/O: N / 16 and N / 8 zones (1024 and 2048 of the
	# 4096 by default: never all, which the kernel sends as one reset-all)
	each reset "$d" finished reset_zones 16
	nullb_del "bench$d"
}

# --- files on zonefs and btrfs (memory-backed null_blk: they read back
# what they wrote), written with dd, 4 KiB O_DIRECT writes ------------------
FS_DEV=
fs_umount() { ! grep -q " $MNT " /proc/mounts || umount "$MNT"; }
zonefs_fresh() {
	fs_umount && zmath-zonefs-mkfs -f -U 7a6d6174-6862-656e-6368-000000000001 "$FS_DEV" &&
		mount -t zonefs "$FS_DEV" "$MNT"
}
btrfs_fresh() {
	fs_umount && mkfs.btrfs -f -O zoned -d single -m single "$FS_DEV" &&
		mount -t btrfs -o commit=600 "$FS_DEV" "$MNT"
}
dd_to() { dd if=/dev/zero of="$1" bs=4k count="$2" oflag=direct conv=notrunc; }
zonefs_write() { dd_to "$MNT/seq/0" "$1"; }
btrfs_write() { dd_to "$MNT/file" "$1"; }

fs_bench() {
	local d=$1 zone_mb=$2 out
	device_wanted "$d" || return 0
	wanted zonefs-write || wanted btrfs-write || return 0
	if ! out=$(nullb_new "benchfs$d" size=$((zone_mb * 32)) \
		zone_size="$zone_mb"); then
		say refused "$d $(echo $out)"
		return 0
	fi
	FS_DEV=$out
	mkdir -p "$MNT"
	# N / 4 and N / 2 writes: 32 MiB by default, a zone's capacity at most
	each zonefs-write "$d" zonefs_fresh zonefs_write 4
	each btrfs-write "$d" btrfs_fresh btrfs_write "${BENCH_BTRFS_DIV:-4}"
	fs_umount
	nullb_del "benchfs$d"
}

# --- zone appends through io_uring passthrough on the NVMe namespace --------
NG=
append_reset() { zmath-zns reset -s 0 -f "$NG"; }
append_uring() { zmath-zns append --zone 0 -c "$1" --blocks 1 --qd 1 --via uring -f "$NG"; }
nvme_bench() {
	local d=$1 nsid=$2
	device_wanted "$d" || return 0
	wanted append-uring || return 0
	local y=$(nvme_inst "$nsid")
	NG=/dev/ng0n$y
	[ -c "$NG" ] || { say error "append-uring $d: no $NG"; return 1; }
	if [ ! -b "/dev/nvme0n$y" ]; then
		say refused "$d the kernel hides /dev/nvme0n$y (npo2 zones)"
		return 0
	fi
	each append-uring "$d" append_reset append_uring 4
}

cd /tmp
echo "# zmath kernel bench, mode $MODE, base ${BASE:-unknown}, N=$BENCH_N${BENCH_ONLY:+, only $BENCH_ONLY}"
say start "$(uname -r) $MODE N=$BENCH_N${BENCH_DEVICES:+ devices=$BENCH_DEVICES}"
raw_bench nullb-po2 128
raw_bench nullb-npo2 96
fs_bench nullb-po2 128
fs_bench nullb-npo2 96
nvme_bench nvme-po2 2
nvme_bench nvme-npo2 1
say done
