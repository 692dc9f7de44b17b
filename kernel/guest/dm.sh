# SPDX-License-Identifier: GPL-2.0-only
# dm.sh - device mapper tables over zoned null_blk, po2 and npo2 zone sizes
# (busybox sh, sourced by suite.sh after lib.sh, zoned.sh and nvmet.sh):
# what the tests of tests/dm/ share.
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

# dm_dev NAME - /dev/dm-N of the dm device NAME
dm_dev() {
	local m
	m=$(dmsetup info -c --noheadings -o minor "$1" 2> /dev/null) || return 1
	echo "/dev/dm-$m"
}

# dm_del NAME - the dm device NAME removed, if it is there
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

# dm_mapped GROUP TARGET ZONE_MB NR_ZONES - TARGET over zones 1-NR_ZONES
# of a fresh null_blk of 6 zones ($NB_DEV), as the dm device $DM_DEV
# (named $DM_NAME) of zones of $ZS sectors: the table loads and maps the
# device's zones; where this kernel refuses the npo2 device under dm
# (npo2_series dm), that refusal is the check, and dm_mapped fails
dm_mapped() {
	local g=$1 t=$2 nz=$4 table
	ZS=$(($3 * 2048)) DM_NAME=zmath-$2
	nullb_case "$g" dm$t$3 size=$((6 * $3)) zone_size="$3"
	table="$(dm_table $t "$NB_DEV" $ZS $((nz * ZS)))"
	if ! is_po2 $ZS && ! npo2_series dm; then
		step "$g: $t table over zones 1-$nz refused, 'not a power of 2'" \
			c_dm_refused "$DM_NAME" "$table" "not a power of 2"
		return 1
	fi
	# zone 2 of the device (the table's zone 1) written first: the
	# reports through dm show which zones it maps
	step "$g: write 8 sectors at the wp of zone 2 of the device" c_write_wp "$NB_DEV" $((2 * ZS)) 8
	step "$g: $t table over zones 1-$nz of the device: created" c_dm_new "$DM_NAME" "$table"
	DM_DEV=$(dm_dev "$DM_NAME") || DM_DEV=/dev/dm-missing
	step "$g: queue/zoned host-managed" c_queue "$DM_DEV" zoned host-managed
	step "$g: queue/chunk_sectors $ZS" c_queue "$DM_DEV" chunk_sectors $ZS
	step "$g: queue/nr_zones $nz" c_queue "$DM_DEV" nr_zones $nz
	step "$g: zone report = zones 1-$nz of the device, $ZS sectors lower" \
		c_report_shifted "$DM_DEV" "$NB_DEV" $ZS $nz
}

# dm_zone_io GROUP - I/O through $DM_DEV lands in the device's zone under
# it: the zone report of util-linux, writes at the wp of zone 1 read back
# through dm and on the device, a write away from the wp refused, a reset
dm_zone_io() {
	local g=$1
	step "$g: blkzone report (util-linux) = zmath-zone report" c_blkzone "$DM_DEV"
	step "$g: write at the wp of zone 1 moves it on dm and device" \
		c_dm_write "$DM_DEV" "$NB_DEV" $ZS $ZS 128
	step "$g: read back through dm" c_read_back "$DM_DEV"
	step "$g: read back on the device, $ZS sectors further" c_read_back "$NB_DEV" $ZS
	step "$g: second write appends at the wp" c_dm_write "$DM_DEV" "$NB_DEV" $ZS $ZS 8
	step "$g: write away from the wp refused" c_write_off_wp "$DM_DEV" $ZS
	step "$g: reset zone 1 through dm: empty on dm and device" \
		c_dm_mgmt "$DM_DEV" "$NB_DEV" $ZS reset $ZS empty
}

# dm_gone TARGET ZONE_MB - the dm device of dm_mapped and its null_blk
# removed
dm_gone() {
	dm_del "zmath-$1"
	nullb_del "dm$1$2"
}
