# SPDX-License-Identifier: GPL-2.0-only
# zbd.sh - libzbd's zbd on npo2 and po2 zones, for tests/tools/004-006
# (busybox sh, sourced by suite.sh after lib.sh and zoned.sh).
#
# zbd.zmath is Debian's libzbd 2.0.4 (zbd-utils' zbd, static) with its
# zone ranges rounded through zmath.h; zbd.pristine the same source
# unpatched (examples/libzbd/build.sh --pristine).  libzbd rounds the range
# of a report or of a reset, open, close and finish to whole zones with
# zone_size - 1 as a mask: for 96 MiB zones that also clears the 64 MiB
# bit, so zone 2 (192 MiB) becomes 128 MiB, in zone 1, and the end of zone
# 9 (960 MiB) rounds up to 1024 MiB, cut to the device end.
#
# On a range of two zones that starts at a zone's start, zone 2: the
# zones written (implicitly open), zbd report lists them, then open,
# close, finish and reset leave them explicitly open, closed, full and
# empty, and every other zone as it was.  A witness that owes nothing to
# libzmath reads each zone's write pointer and condition before and after
# each command: Debian's blkzone report (null_blk), nvme-cli's zns
# report-zones (the NVMe namespace).  The null_blk devices end in a smaller
# zone, 10, written first: the same on zones 8-9 must leave it as it was.
# Then what zbd.pristine does with the same commands, a check each: on npo2
# its report of zones 2-3 lists zones 1-2, the kernel refuses its reset of
# zones 2-3 (EINVAL) and nothing changes, and its reset of zones 8-9 also
# empties zone 10; on po2 (the control) it does what it is asked.
# zmath.zbd=pristine puts zbd.pristine under the first checks: on npo2
# they fail.  MODE=baseline: the pristine kernel refuses the npo2 devices
# (their checks SKIP) and runs the po2 one.

ZBD_ZMATH=/usr/local/bin/zbd.zmath
ZBD_PRISTINE=/usr/local/bin/zbd.pristine
# the zbd under test (zbd_case's first checks)
ZBD_USED=$ZBD_ZMATH
[ "$(cmdline_arg zbd)" != pristine ] || ZBD_USED=$ZBD_PRISTINE
ZBD_MIB=1048576

# zbd_states WITNESS - "zone wp cond" of every zone of the device, wp in
# bytes from the device start, cond the zone condition code (blkzone_zones):
#   nvme:NG  nvme-cli's zone report of the char device NG (4096-byte LBAs,
#            the state in bits 7:4 of its State byte)
#   DEV      Debian's blkzone report of the block device DEV
zbd_states() {
	local n=0 s l c w st
	case $1 in
	nvme:*)
		nvmecli_zones "${1#nvme:}" > /tmp/zbd.w || return 1
		while read -r s w c st; do
			echo "$n $((w * 4096)) $((st >> 4))"
			n=$((n + 1))
		done < /tmp/zbd.w
		;;
	*)
		blkzone_zones "$1" > /tmp/zbd.w || return 1
		while read -r s l c w st; do
			echo "$n $((w * 512)) $st"
			n=$((n + 1))
		done < /tmp/zbd.w
		;;
	esac
}

# zbd_masked POS ZSB - POS rounded down with libzbd's mask, ZSB - 1
zbd_masked() {
	echo $(($1 & ~($2 - 1)))
}

# zbd_write DEV ZSB FIRST N - 1 MiB of zeros at the start of zones FIRST
# to FIRST+N-1 (of ZSB bytes), O_DIRECT
zbd_write() {
	local z=$3
	while [ "$z" -lt $(($3 + $4)) ]; do
		dd if=/dev/zero of="$1" bs=$ZBD_MIB count=1 seek=$((z * $2)) \
			oflag=seek_bytes,direct conv=notrunc 2> /tmp/zbd.dd ||
			{ cat /tmp/zbd.dd; return 1; }
		z=$((z + 1))
	done
}

# c_zbd_acts WITNESS DEV ZSB FIRST N COND WPOFF CMD... - CMD exits 0 and,
# by the witness, leaves zones FIRST to FIRST+N-1 (of ZSB bytes) in
# condition COND with the write pointer WPOFF bytes in ("-": not checked,
# a full zone's is the device's own), every other zone as it was
c_zbd_acts() {
	local w=$1 dev=$2 zsb=$3 first=$4 n=$5 cond=$6 wpoff=$7 rc=0 cmd
	shift 7
	blkdev "$dev" || return 1
	zbd_states "$w" > /tmp/zbd.before || return 1
	cmd="$*"
	echo "${cmd#/usr/local/bin/}"
	"$@" || rc=$?
	zbd_states "$w" > /tmp/zbd.after || return 1
	[ $rc = 0 ] || { echo "exit status $rc"; return 1; }
	awk -v first="$first" -v n="$n" -v cond="$cond" -v wpoff="$wpoff" -v zsb="$zsb" '
	FILENAME == ARGV[1] { was[$1] = $0; nb++; next }
	{
		na++
		if ($1 >= first && $1 < first + n)
			want = sprintf("%d %.0f %d", $1, wpoff == "-" ? $2 : $1 * zsb + wpoff, cond)
		else
			want = was[$1]
		if ($0 != want) { print "zone " $1 ": wp " $2 ", cond " $3 "; want wp, cond: " want; bad = 1 }
		else if ($1 >= first && $1 < first + n) print "zone " $1 ": wp " $2 ", cond " $3
	}
	END { if (na != nb) { print na " zones after, " nb " before"; bad = 1 } exit bad }' \
		/tmp/zbd.before /tmp/zbd.after
}

# c_zbd_report ZBD WITNESS DEV ZSB FIRST N WANT... - ZBD report of zones
# FIRST to FIRST+N-1 lists zones WANT..., each at its start and with the
# write pointer and condition the witness reads
c_zbd_report() {
	local zbd=$1 w=$2 dev=$3 zsb=$4 first=$5 n=$6 z s wp cond got=
	shift 6
	blkdev "$dev" || return 1
	echo "${zbd##*/} report -csv -ofst $((first * zsb)) -len $((n * zsb))"
	"$zbd" report -csv -ofst $((first * zsb)) -len $((n * zsb)) "$dev" \
		> /tmp/zbd.rep 2>&1 || { cat /tmp/zbd.rep; return 1; }
	cat /tmp/zbd.rep
	zbd_states "$w" > /tmp/zbd.now || return 1
	# "zone num, type, ofst, len, cap, wp, cond, non_seq, reset", in
	# decimal with leading zeros, which busybox awk would read as octal
	awk -F', *' '
	function dec(v) { sub(/^0+/, "", v); return v == "" ? "0" : v }
	NR > 1 && NF == 9 { print dec($1), dec($3), dec($6), $7 }' \
		/tmp/zbd.rep > /tmp/zbd.listed
	while read -r z s wp cond; do
		got="$got${got:+ }$z"
		[ "$s" = $((z * zsb)) ] || { echo "zone $z listed at $s, it starts at $((z * zsb))"; return 1; }
		[ "$z $wp $((cond))" = "$(awk -v z="$z" '$1 == z' /tmp/zbd.now)" ] ||
			{ echo "zone $z: wp $wp, cond $((cond)); the witness: $(awk -v z="$z" '$1 == z' /tmp/zbd.now)"; return 1; }
	done < /tmp/zbd.listed
	[ "$got" = "$*" ] || { echo "zones listed: '$got', want '$*'"; return 1; }
}

# c_zbd_refused ZBD WITNESS DEV ZSB FIRST N VERB - ZBD VERB of zones FIRST
# to FIRST+N-1 exits 1, the kernel having refused it (EINVAL), and no zone
# changed
c_zbd_refused() {
	local zbd=$1 w=$2 dev=$3 zsb=$4 first=$5 n=$6 verb=$7 out rc=0
	blkdev "$dev" || return 1
	zbd_states "$w" > /tmp/zbd.before || return 1
	out=$("$zbd" "$verb" -ofst $((first * zsb)) -len $((n * zsb)) "$dev" 2>&1) || rc=$?
	echo "${zbd##*/} $verb -ofst $((first * zsb)) -len $((n * zsb)): $out"
	zbd_states "$w" > /tmp/zbd.after || return 1
	[ $rc = 1 ] || { echo "exit status $rc, want 1"; return 1; }
	echo "$out" | grep -q 'Invalid argument' || { echo "no 'Invalid argument' in the message"; return 1; }
	cmp -s /tmp/zbd.before /tmp/zbd.after ||
		{ echo "the zones changed:"; diff /tmp/zbd.before /tmp/zbd.after | head -n 6; return 1; }
	echo "no zone changed"
}

# zbd_range GROUP WITNESS DEV ZSB Z - $ZBD_USED on zones Z and Z+1, empty:
# written, report, open, close, finish, reset
zbd_range() {
	local g=$1 w=$2 dev=$3 zsb=$4 z=$5
	local r="zones $5-$(($5 + 1))" o="-ofst $(($5 * $4)) -len $((2 * $4))"
	step "$g: $r written, 1 MiB each (implicitly open)" \
		c_zbd_acts "$w" "$dev" "$zsb" "$z" 2 2 $ZBD_MIB zbd_write "$dev" "$zsb" "$z" 2
	step "$g: zbd report of $r lists them, as the witness reads them" \
		c_zbd_report "$ZBD_USED" "$w" "$dev" "$zsb" "$z" 2 "$z" $((z + 1))
	step "$g: zbd open of $r: explicitly open, no other zone changed" \
		c_zbd_acts "$w" "$dev" "$zsb" "$z" 2 3 $ZBD_MIB "$ZBD_USED" open $o "$dev"
	step "$g: zbd close of $r: closed, no other zone changed" \
		c_zbd_acts "$w" "$dev" "$zsb" "$z" 2 4 $ZBD_MIB "$ZBD_USED" close $o "$dev"
	step "$g: zbd finish of $r: full, no other zone changed" \
		c_zbd_acts "$w" "$dev" "$zsb" "$z" 2 14 - "$ZBD_USED" finish $o "$dev"
	step "$g: zbd reset of $r: empty, no other zone changed" \
		c_zbd_acts "$w" "$dev" "$zsb" "$z" 2 1 0 "$ZBD_USED" reset $o "$dev"
}

# zbd_case GROUP WITNESS DEV ZONE_MB [LAST] - the checks on DEV, zones of
# ZONE_MB; LAST: the number of its smaller last zone
zbd_case() {
	local g=$1 w=$2 dev=$3 zsb=$(($4 * ZBD_MIB)) last=${5:-} p=zbd.pristine
	local start2 end9 z
	zbd_range "$g" "$w" "$dev" "$zsb" 2
	if [ -n "$last" ]; then
		step "$g: zone $last (the smaller last) written, 1 MiB (implicitly open)" \
			c_zbd_acts "$w" "$dev" "$zsb" "$last" 1 2 $ZBD_MIB zbd_write "$dev" "$zsb" "$last" 1
		zbd_range "$g" "$w" "$dev" "$zsb" $((last - 2))
	fi
	# Debian's source unpatched: where its mask puts zone 2's start
	start2=$(zbd_masked $((2 * zsb)) "$zsb")
	z=$((start2 / zsb))
	if [ "$start2" = $((2 * zsb)) ]; then
		step "$g: $p report of zones 2-3 lists them (the control)" \
			c_zbd_report "$ZBD_PRISTINE" "$w" "$dev" "$zsb" 2 2 2 3
	else
		step "$g: $p report of zones 2-3 lists zones $z-$((z + 1)) (its mask: from $((start2 / ZBD_MIB)) MiB)" \
			c_zbd_report "$ZBD_PRISTINE" "$w" "$dev" "$zsb" 2 2 "$z" $((z + 1))
	fi
	step "$g: zones 2-3 written, 1 MiB each (implicitly open)" \
		c_zbd_acts "$w" "$dev" "$zsb" 2 2 2 $ZBD_MIB zbd_write "$dev" "$zsb" 2 2
	if [ "$start2" = $((2 * zsb)) ]; then
		step "$g: $p reset of zones 2-3 empties them (the control)" \
			c_zbd_acts "$w" "$dev" "$zsb" 2 2 1 0 \
			"$ZBD_PRISTINE" reset -ofst $((2 * zsb)) -len $((2 * zsb)) "$dev"
	else
		step "$g: $p reset of zones 2-3 refused by the kernel (sent from $((start2 / ZBD_MIB)) MiB), no zone changed" \
			c_zbd_refused "$ZBD_PRISTINE" "$w" "$dev" "$zsb" 2 2 reset
	fi
	[ -n "$last" ] || return 0
	z=$((last - 2))
	step "$g: zones $z-$((z + 1)) written, 1 MiB each (implicitly open)" \
		c_zbd_acts "$w" "$dev" "$zsb" "$z" 2 2 $ZBD_MIB zbd_write "$dev" "$zsb" "$z" 2
	# where its mask puts the end of zone LAST-1: past the full-size
	# zones, it resets the smaller last zone too
	end9=$(zbd_masked $((last * zsb + zsb - 1)) "$zsb")
	if [ "$end9" = $((last * zsb)) ]; then
		step "$g: $p reset of zones $z-$((z + 1)) leaves zone $last as it was (the control)" \
			c_zbd_acts "$w" "$dev" "$zsb" "$z" 2 1 0 \
			"$ZBD_PRISTINE" reset -ofst $((z * zsb)) -len $((2 * zsb)) "$dev"
	else
		step "$g: $p reset of zones $z-$((z + 1)) empties zone $last too (its mask: the end at $((end9 / ZBD_MIB)) MiB, cut to the device end)" \
			c_zbd_acts "$w" "$dev" "$zsb" "$z" 3 1 0 \
			"$ZBD_PRISTINE" reset -ofst $((z * zsb)) -len $((2 * zsb)) "$dev"
	fi
}

# zbd_nullb GROUP NAME ZONE_MB - zbd_case on a null_blk of ten zones of
# ZONE_MB and a smaller last one of 20 MiB (created, or REFUSED and its
# checks SKIP)
zbd_nullb() {
	nullb_case "$1" "$2" $((10 * $3 + 20)) "$3" "$3" 0 quiet
	zbd_case "$1" "$NB_DEV" "$NB_DEV" "$3" 10
	nullb_del "$2"
}

# c_zbd_nvme_empty NG DEV ZS_LBAS FIRST N - zones FIRST to FIRST+N-1 of
# the namespace (what the tests before left there) reset through the block
# device DEV, so that its zone write plugs learn it too (a reset through
# NG bypasses them, and a plug left by an earlier write fails the next
# write at the zone's start), and read empty by nvme-cli
c_zbd_nvme_empty() {
	need nvme || return 77
	local ng=$1 dev=$2 zs=$3 z=$4 end=$(($4 + $5))
	while [ "$z" -lt "$end" ]; do
		blkzone.zmath reset -o $((z * zs * 8)) -c 1 "$dev" || return 1
		nvmecli_zones "$ng" -s $((z * zs)) -d 1 > /tmp/zbd.nz || return 1
		cat /tmp/zbd.nz
		[ "$(awk '{ print $2, $4 }' /tmp/zbd.nz)" = "$(printf '0x%x' $((z * zs))) 0x10" ] ||
			{ echo "zone $z is not empty at its start"; return 1; }
		z=$((z + 1))
	done
}

# zbd_nvme GROUP - zbd_case on the block device of QEMU's npo2 namespace
# (nsid 1, 96 MiB zones: kernel/qemu/zns.sh), which the pristine kernel
# refuses (its checks SKIP, as nvme/001 says REFUSED)
zbd_nvme() {
	local g=$1 y=$(nvme_inst 1)
	local ng=/dev/ng0n$y dev=/dev/nvme0n$y
	SKIPPING=
	[ "$MODE" != baseline ] || [ -b "$dev" ] ||
		SKIPPING="the pristine kernel refused the npo2 namespace (nvme npo2 96M cap80M: created)"
	step "$g: $dev, nsid 1: zones of 96 MiB" c_queue "$dev" chunk_sectors 196608
	step "$g: zones 2-3 reset, empty as nvme-cli reads them" \
		c_zbd_nvme_empty "$ng" "$dev" $((96 * 256)) 2 2
	zbd_case "$g" "nvme:$ng" "$dev" 96
	SKIPPING=
}
