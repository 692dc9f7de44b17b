# SPDX-License-Identifier: GPL-2.0-only
# suite.sh - the zmath guest suite, run by /init under busybox sh.
. /guest/lib.sh

echo "# zmath guest suite, mode $MODE"
check "boot: configfs null_blk directory present" test -d /sys/kernel/config/nullb
finish
