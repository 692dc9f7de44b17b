# SPDX-License-Identifier: GPL-2.0-only
# dm.sh - device mapper tables over zoned null_blk, po2 and npo2 zone sizes
# (busybox sh, sourced by suite.sh after lib.sh, zoned.sh and nvmet.sh).
#
# Every table maps a zone-aligned part of a null_blk of 6 (dm-zoned: 8)
# zones of 96 MiB (npo2) or 128 MiB (po2).  What a kernel does with the
# npo2 one (npo2_series dm):
#   6.12 patched  dm-linear, dm-flakey and dm-error map it; dm-zoned
#                 refuses it when the target is built, before any metadata
#                 is read: "Zone size is not a power of 2"
#   6.1 patched   every table over it is refused ("not a power of 2")
#   pristine      the npo2 null_blk cannot exist (REFUSED, the rest SKIPs)
# The po2 tables are the control: they work on every kernel (dm-zoned fails
# there on the unformatted metadata, with a message of its own).
# Zone append through dm: the NVMe target exports the dm-linear device
# (nvmet_checks), whose zone appends the host sends go through dm.

# dm_dev NAME - /dev/dm-N of the dm device NAME
dm_dev() {
	local m
	m=$(dmsetup info -c --noheadings -o minor "$1" 2> /dev/null) || return 1
	echo "/dev/dm-$m"
}
dm_del() {
	! dmsetup info "$1" > /dev/null 2>&1 || dmsetup --noudevsync remove "$1"
}

# dm_table TARGET DEV START LEN - one target over LEN sectors of DEV from
# START on (flakey: up for 1 s, down for 0 s, so it passes every I/O)
dm_table() {
	case $1 in
	linear | error) echo "0 $4 $1 $2 $3" ;;
	flakey) echo "0 $4 flakey $2 $3 1 0" ;;
	zoned) echo "0 $4 zoned $2" ;;
	esac
}

# c_dm_new NAME TABLE - the table loads: a dm device, zoned as its device
c_dm_new() {
	need dmsetup || return 77
	local dm
	dmesg_mark
	dmsetup --noudevsync create "$1" --table "$2" ||
		{ dmesg_new | grep device-mapper | tail -n 3; return 1; }
	dm=$(dm_dev "$1") && [ -b "$dm" ] || { echo "no block device for $1"; return 1; }
	echo "$1 = $dm: $2"
}

# c_dm_refused NAME TABLE PATTERN - the table is refused, a device-mapper
# kernel message matches PATTERN, and no dm device is left behind
c_dm_refused() {
	need dmsetup || return 77
	local out
	dmesg_mark
	if out=$(dmsetup --noudevsync create "$1" --table "$2" 2>&1); then
		echo "accepted: $2"
		dm_del "$1"
		return 1
	fi
	echo "dmsetup: $out"
	dmesg_new | grep device-mapper | tail -n 3 | tee /tmp/dmmsg
	! dmsetup info "$1" > /dev/null 2>&1 || { echo "$1 left behind"; dm_del "$1"; return 1; }
	grep -q "$3" /tmp/dmmsg || { echo "no device-mapper message like '$3'"; return 1; }
}

# c_dm_write DM DEV OFF START SECTORS - a write at the write pointer of the
# dm zone at START moves it, and the write pointer of the zone of DEV
# under it with it
c_dm_write() {
	c_write_wp "$1" "$4" "$5" || return 1
	c_wp_below "$1" "$2" "$3" "$4"
}

# c_dm_mgmt DM DEV OFF VERB START COND - VERB on the dm zone at START
# leaves it, and the zone of DEV under it, in COND with the same wp
c_dm_mgmt() {
	c_mgmt "$1" "$4" "$5" || return 1
	c_cond "$1" "$5" "$6" || return 1
	c_wp_below "$1" "$2" "$3" "$5"
}

# c_dm_eio DM DEV OFF START - a read of the dm zone at START and a write at
# its write pointer fail with EIO; the zone of DEV under it does not move
c_dm_eio() {
	blkdev "$1" || return 1
	need zmath-zone || return 77
	local u=$(zone_no_of $(($4 + $3))) w0 w1
	w0=$(wp_of "$2" "$u")
	if dd if="$1" of=/dev/null bs=4096 count=1 skip=$(($4 * 512)) \
		iflag=skip_bytes,direct 2> /tmp/err; then
		echo "read at $4 done"
		return 1
	fi
	grep -q 'Input/output error' /tmp/err || { cat /tmp/err; return 1; }
	echo "read at $4: $(grep -v records /tmp/err | head -n 1)"
	if dd if=/dev/zero of="$1" bs=4096 count=1 seek=$(((w0 - $3) * 512)) \
		oflag=seek_bytes,direct conv=notrunc 2> /tmp/err; then
		echo "write at the wp $((w0 - $3)) done"
		return 1
	fi
	grep -q 'Input/output error' /tmp/err || { cat /tmp/err; return 1; }
	echo "write at the wp $((w0 - $3)): $(grep -v records /tmp/err | head -n 1)"
	w1=$(wp_of "$2" "$u")
	[ "$w1" = "$w0" ] || { echo "zone $u of $2: wp moved from $w0 to $w1"; return 1; }
}

# dm_case GROUP TARGET ZONE_MB - TARGET over zones 1-4 of 6 (dm-error:
# 1-2) of a fresh null_blk, or its refusal where the kernel refuses it
dm_case() {
	local g=$1 t=$2 zs=$(($3 * 2048)) name=zmath-$2 npo2=0 nz=4 dm
	is_po2 $zs || npo2=1
	[ "$t" != error ] || nz=2
	nullb_case "$g" dm$t$3 $((6 * $3)) "$3" "$3" 0 quiet
	ZS=$zs
	local table="$(dm_table $t "$NB_DEV" $zs $((nz * zs)))"
	if [ $npo2 = 1 ] && ! npo2_series dm; then
		step "$g: $t table over zones 1-$nz refused, 'not a power of 2'" \
			c_dm_refused "$name" "$table" "not a power of 2"
		nullb_del dm$t$3
		return
	fi
	# zone 2 of the device (the table's zone 1) written first: the
	# reports through dm show which zones it maps
	step "$g: write 8 sectors at the wp of zone 2 of the device" c_write_wp "$NB_DEV" $((2 * zs)) 8
	step "$g: $t table over zones 1-$nz of the device: created" c_dm_new "$name" "$table"
	dm=$(dm_dev "$name") || dm=/dev/dm-missing
	step "$g: queue/zoned host-managed" c_queue "$dm" zoned host-managed
	step "$g: queue/chunk_sectors $zs" c_queue "$dm" chunk_sectors $zs
	step "$g: queue/nr_zones $nz" c_queue "$dm" nr_zones $nz
	step "$g: zone report = zones 1-$nz of the device, $zs sectors lower" \
		c_report_shifted "$dm" "$NB_DEV" $zs $nz
	if [ $t = error ]; then
		step "$g: read and write at the wp fail with EIO, the device's wp stays" \
			c_dm_eio "$dm" "$NB_DEV" $zs $zs
		dm_del "$name"
		nullb_del dm$t$3
		return
	fi
	step "$g: blkzone report (util-linux) = zmath-zone report" c_blkzone "$dm"
	step "$g: write at the wp of zone 1 moves it on dm and device" \
		c_dm_write "$dm" "$NB_DEV" $zs $zs 128
	step "$g: read back through dm" c_read_back "$dm"
	step "$g: read back on the device, $zs sectors further" c_read_back "$NB_DEV" $zs
	step "$g: second write appends at the wp" c_dm_write "$dm" "$NB_DEV" $zs $zs 8
	step "$g: write away from the wp refused" c_write_off_wp "$dm" $zs
	step "$g: reset zone 1 through dm: empty on dm and device" \
		c_dm_mgmt "$dm" "$NB_DEV" $zs reset $zs empty
	if [ $t = linear ]; then
		step "$g: finish zone 3 through dm: full on dm and device" \
			c_dm_mgmt "$dm" "$NB_DEV" $zs finish $((3 * zs)) full
		step "$g: reset zone 3 through dm" c_dm_mgmt "$dm" "$NB_DEV" $zs reset $((3 * zs)) empty
		# zone append through dm: the NVMe target on the dm device
		nvmet_checks "$g" "$dm" $zs $nz
		step "$g: after the appends, zone 2 of dm has the wp of zone 3 of the device" \
			c_wp_below "$dm" "$NB_DEV" $zs $((2 * zs))
		step "$g: fio zbd write+verify on dm, zones 2-3" c_fio "$dm" $((2 * zs)) $((2 * zs))
		step "$g: zone report after fio = the device's, shifted" \
			c_report_shifted "$dm" "$NB_DEV" $zs $nz
	fi
	dm_del "$name"
	if [ $t = linear ]; then
		# npo2: 262144, which a power-of-2 mask of 196608 takes for a
		# zone start; po2: a quarter zone
		local bad=262144
		is_po2 $zs && bad=$((zs / 4))
		step "$g: table from sector $bad (no zone start) refused, 'not aligned'" \
			c_dm_refused zmath-misaligned "$(dm_table linear "$NB_DEV" $bad $((2 * zs)))" \
			"start=$bad not aligned to h/w zone size $zs"
	fi
	nullb_del dm$t$3
}

# c_dmz NAME DEV TARGET_ERROR STAGE [KMSG] - a dm-zoned table over DEV is
# refused with TARGET_ERROR, and the kernel says KMSG; STAGE ctr: before
# any metadata is read (no "zoned metadata" message), metadata: in the
# metadata, never speaking of a power of 2.  Nothing was written.
c_dmz() {
	blkdev "$2" || return 1
	need zmath-zone || return 77
	zone_lines "$2" > /tmp/rep.before
	c_dm_refused "$1" "$(dm_table zoned "$2" 0 "$(cat "/sys/block/${2##*/}/size")")" \
		"zoned: $3" || return 1
	dmesg_new | grep device-mapper > /tmp/dmmsg
	[ -z "${5:-}" ] || grep -q "$5" /tmp/dmmsg ||
		{ echo "no device-mapper message like '$5'"; return 1; }
	if [ "$4" = ctr ]; then
		! grep -q 'zoned metadata' /tmp/dmmsg || { echo "the metadata was read"; return 1; }
	else
		grep -q 'zoned metadata' /tmp/dmmsg || { echo "no zoned metadata message"; return 1; }
		! grep -q 'power of 2' /tmp/dmmsg || { echo "a power of 2 message"; return 1; }
	fi
	zone_lines "$2" | cmp -s /tmp/rep.before - ||
		{ echo "the zones changed:"; zone_lines "$2" | diff /tmp/rep.before -; return 1; }
}

# dmz_case GROUP ZONE_MB NR_CONV - dm-zoned over a null_blk of 8 zones,
# never formatted.  Without conventional zones dm-zoned finds no place for
# its super block ("Primary super block zone not set").  With them it
# reads an unformatted super block, and every kernel here (pristine too)
# then oopses: dmz_lookup_secondary_sb() fails and clears sb[1].dev, and
# dmz_load_sb() passes that NULL to dmz_dev_err() ("Read secondary super
# block failed"); that case runs only with zmath.dmz_conv=1 on the kernel
# command line (dmz_conv_case).
dmz_case() {
	local g=$1 zs=$(($2 * 2048))
	nullb_case "$g" dmzoned$2 $((8 * $2)) "$2" "$2" "$3" quiet
	if is_po2 $zs; then
		step "$g: refused later, in the metadata, no word of the zone size" \
			c_dmz zmath-dmz "$NB_DEV" "Metadata initialization failed" metadata
	elif [ "$BASE" = 6.12 ]; then
		step "$g: refused at construction, the zone size named, no metadata read" \
			c_dmz zmath-dmz "$NB_DEV" "Zone size is not a power of 2" ctr \
			"zoned: (.*): ${NB_DEV#/dev/}: zone size $zs sectors is not a power of 2: not supported"
	else
		# 6.1's series gives dm-zoned the target error only
		step "$g: refused at construction, no metadata read" \
			c_dmz zmath-dmz "$NB_DEV" "Zone size is not a power of 2" ctr
	fi
	nullb_del dmzoned$2
}

# dmz_conv_case GROUP ZONE_MB - dmz_case over a null_blk with 2
# conventional zones when zmath.dmz_conv=1 asks for it, else one SKIP
# that says why
dmz_conv_case() {
	if grep -q 'zmath\.dmz_conv=1' /proc/cmdline; then
		dmz_case "$1" "$2" 2
	else
		skip "$1: dm-zoned table over it" \
			"off by default: every kernel here oopses in dmz_load_sb() (NULL sb[1].dev after dmz_lookup_secondary_sb() fails); zmath.dmz_conv=1 runs it"
	fi
}
