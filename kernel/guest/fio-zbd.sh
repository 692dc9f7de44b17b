# SPDX-License-Identifier: GPL-2.0-only
# fio-zbd.sh - fio's own zoned test suite and blkzone on po2 and npo2 zoned
# null_blk, for tests/fio-zbd/ (sourced by suite.sh after lib.sh and
# zoned.sh).
#
# blkzone: the project's blkzone (Debian's util-linux 2.38.1 on zmath.h,
# examples/util-linux/build.sh: /usr/local/bin/blkzone.zmath) runs every
# command, report, capacity, reset, open, close and finish, with -o, -l,
# -c and size suffixes, on a device of 3 MiB zones (npo2) and of 4 MiB
# zones (po2, the control), each result read back through Debian's blkzone
# report (a witness that owes nothing to libzmath).  Debian's blkzone
# (/usr/sbin/blkzone) and the same source unpatched (blkzone.pristine)
# refuse npo2 zone starts and lengths ("offset 30720 is not aligned to zone
# size 6144") and change nothing; on po2 they work.
#
# fio t/zbd: test-zbd-support of Debian's fio source (3.33, the version of
# its /usr/bin/fio; examples/fio/zbd-suite.sh), unchanged, run
# by Debian's bash with Debian's grep, sed and timeout (/opt/fio-zbd/bin,
# only on the suite's PATH) and the project's blkzone as its "blkzone", on
# null_blk of 8 conventional and 130 sequential zones (every test's
# requirement met: 129-130 sequential zones for tests 3-4, 8 conventional
# for 50-52), po2 4M (552 MiB) and npo2 3M (414 MiB), memory-backed.  One
# TAP line per test and device: ok (PASS), ok # SKIP (the suite's own
# reason: not a SCSI device, not a regular block device), not ok (FAIL, or
# PASS but the test printed something, as blkzone's refusals do).  Then
# one check: npo2 passes every test that po2 passes.
#   - Time: eight of the suite's tests run 30 s each, time-based (30,
#     31, 32, 48, 51, 54, 57, 58; 50 runs 3 s): 4 of its 5 minutes per
#     device of QEMU time.  A wrapper at the suite's ../../fio caps a
#     --runtime of 30 s to $FZ_RUNTIME (3 s; zmath.fiozbd_runtime=30 gives
#     the suite's own): every test runs, the time-based ones shorter, and
#     a device takes some 90-130 s.
#   - Test 54 fails on po2 and npo2 alike and on the pristine kernels,
#     39 and 40 at random: fio 3.33 itself (FZ_FIO_BUGS).  They run; their
#     lines are SKIPs with that reason, and what they did is a comment.
#   - The npo2 QEMU NVMe namespace (10 zones of 96 MiB, capacity 80 MiB)
#     is off by default (zmath.fiozbd_nvme=1 runs the suite there): it
#     adds 3-4 minutes, and the suite's own assumptions fail there.  Its
#     zone_cap_bs() halves the zone size until it divides the capacity,
#     which for 96 MiB and 80 MiB ends at 384-byte blocks on a 4 KiB LBA
#     device (tests 05, 06, 15, 37: fio asserts or reads nothing), and
#     test 25 resets 16 zones of a 10-zone device.  6.12, one run: 34
#     pass, 18 skip (too few zones), those 5 fail, 54 as on null_blk.
#   - zmath.fiozbd_blkzone=pristine puts Debian's blkzone under test (the
#     blkzone checks and the suite's): on npo2 its commands are refused,
#     the suite's tests 15 and 17 fail and 04, 16 and 25 print refusals.
# MODE=baseline: the pristine kernel refuses the npo2 devices (REFUSED,
# the rest SKIP) and runs the po2 ones.

FZ_SRC=/opt/fio-zbd	# t/zbd/, bin/ (mkinitramfs.sh)
FZ=/tmp/fio-zbd		# a copy per run: the suite logs beside itself
FZ_BLKZONE=/usr/local/bin/blkzone.zmath
FZ_DEBIAN=/usr/sbin/blkzone
FZ_PRISTINE=/usr/local/bin/blkzone.pristine
FZ_RUNTIME=$(cmdline_arg fiozbd_runtime)
FZ_RUNTIME=${FZ_RUNTIME:-3}
# the blkzone under test, in bz_case and as the suite's
FZ_BLKZONE_USED=$FZ_BLKZONE
grep -q 'zmath\.fiozbd_blkzone=pristine' /proc/cmdline && FZ_BLKZONE_USED=$FZ_DEBIAN
# what every test of tests/fio-zbd/ requires: the blkzones, the suite and
# the Debian tools it runs with (examples/util-linux/build.sh --pristine
# and examples/fio/zbd-suite.sh, kernel/qemu/mkinitramfs.sh)
FZ_TOOLS="$FZ_BLKZONE $FZ_DEBIAN $FZ_PRISTINE $FZ_SRC/t/zbd/test-zbd-support
	$FZ_SRC/bin/bash $FZ_SRC/bin/grep $FZ_SRC/bin/sed $FZ_SRC/bin/timeout"
# tests that fail on po2 and npo2 alike, and on the pristine kernels,
# because of fio 3.33 itself: "N why" lines.  39 and 40 read one block
# and check fio's "READ:" line, which fio omits for a job that ran under
# 1 ms (stat.c: a direction of max_run 0): they fail at random.
FZ_FIO_BUGS='39 fio 3.33 itself: tests 39 and 40 read one block and fail at random on po2 and npo2 alike and on the pristine kernels: fio prints no READ: line for a job that ran under 1 ms, which check_read needs
40 fio 3.33 itself: tests 39 and 40 read one block and fail at random on po2 and npo2 alike and on the pristine kernels: fio prints no READ: line for a job that ran under 1 ms, which check_read needs
54 fio 3.33 itself: test 54 (randrw:2 with verify and experimental_verify) fails on po2 and npo2 alike and on the pristine kernels: fio aborts in zbd_replay_write_order() (6.1) or reports an EIO read at the same offset every run (6.12), and has aborted on a double free'

# --- blkzone ----------------------------------------------------------------
# bz_zone DEV SECTOR - "start len cap wptr cond type" (decimal) of the zone
# at SECTOR, from Debian's blkzone report (report has no alignment check)
bz_zone() {
	$FZ_DEBIAN report -o "$2" -c 1 "$1" | awk '
		/start:/ {
			for (i = 1; i <= NF; i++) {
				v = $(i + 1); sub(/,$/, "", v)
				if ($i == "start:") s = v
				if ($i == "len") l = v
				if ($i == "cap") c = v
				if ($i == "wptr") w = v
			}
			cond = $0; sub(/.*zcond: */, "", cond); sub(/\(.*/, "", cond)
			type = $0; sub(/.*type: */, "", type); sub(/\(.*/, "", type)
			printf "%d %d %d %d %d %d\n", s, l, c, w, cond, type
			exit
		}'
}
# bz_want DEV ZONE ZS WPTR COND - zone ZONE (of ZS sectors) is at WPTR in
# condition COND (1 em, 2 oi, 3 oe, 4 cl, 14 fu), Debian's report says
bz_want() {
	local got want="$(($2 * $3)) $3 $3 $4 $5 2"
	got=$(bz_zone "$1" $(($2 * $3)))
	echo "zone $2: $got (start len cap wptr cond type)"
	[ "$got" = "$want" ] || { echo "want $want"; return 1; }
}
# bz_write DEV ZONE ZS KIB - KIB KiB at the write pointer of an empty zone
bz_write() {
	dd if=/dev/urandom of="$1" bs=1024 count="$4" seek=$(($2 * $3 / 2)) \
		oflag=direct conv=notrunc 2>&1 | tail -n 1
}
# c_bz_report BZ DEV NZ ZS NCONV - BZ report: NZ zones, zone i at i*ZS of
# ZS sectors, NCONV conventional first; the same lines as Debian's report
c_bz_report() {
	"$1" report "$2" > /tmp/bz.rep 2>&1 || { cat /tmp/bz.rep; return 1; }
	head -n 3 /tmp/bz.rep
	awk -v nz="$3" -v zs="$4" -v nconv="$5" '
		/start:/ {
			s = $2; sub(/,$/, "", s); l = $4; sub(/,$/, "", l)
			t = $0; sub(/.*type: */, "", t); sub(/\(.*/, "", t)
			want = sprintf("%d %d %d", n * zs, zs, n < nconv ? 1 : 2)
			got = sprintf("%d %d %d", s, l, t)
			if (got != want) { print "zone " n ": " got ", want " want; bad = 1 }
			n++
		}
		END { if (n != nz) { print n " zones, want " nz; bad = 1 } exit bad }' /tmp/bz.rep || return 1
	$FZ_DEBIAN report "$2" > /tmp/bz.deb 2>&1
	cmp -s /tmp/bz.rep /tmp/bz.deb || { echo "Debian's report differs:"; diff /tmp/bz.deb /tmp/bz.rep | head -n 4; return 1; }
}
# c_bz_part BZ DEV ZS WANT_FIRST WANT_N ARGS... - report ARGS lists WANT_N
# zones from zone WANT_FIRST on
c_bz_part() {
	local bz=$1 dev=$2 zs=$3 first=$4 n=$5 got
	shift 5
	got=$("$bz" report "$@" "$dev" 2>&1) || { echo "$got"; return 1; }
	echo "$got"
	got=$(echo "$got" | awk '/start:/ { s = $2; sub(/,$/, "", s); printf "%d ", s }')
	local want= i=0
	while [ $i -lt "$n" ]; do want="$want$(((first + i) * zs)) "; i=$((i + 1)); done
	[ "$got" = "$want" ] || { echo "zone starts '$got', want '$want'"; return 1; }
}
# c_bz_capacity BZ DEV WANT_SECTORS ARGS... - capacity ARGS sums WANT
c_bz_capacity() {
	local bz=$1 dev=$2 want=$3 got
	shift 3
	got=$("$bz" capacity "$@" "$dev" 2>&1) || { echo "$got"; return 1; }
	echo "capacity $*: $got"
	[ "$((got))" = "$want" ] || { echo "want $want sectors"; return 1; }
}
# c_bz_cycle BZ DEV ZS Z - on empty zone Z: write 1 MiB (implicitly
# open), open -o -c 1 (explicitly open), close -o ... -c 1 with a suffix
# (closed), finish -o -l (full), reset -o -c 1 (empty), each read back
c_bz_cycle() {
	local bz=$1 dev=$2 zs=$3 z=$4 s=$(($4 * $3))
	bz_want "$dev" "$z" "$zs" 0 1 || return 1
	bz_write "$dev" "$z" "$zs" 1024
	bz_want "$dev" "$z" "$zs" 2048 2 || return 1
	echo "open -o $s -c 1"
	"$bz" open -o "$s" -c 1 "$dev" || return 1
	bz_want "$dev" "$z" "$zs" 2048 3 || return 1
	echo "close -o $((s / 1024))KiB -c 1"
	"$bz" close -o "$((s / 1024))KiB" -c 1 "$dev" || return 1
	bz_want "$dev" "$z" "$zs" 2048 4 || return 1
	echo "finish -o $s -l $((zs / 1024))KiB"
	"$bz" finish -o "$s" -l "$((zs / 1024))KiB" "$dev" || return 1
	bz_want "$dev" "$z" "$zs" "$zs" 14 || return 1
	echo "reset -o $s -c 1"
	"$bz" reset -o "$s" -c 1 "$dev" || return 1
	bz_want "$dev" "$z" "$zs" 0 1
}
# c_bz_range BZ DEV ZS Z N - finish -o -c N, then reset -o -l N zones with
# a K suffix (sectors, as -o: zones of whole MiB are whole 1024 sectors):
# N zones full, then empty, and zone Z+N (empty) untouched
c_bz_range() {
	local bz=$1 dev=$2 zs=$3 z=$4 n=$5 i
	echo "finish -o $((z * zs)) -c $n"
	"$bz" finish -o $((z * zs)) -c "$n" "$dev" || return 1
	for i in $(seq "$z" $((z + n - 1))); do bz_want "$dev" "$i" "$zs" "$zs" 14 || return 1; done
	bz_want "$dev" $((z + n)) "$zs" 0 1 || return 1
	echo "reset -o $((z * zs)) -l $((n * zs / 1024))K"
	"$bz" reset -o $((z * zs)) -l "$((n * zs / 1024))K" "$dev" || return 1
	for i in $(seq "$z" $((z + n))); do bz_want "$dev" "$i" "$zs" 0 1 || return 1; done
}
# c_bz_all BZ DEV ZS NCONV NZ - open two zones, reset (the whole device):
# every sequential zone empty
c_bz_all() {
	local bz=$1 dev=$2 zs=$3 i
	"$bz" open -o $(($4 * zs)) -c 2 "$dev" || return 1
	bz_want "$dev" "$4" "$zs" 0 3 || return 1
	echo "reset (whole device)"
	"$bz" reset "$dev" || return 1
	for i in $(seq "$4" $(($5 - 1))); do bz_want "$dev" "$i" "$zs" 0 1 > /dev/null || { bz_want "$dev" "$i" "$zs" 0 1; return 1; }; done
	echo "zones $4-$(($5 - 1)) empty"
}
# c_bz_refused BZ DEV ZS Z PATTERN ARGS... - BZ ARGS exits 1 saying
# PATTERN, and zone Z (implicitly open, 1 MiB written) stays as it was
c_bz_refused() {
	local bz=$1 dev=$2 zs=$3 z=$4 pat=$5 out rc=0
	shift 5
	bz_write "$dev" "$z" "$zs" 1024 > /dev/null
	bz_want "$dev" "$z" "$zs" 2048 2 > /dev/null || { bz_want "$dev" "$z" "$zs" 2048 2; return 1; }
	out=$("$bz" "$@" "$dev" 2>&1) || rc=$?
	echo "${bz##*/} $*: $out"
	[ $rc = 1 ] || { echo "exit status $rc, want 1"; return 1; }
	echo "$out" | grep -q "$pat" || { echo "no message like '$pat'"; return 1; }
	bz_want "$dev" "$z" "$zs" 2048 2 || return 1
	"$FZ_BLKZONE" reset -o $((z * zs)) -c 1 "$dev"
}
# c_bz_works BZ DEV ZS Z ARGS... - the control on po2: BZ reset ARGS of
# zone Z (1 MiB written) succeeds and empties it
c_bz_works() {
	local bz=$1 dev=$2 zs=$3 z=$4
	shift 4
	bz_write "$dev" "$z" "$zs" 1024 > /dev/null
	echo "${bz##*/} $*"
	"$bz" "$@" "$dev" || return 1
	bz_want "$dev" "$z" "$zs" 0 1
}

# bz_case GROUP NAME ZONE_MB - blkzone on a null_blk of 16 zones of
# ZONE_MB, 2 conventional
bz_case() {
	local g=$1 zs=$(($3 * 2048)) dev bz t
	nullb_case "$g" "$2" $((16 * $3)) "$3" "$3" 2 quiet
	dev=$NB_DEV
	step "$g: blkzone report: 16 zones of $3 MiB, 2 conventional, as Debian's" \
		c_bz_report "$FZ_BLKZONE_USED" "$dev" 16 "$zs" 2
	step "$g: blkzone report -o $((5 * zs / 1024))KiB -c 2: zones 5-6" \
		c_bz_part "$FZ_BLKZONE_USED" "$dev" "$zs" 5 2 -o "$((5 * zs / 1024))KiB" -c 2
	step "$g: blkzone report -o $((5 * zs)) -l $((2 * zs)): zones 5-6" \
		c_bz_part "$FZ_BLKZONE_USED" "$dev" "$zs" 5 2 -o $((5 * zs)) -l $((2 * zs))
	step "$g: blkzone capacity: 16 zones" c_bz_capacity "$FZ_BLKZONE_USED" "$dev" $((16 * zs))
	step "$g: blkzone capacity -o $((3 * zs)) -c 4: 4 zones" \
		c_bz_capacity "$FZ_BLKZONE_USED" "$dev" $((4 * zs)) -o $((3 * zs)) -c 4
	step "$g: blkzone open, close, finish, reset of zone 5 (-o, -c, -l, KiB)" \
		c_bz_cycle "$FZ_BLKZONE_USED" "$dev" "$zs" 5
	step "$g: blkzone finish -c 2, reset -l (K) of zones 9-10" \
		c_bz_range "$FZ_BLKZONE_USED" "$dev" "$zs" 9 2
	step "$g: blkzone reset of the whole device" \
		c_bz_all "$FZ_BLKZONE_USED" "$dev" "$zs" 2 16
	for bz in "$FZ_DEBIAN" "$FZ_PRISTINE"; do
		[ "$bz" = "$FZ_DEBIAN" ] && t="Debian's blkzone" || t="blkzone.pristine (same source, unpatched)"
		if is_po2 "$zs"; then
			step "$g: $t reset -o $((5 * zs)) -c 1 (the control)" \
				c_bz_works "$bz" "$dev" "$zs" 5 reset -o $((5 * zs)) -c 1
			step "$g: $t reset -o $((4 * zs)) -l $((2 * zs)) (the control)" \
				c_bz_works "$bz" "$dev" "$zs" 4 reset -o $((4 * zs)) -l $((2 * zs))
		else
			step "$g: $t refuses reset -o $((5 * zs)) -c 1, zone 5 unchanged" \
				c_bz_refused "$bz" "$dev" "$zs" 5 \
				"offset $((5 * zs)) is not aligned to zone size $zs" reset -o $((5 * zs)) -c 1
			# zone 4 starts at 24576, 0 under the mask of 6143: the
			# length is what it refuses
			step "$g: $t refuses reset -o $((4 * zs)) -l $((2 * zs)), zone 4 unchanged" \
				c_bz_refused "$bz" "$dev" "$zs" 4 \
				"number of sectors $((2 * zs)) is not aligned to zone size $zs" reset -o $((4 * zs)) -l $((2 * zs))
		fi
	done
	nullb_del "$2"
}

# --- fio t/zbd --------------------------------------------------------------
# fz_prepare BLKZONE - a fresh copy of the suite in $FZ, BLKZONE as its
# blkzone, fio (or the runtime cap wrapper) at ../../fio
fz_prepare() {
	# bash's process substitution, <(...), reads /dev/fd/N
	[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
	rm -rf "$FZ"
	mkdir -p "$FZ/t" "$FZ/bin"
	cp -r "$FZ_SRC/t/zbd" "$FZ/t/zbd"
	ln -s "$1" "$FZ/bin/blkzone"
	if [ "$FZ_RUNTIME" = 30 ]; then
		ln -s /usr/bin/fio "$FZ/fio"
	else
		cat > "$FZ/fio" <<-EOF
		#!/bin/sh
		# fio-zbd.sh: the suite's time-based tests, $FZ_RUNTIME s instead of 30
		n=\$#
		for a; do
			case \$a in --runtime=30|--runtime=30s) a=--runtime=$FZ_RUNTIME ;; esac
			set -- "\$@" "\$a"
		done
		shift \$n
		exec /usr/bin/fio "\$@"
		EOF
		chmod 755 "$FZ/fio"
	fi
}

# fz_results OUT PFX - "NN STATUS [reason]" per test from the suite's
# output OUT; a test that printed anything between "Running test NN ..."
# and its status (a helper's stderr: blkzone's refusals) gets PRINTED
# (its lines in PFX.NN)
fz_results() {
	rm -f "$2".*
	awk -v pfx="$2" '
	function status(s) {
		if (s ~ /^(PASS|FAIL)$/ || s ~ /^SKIP( |$)/) {
			st = s; sub(/ .*/, "", st); why = s; sub(/^SKIP */, "", why)
			if (st == "SKIP") printf "%s SKIP %s\n", n, why
			else if (printed && st == "PASS") printf "%s PRINTED\n", n
			else printf "%s %s\n", n, st
			n = ""
			return 1
		}
		return 0
	}
	/^Running test [0-9]+ \.\.\. / {
		n = $3; printed = 0
		rest = $0; sub(/^Running test [0-9]+ \.\.\. /, "", rest)
		if (!status(rest)) { printed = 1; print rest > (pfx "." n) }
		next
	}
	n != "" && !status($0) { printed = 1; print > (pfx "." n) }
	' "$1"
}

# fz_why PFX NN STATUS - what a FAIL or PRINTED test printed and the end
# of its log
fz_why() {
	if [ "$3" = PRINTED ]; then
		echo "passed, but printed: $(head -n 4 "$1.$2")"
	else
		echo "$3; $(cat "$1.$2" 2> /dev/null)"
		tail -n 12 "$FZ/t/zbd/test-zbd-support.log.${2#0}" 2> /dev/null
	fi
}

# fz_no_stat_line NN - test NN failed only because fio printed no
# READ: or WRITE: line for a job that ran under 1 ms (stat.c skips a
# direction whose max_run is 0): the suite's check then compares nothing
# ("read:  <> 6291456").  Seen at random on tests 04 and 15 of npo2 and,
# as FZ_FIO_BUGS says, 39 and 40 of both; such a test is run once more.
fz_no_stat_line() {
	grep -qE '^(read|written):  <> [0-9]+$' \
		"$FZ/t/zbd/test-zbd-support.log.${1#0}" 2> /dev/null
}

# fz_suite DEV ARGS... - the suite, on the PATH it wants
fz_suite() {
	local dev=$1
	shift
	PATH=$FZ/bin:$FZ_SRC/bin:$PATH bash "$FZ/t/zbd/test-zbd-support" "$@" "$dev" < /dev/null
}

# fz_run GROUP DEV - the suite on DEV, one TAP line per test; sets
# FZ_LIST (NN STATUS per test) for c_fz_compare
fz_run() {
	local g=$1 dev=$2 t0=$(date +%s) rc=0 n st why bug printed again
	FZ_LIST=
	fz_prepare "$FZ_BLKZONE_USED"
	comment "$g: bash t/zbd/test-zbd-support $dev (blkzone: $FZ_BLKZONE_USED, time-based tests $FZ_RUNTIME s)"
	fz_suite "$dev" > /tmp/fz.out 2>&1 || rc=$?
	head -n 1 /tmp/fz.out | sed 's/^/#   /'
	fz_results /tmp/fz.out /tmp/fz.printed > /tmp/fz.res
	if [ ! -s /tmp/fz.res ]; then
		notok "$g: the suite ran" "exit $rc: $(tail -n 5 /tmp/fz.out)"
		return
	fi
	while read -r n st why; do
		bug=$(echo "$FZ_FIO_BUGS" | sed -n "s/^${n#0} //p")
		if [ -n "$bug" ]; then
			FZ_LIST="$FZ_LIST$n FIO
"
			skip "$g: test $n" "$bug"
			comment "it ran: $st$(grep -m 3 -E '^fio: |double free|Abort|Assert' \
				"$FZ/t/zbd/test-zbd-support.log.${n#0}" 2> /dev/null | sed 's/^/; /' | tr -d '\n')"
			continue
		fi
		printed=/tmp/fz.printed
		if [ "$st" = FAIL ] && fz_no_stat_line "$n"; then
			fz_suite "$dev" -t "${n#0}" > /tmp/fz.rerun 2>&1
			fz_results /tmp/fz.rerun /tmp/fz.reprinted > /tmp/fz.rerun.res
			again=$(awk -v n="$n" '$1 == n { print $2 }' /tmp/fz.rerun.res)
			comment "$g: test $n: fio printed no READ:/WRITE: line for a job (fio 3.33, a job under 1 ms); run again: ${again:-no result}"
			[ -z "$again" ] || st=$again printed=/tmp/fz.reprinted
		fi
		FZ_LIST="$FZ_LIST$n $st
"
		case $st in
		PASS) ok "$g: test $n" ;;
		SKIP) skip "$g: test $n" "t/zbd: $(echo "$why" | sed "s|^$dev ||")" ;;
		*) notok "$g: test $n" "$(fz_why "$printed" "$n" "$st")" ;;
		esac
	done < /tmp/fz.res
	comment "$g: $(awk '{print $2}' /tmp/fz.res | sort | uniq -c | tr -s ' \n' ' ')(exit $rc), $(($(date +%s) - t0)) s"
	comment "$g: $(fz_lists "$FZ_LIST")"
}

# fz_lists "NN STATUS..." - "pass 01 02 ...; skip 09 10; fail -; fio 3.33
# (declared SKIP) 54" (a PRINTED test is a failure)
fz_lists() {
	printf '%s' "$1" | awk '
	{ s = $2 == "PRINTED" ? "FAIL" : $2; l[s] = l[s] (l[s] == "" ? "" : " ") $1 }
	END {
		printf "pass %s; skip %s; fail %s; fio 3.33 (declared SKIP) %s",
			l["PASS"] ? l["PASS"] : "-", l["SKIP"] ? l["SKIP"] : "-",
			l["FAIL"] ? l["FAIL"] : "-", l["FIO"] ? l["FIO"] : "-"
	}'
}

# fz_case GROUP NAME ZONE_MB - the suite on a null_blk of 8 conventional
# and 130 sequential zones of ZONE_MB (created, or REFUSED and its lines
# SKIP); what each test did (FZ_LIST) stays in /tmp/fz-list.NAME, for
# c_fz_compare
fz_case() {
	local g=$1 n
	nullb_case "$g" "$2" $((138 * $3)) "$3" "$3" 8 quiet
	if [ -n "$SKIPPING" ]; then
		FZ_LIST=
		for n in $(seq -w 1 58); do skip "$g: test $n" "$SKIPPING"; done
	else
		fz_run "$g" "$NB_DEV"
	fi
	printf '%s' "$FZ_LIST" > "/tmp/fz-list.$2"
	nullb_del "$2"
}

# c_fz_compare PO2_NAME NPO2_NAME - every test that passes on the po2
# device passes on the npo2 one (fz_case NAMEs, run before in this boot)
c_fz_compare() {
	local bad f
	for f in "$1" "$2"; do
		[ -f "/tmp/fz-list.$f" ] ||
			{ echo "no results of the suite on $f: its test runs first, in the same boot"; return 1; }
	done
	set -- "$(cat "/tmp/fz-list.$1")" "$(cat "/tmp/fz-list.$2")"
	echo "po2:  $(fz_lists "$1")"
	echo "npo2: $(fz_lists "$2")"
	[ "$(printf '%s' "$1" | grep -c .)" = 58 ] && [ "$(printf '%s' "$2" | grep -c .)" = 58 ] ||
		{ echo "the suite did not report its 58 tests on both devices"; return 1; }
	bad=$(printf '%s' "$1" | awk -v npo2="$2" '
		BEGIN { n = split(npo2, l, "\n"); for (i = 1; i <= n; i++) { split(l[i], f, " "); st[f[1]] = f[2] } }
		$2 == "PASS" && st[$1] != "PASS" { printf "%s (npo2 %s) ", $1, st[$1] ? st[$1] : "not run" }')
	[ -z "$bad" ] || { echo "po2 passes, npo2 does not: $bad"; return 1; }
}
