# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# A thin wrapper around meson and the project's scripts.
#   make bench         the main job: what does a non-power-of-2 zone cost?
#   make check         every test: unit (gcc, clang+ASan+UBSan+fuzz, -m32,
#                      arm64 and armhf under qemu-user), the kernel
#                      series booted in QEMU (x86-64, with KUnit), and
#                      the KUnit suite on i386, arm64 and arm
#   make kernel-check  the QEMU part alone, for the base KERNEL (6.12 or 6.1;
#                      BASELINE=1: the pristine kernel; ONLY=f2fs,faults/002:
#                      those tests of the guest suite)
#   make kernel-hotpath  the -O2 code of the zoned I/O path, pristine
#                      against patched, for the base KERNEL: fails when a
#                      patched function realigns its stack and pristine
#                      does not
#   make kernel-kunit  the KUnit suite alone on KUNIT_ARCHS (i386 arm64 arm),
#                      tiny kernels (KERNEL=6.12|6.1)
#   make kernel-cross  every patched subsystem built for i386, arm and
#                      arm64, both bases, and the KUnit suite booted on each
#   make bench-kernel  instructions per zoned I/O in the kernels, pristine
#                      and patched, po2 and npo2, both bases (QEMU -icount)
#   make bench-kernel-profile  where a po2 write's instructions go,
#                      function by function, pristine against patched
#                      (KERNEL=6.12|6.1, WORKLOAD=write-psync|read-psync)
#   make try           the patched 6.12 kernel in QEMU, a shell on this
#                      terminal: npo2 zones without a ZNS drive
#   make package-check the Debian packages built from this checkout,
#                      lintian, and used in a clean Debian root

B := build
# The developer builds: warnings are errors here, not in meson.build, so
# that a distribution's newer compiler does not fail the build on a
# warning it adds.
DEV_SETUP := meson setup --werror
# The man pages are the same in every build: build/meson makes and checks
# them, the others would each extract kernel-doc again.
NO_MAN := -Dman=disabled
NO_LINT := --no-suite lint
# The kernel base of `make kernel-check`, and the bases `make check` runs.
KERNEL ?= 6.12
CHECK_KERNELS ?= 6.12 6.1

.PHONY: all bench bench-kernel bench-kernel-profile check unit kernel-check kernel-hotpath \
	kernel-kunit kernel-cross try package-check \
	install clean

# Every target first installs the Debian packages it lacks (as root) and
# says which; scripts/deps.sh lists them per target.
DEPS := scripts/deps.sh

all: $(B)/meson/build.ninja
	$(DEPS) build
	ninja -C $(B)/meson

# build/meson's tools are static: the QEMU guest runs them, and has no
# libzmath.so (kernel/qemu/mkinitramfs.sh)
$(B)/meson/build.ninja:
	$(DEPS) build
	$(DEV_SETUP) -Dstatic_tools=true $(B)/meson

$(B)/meson-m32/build.ninja:
	$(DEV_SETUP) $$(scripts/m32-cross.sh) -Dexamples=false $(NO_MAN) \
		$(B)/meson-m32

# ARM builds: the unit tests run under qemu-user, with a tenth of the
# random cases (a million: 9 s under qemu-arm here, 1 s under qemu-aarch64).
ARM_ARCHS := arm64 armhf
ARM_RANDOM_CASES := 1000000
$(B)/meson-arm64/build.ninja $(B)/meson-armhf/build.ninja:
	$(DEV_SETUP) --cross-file cross/$(patsubst $(B)/meson-%/build.ninja,%,$@).ini \
		-Dexamples=false -Dbench=false -Dfuzz=disabled $(NO_MAN) $(dir $@)

$(B)/meson-asan/build.ninja:
	CC=clang CXX=clang++ $(DEV_SETUP) -Db_sanitize=address,undefined \
		-Db_lundef=false -Dc_args=-fno-sanitize-recover=all \
		-Dcpp_args=-fno-sanitize-recover=all -Dfuzz=enabled $(NO_MAN) \
		$(B)/meson-asan

bench:
	$(DEPS) bench
	$(MAKE) $(B)/meson/build.ninja $(B)/meson-m32/build.ninja
	set -e; for b in meson meson-m32; do \
		ninja -C $(B)/$$b bench/zmath-bench bench/zmath-bench-layout2 \
			bench/zmath-insn; \
	done
	bench/run.sh $(B)/meson $(B)/meson-m32

unit:
	$(DEPS) unit
	$(MAKE) $(B)/meson/build.ninja $(B)/meson-m32/build.ninja $(B)/meson-asan/build.ninja \
		$(foreach a,$(ARM_ARCHS),$(B)/meson-$(a)/build.ninja)
	@echo "== unit: gcc, x86-64 (with checkpatch/kernel-doc and vocabulary lint)"
	ninja -C $(B)/meson
	meson test -C $(B)/meson --print-errorlogs
	@echo "== unit: gcc -m32"
	ninja -C $(B)/meson-m32
	meson test -C $(B)/meson-m32 --print-errorlogs $(NO_LINT)
	@echo "== unit: clang, ASan+UBSan, libFuzzer"
	ninja -C $(B)/meson-asan
	meson test -C $(B)/meson-asan --print-errorlogs $(NO_LINT)
	set -e; for a in $(ARM_ARCHS); do \
		echo "== unit: clang $$a, under qemu-user"; \
		ninja -C $(B)/meson-$$a; \
		ZMATH_RANDOM_CASES=$(ARM_RANDOM_CASES) \
			meson test -C $(B)/meson-$$a --print-errorlogs $(NO_LINT); \
	done

kernel-check:
	$(DEPS) check
	$(MAKE) $(B)/meson/build.ninja
	ninja -C $(B)/meson
	KERNEL=$(KERNEL) BASELINE=$(BASELINE) ONLY=$(ONLY) kernel/check.sh

# Both kernels of a base, then their disassembly: what the series costs a
# power-of-2 device, function by function (kernel/scripts/hotpath.sh).
kernel-hotpath:
	$(DEPS) check
	KERNEL=$(KERNEL) kernel/scripts/build.sh --baseline > /dev/null
	KERNEL=$(KERNEL) kernel/scripts/build.sh > /dev/null
	KERNEL=$(KERNEL) kernel/scripts/hotpath.sh --check

# The zmath KUnit suite alone on other architectures, booted under QEMU
# without an initramfs: tinyconfig + kernel/config/kunit.config, a few
# minutes each.  `make check` runs it on 6.12.
KUNIT_ARCHS ?= i386 arm64 arm
kernel-kunit:
	$(DEPS) check
	KERNEL=$(KERNEL) kernel/kunit-check.sh $(KUNIT_ARCHS)

# The guest suite's config (every patched subsystem) built for the 32-bit
# and ARM architectures on both bases, so that a 64-bit division an arch
# has no instruction for fails the link, and the KUnit suite booted on
# each.  Not in `make check`: six full kernel builds.
CROSS_ARCHS ?= i386 arm arm64
kernel-cross:
	$(DEPS) check
	set -e; for k in $(CHECK_KERNELS); do \
		KERNEL=$$k kernel/kunit-check.sh --full $(CROSS_ARCHS); \
	done

# A measurement, not a test: `make check` runs only its smoke (one
# workload on the 6.12 patched kernel) so that it cannot rot.
bench-kernel:
	$(DEPS) check
	$(MAKE) $(B)/meson/build.ninja
	ninja -C $(B)/meson
	bench/kernel/run.sh

# Which functions pay what bench-kernel counts: every kernel instruction
# counted by a QEMU TCG plugin, 4 to 6 minutes (bench/kernel/profile.sh).
bench-kernel-profile:
	$(DEPS) check
	$(MAKE) $(B)/meson/build.ninja
	ninja -C $(B)/meson
	KERNEL=$(KERNEL) bench/kernel/profile.sh $(WORKLOAD)

# Emulated NVMe ZNS namespaces and null_blk to try by hand, with a banner
# of commands; tests/try-check.sh types them (in `make check`).
try:
	$(DEPS) check
	kernel/qemu/try.sh

# dpkg-buildpackage, lintian, and the packages installed in a debootstrap
# root made once (tests/deb-check.sh). Not in `make check`: a few minutes,
# and the first run debootstraps.
package-check:
	$(DEPS) deb
	tests/deb-check.sh

check:
	$(DEPS) check
	$(MAKE) unit
	set -e; for k in $(CHECK_KERNELS); do \
		$(MAKE) kernel-check KERNEL=$$k; \
		$(MAKE) kernel-hotpath KERNEL=$$k; \
	done
	$(if $(filter 6.12,$(CHECK_KERNELS)),tests/try-check.sh)
	$(MAKE) kernel-kunit KERNEL=6.12
	@echo "== bench-kernel smoke: one workload, 6.12 patched, QEMU -icount"
	bench/kernel/run.sh --smoke

install: all
	meson install -C $(B)/meson

clean:
	rm -rf $(B)/meson $(B)/meson-m32 $(B)/meson-asan $(B)/bench \
		$(foreach a,$(ARM_ARCHS),$(B)/meson-$(a))
