# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# A thin wrapper around meson and the project's scripts.
#   make bench         the main job: what does a non-power-of-2 zone cost?
#   make check         every test: unit (gcc, clang+ASan+UBSan+fuzz, -m32,
#                      arm64 and armhf under qemu-user) and the kernel
#                      series booted in QEMU
#   make kernel-check  the QEMU part alone, for the base KERNEL (6.12 or 6.1;
#                      BASELINE=1: the pristine kernel; ONLY=f2fs,zonefs:
#                      those sections of the guest suite)
#   make kernel-kunit  the KUnit suite alone on ARCH=i386 (KERNEL=6.12|6.1)
#   make bench-kernel  instructions per zoned I/O in the kernels, pristine
#                      and patched, po2 and npo2, both bases (QEMU -icount)

B := build
MESON_SETUP := meson setup --reconfigure
NO_LINT := --no-suite lint
# The kernel base of `make kernel-check`, and the bases `make check` runs.
KERNEL ?= 6.12
CHECK_KERNELS ?= 6.12 6.1

.PHONY: all bench bench-kernel check unit kernel-check kernel-kunit install clean

# Every target first installs the Debian packages it lacks (as root) and
# says which; scripts/deps.sh lists them per target.
DEPS := scripts/deps.sh

all: $(B)/meson/build.ninja
	$(DEPS) build
	ninja -C $(B)/meson

$(B)/meson/build.ninja:
	$(DEPS) build
	meson setup $(B)/meson

$(B)/meson-m32/build.ninja:
	meson setup $$(scripts/m32-cross.sh) -Dexamples=false $(B)/meson-m32

# ARM builds: the unit tests run under qemu-user, with a tenth of the
# random cases (a million: 9 s under qemu-arm here, 1 s under qemu-aarch64).
ARM_ARCHS := arm64 armhf
ARM_RANDOM_CASES := 1000000
$(B)/meson-arm64/build.ninja $(B)/meson-armhf/build.ninja:
	meson setup --cross-file cross/$(patsubst $(B)/meson-%/build.ninja,%,$@).ini \
		-Dexamples=false -Dbench=false -Dfuzz=disabled $(dir $@)

$(B)/meson-asan/build.ninja:
	CC=clang CXX=clang++ meson setup -Db_sanitize=address,undefined \
		-Db_lundef=false -Dc_args=-fno-sanitize-recover=all \
		-Dcpp_args=-fno-sanitize-recover=all -Dfuzz=enabled \
		$(B)/meson-asan

bench:
	$(DEPS) bench
	$(MAKE) $(B)/meson/build.ninja $(B)/meson-m32/build.ninja
	ninja -C $(B)/meson bench/zmath-bench
	ninja -C $(B)/meson-m32 bench/zmath-bench
	bench/run.sh $(B)/meson $(B)/meson-m32

unit:
	$(DEPS) unit
	$(MAKE) $(B)/meson/build.ninja $(B)/meson-m32/build.ninja $(B)/meson-asan/build.ninja \
		$(foreach a,$(ARM_ARCHS),$(B)/meson-$(a)/build.ninja)
	@echo "== unit: gcc, x86-64 (with checkpatch/kernel-doc lint)"
	ninja -C $(B)/meson
	meson test -C $(B)/meson --print-errorlogs
	@echo "== unit: gcc -m32"
	ninja -C $(B)/meson-m32
	meson test -C $(B)/meson-m32 --print-errorlogs $(NO_LINT)
	@echo "== unit: clang, ASan+UBSan, libFuzzer"
	ninja -C $(B)/meson-asan
	meson test -C $(B)/meson-asan --print-errorlogs $(NO_LINT)
	set -e; for a in $(ARM_ARCHS); do \
		echo "== unit: gcc $$a, under qemu-user"; \
		ninja -C $(B)/meson-$$a; \
		ZMATH_RANDOM_CASES=$(ARM_RANDOM_CASES) \
			meson test -C $(B)/meson-$$a --print-errorlogs $(NO_LINT); \
	done

kernel-check:
	$(DEPS) check
	$(MAKE) $(B)/meson/build.ninja
	ninja -C $(B)/meson
	KERNEL=$(KERNEL) BASELINE=$(BASELINE) ONLY=$(ONLY) tests/kernel-check.sh

# The zmath KUnit suite alone on another architecture (ARCH=i386), booted
# under QEMU without an initramfs.  Not part of `make check` (a full extra
# kernel build).
ARCH ?= i386
kernel-kunit:
	$(DEPS) check
	KERNEL=$(KERNEL) kernel/scripts/build.sh --arch $(ARCH) > $(B)/kernel-kunit-$(ARCH).path
	kernel/qemu/kunit.sh $(ARCH) "$$(tail -n 1 $(B)/kernel-kunit-$(ARCH).path)" \
		$(B)/kernel/$(KERNEL)/src $(B)/kernel/$(KERNEL)/kunit-$(ARCH)

# A measurement, not a test: `make check` runs only its smoke (one
# workload on the 6.12 patched kernel) so that it cannot rot.
bench-kernel:
	$(DEPS) check
	$(MAKE) $(B)/meson/build.ninja
	ninja -C $(B)/meson
	bench/kernel/run.sh

check:
	$(DEPS) check
	$(MAKE) unit
	set -e; for k in $(CHECK_KERNELS); do $(MAKE) kernel-check KERNEL=$$k; done
	@echo "== bench-kernel smoke: one workload, 6.12 patched, QEMU -icount"
	bench/kernel/run.sh --smoke

install: all
	meson install -C $(B)/meson

clean:
	rm -rf $(B)/meson $(B)/meson-m32 $(B)/meson-asan $(B)/bench \
		$(foreach a,$(ARM_ARCHS),$(B)/meson-$(a))
