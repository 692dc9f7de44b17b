# SPDX-License-Identifier: GPL-2.0-only
# lib.sh - TAP helpers for the guest suite (busybox sh, sourced).
#
# Every result line goes to stdout (the console) and to $TAP_OUT (/dev/ttyS1,
# a second serial port the host reads alone, free of kernel messages).
#   ok DESC [NOTE]        "ok N - DESC"
#   notok DESC [WHY]      "not ok N - DESC"
#   skip DESC WHY         "ok N - DESC # SKIP WHY"
#   refused DESC WHY      "ok N - DESC # REFUSED WHY": the kernel refused, as
#                         expected on the pristine (baseline) kernel
#   check DESC CMD...     ok/not ok from CMD's status, its output as comments
# Expected outcomes depend on $MODE (patched|baseline, from zmath.mode= on
# the kernel command line) and $BASE (6.12|6.1, from uname -r; empty for
# any other kernel, which suite.sh fails); npo2_series says what they are.
# zmath.only=SUBJECT|SUBJECT/NNN[,...] on the command line runs only those
# tests of the suite (suite.sh), for quick runs.

TAP_OUT=${TAP_OUT:-/dev/ttyS1}
[ -c "$TAP_OUT" ] || TAP_OUT=/dev/null
tap_n=0 tap_pass=0 tap_fail=0 tap_skip=0
# cmdline_arg NAME - the value of zmath.NAME= on the kernel command line
# (letters, digits, '_', ',', '/' and '-'), or nothing
cmdline_arg() {
	sed -n "s|.*zmath\.$1=\([a-z0-9_,/-]*\).*|\1|p" /proc/cmdline
}
# in_list LIST NAME - NAME is one of the comma-separated LIST, or LIST is
# empty (all are wanted)
in_list() {
	case ,${1:-$2}, in *,$2,*) return 0 ;; *) return 1 ;; esac
}

MODE=$(cmdline_arg mode)
MODE=${MODE:-patched}
case $(uname -r) in
6.12.*) BASE=6.12 ;;
6.1.*) BASE=6.1 ;;
*) BASE= ;;
esac
ONLY=$(cmdline_arg only)

# npo2_series WHAT - the series of this base makes WHAT take npo2 zone
# sizes (else it refuses them, with a message):
#   dev  null_blk and the NVMe host driver: both bases
#   dm   dm-linear, dm-flakey, dm-error tables: 6.12 (6.1's series refuses
#        them, "not a power of 2")
#   f2fs f2fs: 6.12 (6.1's f2fs refuses them at mount)
# A group picks its checks by this on both kernels of a base, so that the
# pristine run lists the same checks (SKIP: its npo2 device cannot exist).
npo2_series() {
	case $1/$BASE in
	dev/*|dm/6.12|f2fs/6.12) return 0 ;;
	*) return 1 ;;
	esac
}

# stable_bug_skip BUG - print why a check that trips BUG is skipped, and
# succeed, when this kernel is a pristine one that has BUG and the command
# line lacks zmath.stable_bugs=1 (which runs such checks there, to see
# them fail).  The series fix them in their first patches:
#   zonefs-sync-dio    6.1: zonefs: a synchronous O_DIRECT write to a
#                      sequential file fails, "Corrupted write pointer"
#   btrfs-meta-wp      6.1: btrfs: a metadata block group finished before
#                      it was full (by a read-write scrub, or by a full
#                      filesystem activating another zone) is removed,
#                      once empty, before its metadata is written out
#                      (WARN_ON)
#   nvme-zone-sectors  6.12, 6.1: nvme: a zone size of 2^32 512-byte
#                      sectors or more is truncated to chunk_sectors 0
#                      (6.1 WARNs at boot: kernel/qemu/run-parts.sh gives
#                      a pristine boot the namespace only when asked)
stable_bug_skip() {
	[ "$MODE" = baseline ] || return 1
	! grep -q 'zmath\.stable_bugs=1' /proc/cmdline || return 1
	case $1/$BASE in
	zonefs-sync-dio/6.1) echo "pristine 6.1.192 fails it (\"Corrupted write pointer\", fixed by the series' zonefs patch); zmath.stable_bugs=1 runs it" ;;
	btrfs-meta-wp/6.1) echo "pristine 6.1.192 fails it (\"removed before metadata write out\", fixed by the series' btrfs patch); zmath.stable_bugs=1 runs it" ;;
	nvme-zone-sectors/*) echo "pristine $BASE fails it (4 TiB zones truncated to chunk_sectors 0, fixed by the series' nvme patch); zmath.stable_bugs=1 runs it" ;;
	*) return 1 ;;
	esac
}

# The blkzones in the guest: the project's (Debian's util-linux 2.38.1 on
# zmath.h, examples/util-linux/build.sh), Debian's, and the same source
# unpatched; BLKZONE is the one under test (the blkzone tests' and fio's
# suite's), the project's unless zmath.fiozbd_blkzone=pristine puts
# Debian's there
BLKZONE_ZMATH=/usr/local/bin/blkzone.zmath
BLKZONE_DEBIAN=/usr/sbin/blkzone
BLKZONE_PRISTINE=/usr/local/bin/blkzone.pristine
BLKZONE=$BLKZONE_ZMATH
grep -q 'zmath\.fiozbd_blkzone=pristine' /proc/cmdline && BLKZONE=$BLKZONE_DEBIAN

emit() {
	echo "$*"
	echo "$*" > "$TAP_OUT"
}
ok() {
	tap_n=$((tap_n + 1)) tap_pass=$((tap_pass + 1))
	emit "ok $tap_n - $1"
	[ -z "${2:-}" ] || comment "$2"
}
notok() {
	tap_n=$((tap_n + 1)) tap_fail=$((tap_fail + 1))
	emit "not ok $tap_n - $1"
	[ -z "${2:-}" ] || comment "$2"
}
skip() {
	tap_n=$((tap_n + 1)) tap_skip=$((tap_skip + 1))
	emit "ok $tap_n - $1 # SKIP $2"
}
refused() {
	tap_n=$((tap_n + 1)) tap_pass=$((tap_pass + 1))
	emit "ok $tap_n - $1 # REFUSED $2"
}
# comment TEXT... - each line of TEXT as a "# " line (console only).
# What the guest's tools print reaches the console through here, and a
# tool's "WARNING:" (btrfs-progs' scrub: "WARNING: failed to open the
# progress status socket") is said in lower case: on the console that word
# is the kernel's, which the host's judge (kernel/qemu/parse.sh) fails a
# run on wherever it stands in a line (a kernel message can land in the
# middle of one of ours).  The kernel's own warnings reach the console by
# printk, never through here.
comment() {
	printf '%s\n' "$*" | sed 's/^/#   /; s/WARNING:/warning:/g'
}
# check DESC CMD... - one TAP line from a command's exit status
check() {
	local d=$1 out
	shift
	if out=$("$@" 2>&1); then
		ok "$d"
	else
		notok "$d" "$(printf '%s\n' "$out" | tail -n 8)"
	fi
}
# expect_eq DESC GOT WANT
expect_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else notok "$1" "got '$2', want '$3'"; fi
}
# section TEXT - "# ---- TEXT" on both outputs: kernel/qemu/merge.sh
# orders the TAP of several QEMU instances by the tests these lines name
section() {
	emit "# ---- $*"
}

# Kernel messages since the last dmesg_mark.
dmesg_mark() { dmesg -c > /dev/null; }
dmesg_new() { dmesg; }

# has TOOL - the tool is in the initramfs
has() { command -v "$1" > /dev/null 2>&1; }

finish() {
	emit "1..$tap_n"
	emit "ZMATH-GUEST-RESULT: pass=$tap_pass fail=$tap_fail skip=$tap_skip mode=$MODE"
}
