#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# try-check.sh - `make try` must keep working: boot it (kernel/qemu/try.sh)
# with commands on standard input in place of a person, and judge what the
# terminal shows.  `make check` runs it after the 6.12 kernel check, whose
# kernel and initramfs it reuses: their up-to-date checks, then one QEMU
# boot, 1-2 minutes in all.
#
# Every command of the guest's banner (its lines that start with "  $ ")
# is typed in the banner's order, each once the prompt is back, as a
# person would, and after each an echo of its exit status; then
# `poweroff`.  Holds when QEMU exits 0 after the shell, every
# command exits 0 but the three the banner says are refused, and the
# terminal shows:
#   - zone 1 of the 96 MiB namespace, by blkzone (hex) and zmath-zone:
#     start 196608, 196608 sectors long, capacity 163840, empty
#   - after the write at its write pointer, the pointer 128 sectors on
#   - a reset mid-zone refused by zmath-zone, then by the kernel (EINVAL),
#     and Debian's blkzone refusing the true zone start (a power-of-2 mask)
#   - nvme-cli's report of zone 1 at LBA 0x6000
#   - zonefs on a null_blk of 96 MiB zones: 4 MiB written to seq/0 move
#     zone 1's write pointer by 8192 sectors
#   - poweroff rebooting the guest, which ends QEMU
# The whole terminal is kept in build/try/check.log.  kernel/qemu/try.sh's
# ZMATH_TRY_KERNEL and ZMATH_TRY_INITRD pass through.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/try
log=$out/check.log
t0=$SECONDS
say() { printf '[try-check %4ds] %s\n' $((SECONDS - t0)) "$*" >&2; }
fail() { say "FAIL: $*"; say "the terminal: $log"; exit 1; }

mkdir -p "$out"
fifo=$(mktemp -u "$out/stdin.XXXXXX")
mkfifo "$fifo"
pid=
cleanup() {
	# try.sh and QEMU: the process group of the job
	[ -z "$pid" ] || kill -- -"$pid" 2> /dev/null || true
	rm -f "$fifo"
}
trap cleanup EXIT

say "kernel/qemu/try.sh, commands on its standard input, terminal in $log"
set -m	# the job in a process group of its own, for cleanup
"$top/kernel/qemu/try.sh" < "$fifo" > "$log" 2>&1 &
pid=$!
set +m
exec 3> "$fifo"

# prompts - how many prompts the terminal shows
prompts() { tr -d '\r' < "$log" | grep -c '^zmath:[^ ]*# ' || true; }
# wait_for TEST SECONDS WHAT - until the shell command TEST holds
wait_for() {
	local until=$((SECONDS + $2))
	until eval "$1"; do
		kill -0 "$pid" 2> /dev/null || { wait "$pid" || true; pid=; fail "try.sh ended before $3"; }
		[ $SECONDS -lt $until ] || fail "no $3 after $2s"
		sleep 0.3
	done
}
# type LINE SECONDS - LINE on the guest's standard input, then wait for
# the next prompt
type_line() {
	local n
	n=$(prompts)
	printf '%s\n' "$1" >&3
	wait_for '[ "$(prompts)" -gt '"$n"' ]' "$2" "a prompt after: $1"
}
# the boot, once the kernel and the initramfs are checked (or built: an
# hour at most), then the first prompt, after the banner
wait_for 'grep -q "^\[try 6.12 *[0-9]*s\] booting " "$log"' 3600 "the boot"
say "booting after $((SECONDS - t0))s"
wait_for '[ "$(prompts)" -gt 0 ]' 300 "shell prompt"
say "banner and prompt after $((SECONDS - t0))s"
mapfile -t cmds < <(tr -d '\r' < "$log" | sed -n '/^Things to try:/,/^10 leave: /s/^  \$ //p')
[ ${#cmds[@]} -ge 10 ] || fail "${#cmds[@]} commands in the banner, want 10 or more"

# each command as a person types it, after the one before is done, then
# its exit status
for i in "${!cmds[@]}"; do
	type_line "${cmds[i]}" 300
	type_line "echo \"@@try-check $i rc=\$?\"" 10
done
# poweroff, then the end of the input (try.sh would type exit after it)
echo poweroff >&3
exec 3>&-
rc=0
wait "$pid" || rc=$?
pid=
say "try.sh exited with $rc after $((SECONDS - t0))s"

term=$(tr -d '\r' < "$log")
bad=0
no() { say "not ok: $*"; bad=1; }
# has WHAT ERE - the terminal has a line matching ERE
has() { grep -Eq -- "$2" <<< "$term" || no "$1 (no line matching /$2/)"; }

[ $rc = 0 ] || no "try.sh exit status $rc, want 0"
has "poweroff ended the run" '^reboot: Restarting system'
# the shell's exit (the exit try.sh types at the end of the input) makes
# /init say so before it reboots: poweroff must have rebooted first
! grep -q '^zmath-guest: exited with' <<< "$term" ||
	no "poweroff did not end the run: the shell went on to exit"
for i in "${!cmds[@]}"; do
	case ${cmds[i]} in
	"zmath-zone reset -o 262144 --force-unchecked "*) want=1 ;;
	"zmath-zone reset -o 262144 "*) want=2 ;;
	"blkzone reset "*) want=1 ;;
	*) want=0 ;;
	esac
	got=$(sed -n "s/^@@try-check $i rc=\([0-9]*\)\$/\1/p" <<< "$term")
	if [ "$got" = "$want" ]; then
		say "ok: exit $got: ${cmds[i]}"
	else
		no "exit '$got', want $want: ${cmds[i]}"
	fi
done
has "blkzone: zone 1 at 196608 (0x30000), 196608 long, capacity 163840" \
	'^  start: 0x000030000, len 0x030000, cap 0x028000, wptr 0x000000 '
has "zmath-zone: zone 1 at 196608, 196608 long, capacity 163840, empty" \
	'^ +1 +196608 +196608 +163840 +196608 +seq-write-required +empty$'
has "the write moved zone 1's write pointer to 196736" \
	'^ +1 +196608 +196608 +163840 +196736 +seq-write-required +implicit-open$'
has "zmath-zone refuses the reset at 262144, mid-zone" \
	'reset refused: offset 262144 is not a zone start'
has "the kernel refuses the reset at 262144 (EINVAL)" \
	'kernel refused: Invalid argument'
has "Debian's blkzone refuses zone 1's start (a power-of-2 mask)" \
	'offset 196608 is not aligned to zone size 196608'
has "nvme-cli reports zone 1 at LBA 0x6000" 'SLBA: 0x6000 '
has "zonefs: 4 MiB written to seq/0 moved zone 1's write pointer to 204800" \
	'^ +1 +196608 +196608 +196608 +204800 +seq-write-required +implicit-open$'
[ $bad = 0 ] || fail "see above"
say "PASS: every command of the banner as it says"
