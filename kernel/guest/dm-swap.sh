# SPDX-License-Identifier: GPL-2.0-only
# dm-swap.sh NAME DEV LEN up|cut - swap the dm-flakey table of NAME, over
# sectors 0 to LEN of DEV, without freezing or flushing what sits on it
# (dmsetup suspend --nolockfs: the I/O in flight completes, nothing else
# is written): "up" passes every I/O, "cut" fails every write from then
# on (error_writes in a down interval that never ends).  A script of its
# own so that btrfs.sh, another process, can run it as its power cut.
set -e
case $4 in
up) t="0 $3 flakey $2 0 1 0" ;;
cut) t="0 $3 flakey $2 0 0 1 1 error_writes" ;;
*) echo "usage: dm-swap.sh NAME DEV LEN up|cut" >&2; exit 2 ;;
esac
dmsetup --noudevsync suspend --nolockfs "$1"
dmsetup --noudevsync load "$1" --table "$t"
dmsetup --noudevsync resume "$1"
dmsetup table "$1"
