# SPDX-License-Identifier: GPL-2.0-only
# nvme.sh - checks of QEMU's NVMe ZNS namespaces, for tests/nvme/ and
# tests/nvme-huge/ (busybox sh, sourced by suite.sh after lib.sh and
# zoned.sh): through the project's libnvme tool (zmath-zns, on the generic
# char device) and through Debian's nvme-cli, a witness that owes nothing
# to libzmath.

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
