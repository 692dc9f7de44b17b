#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# kunit.sh - boot a kernel under QEMU (TCG) for its built-in KUnit suites
# alone, with no initramfs (kunit_shutdown=reboot ends the boot after the
# suites), and judge the zmath suite: at least one case, every case passes,
# no oops, BUG or WARNING, no timeout.
#
#   kunit.sh ARCH IMAGE KERNEL_TREE OUTDIR
#
# ARCH is x86_64 or i386 (a bzImage on a PC), arm64 (an Image) or arm (a
# zImage) on QEMU's "virt" machine, which powers off through PSCI and
# gives the kernel its device tree.  OUTDIR gets console.log, ktap.log,
# kunit.txt and verdict.txt.  Hard timeout: $ZMATH_QEMU_TIMEOUT (300 s).
set -euo pipefail

arch=${1:?usage: kunit.sh ARCH IMAGE KERNEL_TREE OUTDIR}
image=${2:?} tree=${3:?} out=${4:?}
timeout=${ZMATH_QEMU_TIMEOUT:-300}
# TCG runs an older, simpler CPU model faster than "max" (no pointer
# authentication to emulate on arm64).
case $arch in
x86_64) qemu=(qemu-system-x86_64 -M q35 -cpu max) console=ttyS0 ;;
i386) qemu=(qemu-system-i386 -M pc -cpu max) console=ttyS0 ;;
arm64) qemu=(qemu-system-aarch64 -M virt -cpu cortex-a57) console=ttyAMA0 ;;
arm) qemu=(qemu-system-arm -M virt -cpu cortex-a15) console=ttyAMA0 ;;
*) echo "kunit.sh: no QEMU machine for ARCH=$arch" >&2; exit 2 ;;
esac
[ -f "$image" ] || { echo "kunit.sh: no kernel image $image" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)

echo "[kunit $arch] booting $image, log $out/console.log" >&2
set +e
timeout -k 10 "$timeout" "${qemu[@]}" -accel tcg -m 512M -smp 1 \
	-kernel "$image" -append "console=$console panic=-1 kunit_shutdown=reboot" \
	-display none -no-reboot -monitor none -serial stdio < /dev/null |
	tr -d '\r' > "$out/console.log"
rc=${PIPESTATUS[0]}
set -e

. "$(dirname "$0")/kunit-lib.sh"
kunit_parse "$out/console.log" "$out" "$tree"
kunit_suite "$out" zmath
problems=()
[ "$rc" = 0 ] || problems+=("QEMU exited with $rc$([ "$rc" != 124 ] || echo ' (timeout)')")
[ "$kunit_rc" = 0 ] || problems+=("kunit.py parse failed (rc $kunit_rc), see $out/kunit.txt")
[ "$kunit_total" -gt 0 ] || problems+=("no zmath suite in the console log")
[ "$kunit_pass" = "$kunit_total" ] ||
	problems+=("$((kunit_total - kunit_pass)) of $kunit_total zmath cases did not pass")
bad=$(grep -nE 'Oops|BUG:|WARNING:' "$out/console.log" | head -3 || true)
[ -z "$bad" ] || problems+=("kernel trouble: $bad")
verdict=$([ ${#problems[@]} = 0 ] && echo PASS || echo FAIL)
printf 'arch=%s\nkunit=zmath suite: %s/%s cases pass\nverdict=%s\n' \
	"$arch" "$kunit_pass" "$kunit_total" "$verdict" > "$out/verdict.txt"
echo "[kunit $arch] zmath: $kunit_pass/$kunit_total cases pass: $verdict" >&2
[ ${#problems[@]} = 0 ] || { printf 'FAIL: %s\n' "${problems[@]}" >&2; exit 1; }
