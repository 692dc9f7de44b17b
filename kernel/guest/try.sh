# SPDX-License-Identifier: GPL-2.0-only
# try.sh - zmath.run=shell (make try, kernel/qemu/try.sh): an interactive
# busybox shell on the console, after a banner of things to try on the
# NVMe ZNS namespaces and null_blk.  Returns when the shell exits; /init
# then reboots, and QEMU (-no-reboot) exits.
#
# The banner's commands are lines of their own that start with "  $ ",
# with the namespaces' real names: tests/try-check.sh runs every one of
# them.  zmath.cols= and zmath.rows= (the host terminal's size) set the
# console's.
. /guest/lib.sh
. /guest/zoned.sh

# 6.12 scans the namespaces asynchronously: give them a few seconds
i=0
while [ $i -lt 20 ] && ! { [ -b /dev/nvme0n1 ] && [ -b /dev/nvme0n2 ]; }; do
	sleep 1
	i=$((i + 1))
done
n96=/dev/nvme0n$(nvme_inst 1 < /dev/null)
n128=/dev/nvme0n$(nvme_inst 2 < /dev/null)

# mknullb, a command; poweroff, reboot and halt, functions of the
# interactive shell ($ENV) that end the run: busybox's signal PID 1, this
# guest's /init, which takes no signal, and tinyconfig has no ACPI
# power-off; reboot -f does it (QEMU runs with -no-reboot)
printf '#!/bin/sh\nexec sh /guest/mknullb.sh "$@"\n' > /usr/local/bin/mknullb
chmod 755 /usr/local/bin/mknullb
cat > /etc/try.profile << 'EOF'
poweroff() { sync; busybox reboot -f; }
reboot() { poweroff; }
halt() { poweroff; }
EOF
export ENV=/etc/try.profile
mkdir -p /mnt/btrfs /mnt/zonefs /mnt/f2fs

cols=$(cmdline_arg cols) rows=$(cmdline_arg rows)
[ -z "$cols" ] || [ -z "$rows" ] || stty cols "$cols" rows "$rows" 2> /dev/null || true

cat << EOF

zmath try: Linux $(uname -r) with the zmath series.
  $n96  NVMe ZNS nsid 1: 10 zones of 96 MiB (196608 sectors, npo2), capacity 80 MiB
  $n128  NVMe ZNS nsid 2: 8 zones of 128 MiB (262144 sectors, po2)
  mknullb ZONE_MiB [size=MiB] [cap=MiB] [conv=N]  a zoned null_blk (mknullb -h)
  Tools: zmath-zone zmath-zns zmath-write zmath-zonefs-mkfs, nvme, fio,
  blkzone (Debian's) and blkzone.zmath, mkfs.btrfs and mkfs.f2fs on zmath
  (Debian's: mkfs.btrfs.pristine, mkfs.f2fs.pristine).  Sectors of 512 bytes.
Things to try:
 1 the zones, by Debian's blkzone (hex) and by libzmath (decimal)
  $ blkzone report $n96 | head -n 3
  $ zmath-zone report $n96
 2 write 64 KiB at the write pointer of zone 1 (sector 196608); it moves by 128
  $ dd if=/dev/urandom of=$n96 bs=64k count=1 seek=1536 oflag=direct
  $ zmath-zone report -o 196608 -c 1 $n96
 3 a reset in the middle of zone 1: the tool refuses, and with --force-unchecked the kernel does (EINVAL)
  $ zmath-zone reset -o 262144 $n96
  $ zmath-zone reset -o 262144 --force-unchecked $n96
 4 reset zone 1: blkzone.zmath takes its start, Debian's blkzone's power-of-2 mask refuses it
  $ blkzone reset -o 196608 -c 1 $n96
  $ blkzone.zmath reset -o 196608 -c 1 $n96
 5 nvme-cli's zone report
  $ nvme zns report-zones $n96 -d 3
 6 fio sequential writes with verify, zones 3 and 4 (up to their 80 MiB capacity)
  $ fio --name=zbd --filename=$n96 --zonemode=zbd --direct=1 --rw=write --bs=1M --offset=288M --size=192M --verify=crc32c
 7 btrfs on 96 MiB zones
  $ mkfs.btrfs -f -d single -m single $n96 && mount -t btrfs $n96 /mnt/btrfs && df -h /mnt/btrfs
  $ dd if=/dev/urandom of=/mnt/btrfs/file bs=1M count=16 && sync && zmath-zone report $n96
 8 zonefs on a 96 MiB-zone null_blk: one file per zone, seq/0 is zone 1, its size the write pointer's offset
  $ d=\$(mknullb 96) && zmath-zonefs-mkfs \$d && mount -t zonefs \$d /mnt/zonefs && ls -l /mnt/zonefs/seq
  $ dd if=/dev/urandom of=/mnt/zonefs/seq/0 bs=1M count=4 oflag=direct && ls -l /mnt/zonefs/seq/0 && zmath-zone report -o 196608 -c 1 \$d
 9 f2fs on 24 MiB zones, 4 of them conventional
  $ d=\$(mknullb 24 size=1000 conv=4) && mkfs.f2fs -f -m \$d && mount -t f2fs \$d /mnt/f2fs && df -h /mnt/f2fs
10 leave: exit or poweroff (QEMU exits), or Ctrl-A X (QEMU's monitor: Ctrl-A C)

EOF

# the console as the controlling terminal of a new shell: job control, Ctrl-C
export PS1='zmath:\w# '
cd /
setsid cttyhack sh
