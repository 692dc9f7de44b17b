# SPDX-License-Identifier: GPL-2.0-only
# nvme.sh - QEMU's NVMe ZNS namespaces (nsid 1: 96 MiB zones, capacity
# 80 MiB, npo2; nsid 2: 128 MiB zones, po2), for the tests in tests/nvme/
# (busybox sh, sourced by suite.sh after lib.sh and zoned.sh).
# nvme_case checks a namespace through the project's libnvme tool
# (zmath-zns, on the generic char device), through Debian's nvme-cli, a
# witness that owes nothing to libzmath, and, where the kernel made a block
# device, with the checks every zoned device gets (dev_suite).

# zns_formats NG LBAS CAP_LBAS - zmath-zns report --json and --csv: zone
# i at LBA i*LBAS, LBAS long, CAP_LBAS writable, positions in LBAs
# ("units" "lbas"); nr_zones counts the zones listed, the whole
# namespace, as many as it reports (dev_nr_zones) and libzmath computes
zns_formats() {
	zmath-zns report --json "$1" > /tmp/zf.json || return 1
	zmath-zns report --csv "$1" > /tmp/zf.csv || return 1
	awk -v zs="$2" -v cap="$3" '
	# a number of the CSV (%014llu) without its leading zeros, as text
	function strip0(x) { sub(/^0+/, "", x); return x == "" ? "0" : x }
	FILENAME == "/tmp/zf.json" {
		gsub(/[{}",:]/, " ")
		if ($1 != "slba") { h[$1] = $2; next }
		for (i = 1; i < NF; i++) v[$i] = $(i + 1)
		got = v["zone"] " " v["slba"] " " v["len"] " " v["cap"]
		want = nj + 0 " " nj * zs " " zs " " cap
		if (got != want) { print "--json zone " nj ": \"" got "\", want \"" want "\""; bad = 1 }
		nj++
		next
	}
	FNR > 1 {
		split($0, f, ", ")
		got = strip0(f[1]) " " strip0(f[3]) " " strip0(f[4]) " " strip0(f[5])
		want = nc + 0 " " nc * zs " " zs " " cap
		if (got != want) { print "--csv zone " nc ": \"" got "\", want \"" want "\""; bad = 1 }
		nc++
	}
	END {
		if (!nj || nc != nj) { print "--json " nj + 0 " zones, --csv " nc + 0; bad = 1 }
		if (h["nr_zones"] != nj || h["dev_nr_zones"] != nj || h["zmath_nr_zones"] != nj) {
			print "nr_zones " h["nr_zones"] ", dev_nr_zones " h["dev_nr_zones"] ", zmath_nr_zones " h["zmath_nr_zones"] ", listed " nj + 0; bad = 1
		}
		if (h["units"] != "lbas" || h["unit_bytes"] != h["logical_block_bytes"] || h["nsid"] == "null") {
			print "units " h["units"] ", unit_bytes " h["unit_bytes"] ", nsid " h["nsid"]; bad = 1
		}
		if (!bad) print "--json and --csv: " nj " zones of " zs " LBAs, capacity " cap
		exit bad
	}' /tmp/zf.json /tmp/zf.csv
}
# c_zns_identify NG LBAS PO2 CAP_LBAS - our libnvme tool on the char
# device: identify, and the zones of report --json and --csv
c_zns_identify() {
	need zmath-zns || return 77
	zmath-zns identify "$1" > /tmp/id 2>&1 || { cat /tmp/id; return 1; }
	cat /tmp/id
	grep -q "zone size: $2 LBAs (.*, $3)" /tmp/id &&
		grep -q "zone capacity: $4 LBAs" /tmp/id || return 1
	zns_formats "$1" "$2" "$4"
}
# c_nvmecli_report NG NZ ZS_LBAS CAP_LBAS - Debian's nvme-cli, a witness
# that owes nothing to libzmath: NZ zones, zone i at i*ZS_LBAS, capacity
c_nvmecli_report() {
	need nvme || return 77
	nvmecli_zones "$1" > /tmp/nz || return 1
	head -n 3 /tmp/nz
	awk -v nz="$2" -v zs="$3" -v cap="$4" '
		{
			want = n ? sprintf("0x%x", n * zs) : "0"	# nvme-cli: %#x
			wc = sprintf("0x%x", cap)
			if ($1 != want || $3 != wc) { print "zone " n + 0 ": SLBA " $1 " Cap " $3 ", want " want " " wc; bad = 1 }
			n++
		}
		END { if (n != nz) { print n + 0 " zones, want " nz; bad = 1 } exit bad }' /tmp/nz
}
c_zns_append() {
	need zmath-zns || return 77
	zmath-zns append --zone "$2" --count 8 --blocks 2 "$1"
}

nvme_case() { # GROUP NSID ZONE_MB NS_MB CAP_MB
	local g=$1 y=$(nvme_inst $2) zs=$(($3 * 2048)) npo2=0 why
	local ng=/dev/ng0n$y dev=/dev/nvme0n$y
	is_po2 $zs || npo2=1
	SKIPPING=
	step "$g: generic char device $ng" test -c "$ng"
	step "$g: zmath-zns identify, report --json, --csv: $(($3 * 256)) LBA zones, capacity $(($5 * 256))" \
		c_zns_identify "$ng" $(($3 * 256)) "$([ $npo2 = 1 ] && echo npo2 || echo po2)" $(($5 * 256))
	step "$g: nvme-cli zns report-zones: $(($4 / $3)) zones of $(($3 * 256)) LBAs" \
		c_nvmecli_report "$ng" $(($4 / $3)) $(($3 * 256)) $(($5 * 256))
	if [ -b "$dev" ] && [ "$(cat /sys/block/nvme0n$y/nsid 2>/dev/null)" = "$2" ]; then
		created "$g" $npo2 "$dev, nsid $2"
	else
		why="no block device $dev; kernel: $(dmesg | grep "namespace: *$2\$" | tail -n 1)"
		# pristine 6.1 says it in 512-byte sectors, 6.12 in LBAs
		if [ "$BASE" = 6.12 ]; then
			not_created "$g" $npo2 "$why" "invalid zone size: $(($3 * 256)) for namespace: $2\$"
		else
			not_created "$g" $npo2 "$why" "invalid zone size:$zs for namespace:$2\$"
		fi
	fi
	dev_suite "$g" "$dev" "$3" "$4" "$5" 0
	# the char device works even where 6.1 hides the block device
	local skipping=$SKIPPING
	SKIPPING=
	step "$g: zone append through io_uring passthrough on $ng" c_zns_append "$ng" 2
	SKIPPING=$skipping
	if [ $npo2 = 1 ]; then
		step "$g: fio zbd write+verify, zones 3-4 (to their capacity)" \
			c_fio "$dev" $((3 * zs)) $((2 * zs)) $((2 * $5 * 1048576))
		step "$g: zmath-write (liburing) zones 5-7" c_zmath_write "$dev" 5 3
	fi
}
