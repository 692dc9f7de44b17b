# SPDX-License-Identifier: GPL-2.0-only
# btrfs.sh - btrfs, for the tests in tests/btrfs/ and tests/load/ (busybox
# sh, sourced by suite.sh after lib.sh and zoned.sh): runs
# kernel/guest-btrfs/btrfs.sh, whose checks this comment lists, and
# relays its TAP as ours.
# The project's mkfs.btrfs/btrfs/sb-zones (btrfs-progs 6.2 on zmath.h) and
# Debian's unpatched mkfs.btrfs.pristine, from examples/btrfs-progs/build.sh.
# Data cycles (write, remount, verify, read-only scrub, a data block group
# freed by the cleaner, its zone reset and reused, verify) on po2 and npo2
# null_blk and on the npo2 NVMe ZNS namespace; both superblock mirrors on
# 5 TiB sparse null_blk; Debian's mkfs.btrfs refusing npo2.  On the
# pristine kernel npo2 devices do not exist (REFUSED), po2 ones pass.
BTRFS_SH=/guest/guest-btrfs/btrfs.sh
# what every btrfs test requires (REQUIRES=$BTRFS_TOOLS)
BTRFS_TOOLS="$BTRFS_SH mkfs.btrfs btrfs sb-zones mkfs.btrfs.pristine"
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
