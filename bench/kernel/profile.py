#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""profile.py - the kernel's executed instructions per function, from QEMU.

  profile.py text VMLINUX              print "BASE SIZE" of its text
                                       (_text to _etext), for insn-count.so
  profile.py count VMLINUX INSNS       count INSNS (insn-count.so's output:
                                       each instruction's executions) per
                                       function of VMLINUX; userspace as
                                       (user)
  profile.py table IOS DIR...          per I/O: each DIR holds short.counts
                                       and long.counts, of boots that ran
                                       IOS more I/Os in the long one; the
                                       first DIR is the reference, the
                                       others are its differences, and the
                                       functions they all run alike are
                                       left out

A count per function is every instruction executed at an address of its
body: a function inlined into another counts in its caller, as bench/kernel
measures, and a boot's own work (probing, the zone reports of setup)
cancels out between the short and the long boot.
"""
import bisect
import collections
import os
import subprocess
import sys


def text_symbols(path):
    """(address, size, name) of the text symbols of an ELF file, sorted."""
    out = subprocess.run(['nm', '-S', '--defined-only', path], check=True,
                         capture_output=True, text=True).stdout
    syms = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in 'tTW':
            syms.append((int(f[0], 16), int(f[1], 16), f[3]))
    return sorted(syms)


def text(vmlinux):
    out = subprocess.run(['nm', path_or_die(vmlinux)], check=True,
                         capture_output=True, text=True).stdout
    at = {f[2]: int(f[0], 16) for f in (l.split() for l in out.splitlines())
          if len(f) == 3}
    print('0x%x 0x%x' % (at['_text'], at['_etext'] - at['_text']))


def path_or_die(path):
    if not os.path.isfile(path):
        sys.exit('profile.py: no %s' % path)
    return path


def count(vmlinux, insns):
    syms = text_symbols(path_or_die(vmlinux))
    starts = [a for a, _, _ in syms]
    funcs = collections.Counter()
    with open(insns) as f:
        for line in f:
            addr, n = line.split()
            if addr in ('user', 'other'):
                funcs['(%s)' % addr] += int(n)
                continue
            addr = int(addr, 16)
            i = bisect.bisect_right(starts, addr) - 1
            inside = i >= 0 and addr < syms[i][0] + syms[i][1]
            funcs[syms[i][2] if inside else '(elsewhere)'] += int(n)
    for name, n in funcs.most_common():
        print(n, name)


def load(path):
    with open(path) as f:
        return {n: int(c) for c, n in (line.split() for line in f)}


def table(ios, dirs):
    per = []
    for d in dirs:
        short, long = load(d + '/short.counts'), load(d + '/long.counts')
        per.append({n: (long.get(n, 0) - short.get(n, 0)) / ios
                    for n in set(short) | set(long)})
    names = sorted(set().union(*per),
                   key=lambda n: (-max(abs(p.get(n, 0) - per[0].get(n, 0))
                                       for p in per), n))
    labels = [os.path.basename(d.rstrip('/')) for d in dirs]
    print('%-40s' % 'function' + ''.join('%12s' % l for l in labels))
    for n in names:
        row = [p.get(n, 0) for p in per]
        # unchanged functions are left out when there is a comparison
        if max(map(abs, row)) < 0.5 or (len(row) > 1 and
                               max(abs(v - row[0]) for v in row) < 0.05):
            continue
        cells = ['%12.1f' % row[0]]
        cells += ['%+12.1f' % (v - row[0]) for v in row[1:]]
        print('%-40s' % n + ''.join(cells))
    totals = [sum(p.values()) for p in per]
    print('%-40s' % 'total' + '%12.1f' % totals[0] +
          ''.join('%+12.1f' % (t - totals[0]) for t in totals[1:]))


if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == 'text':
        text(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == 'count':
        count(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'table':
        table(float(sys.argv[2]), sys.argv[3:])
    else:
        sys.exit(__doc__)
