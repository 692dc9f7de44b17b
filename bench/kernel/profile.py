#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""profile.py - the kernel's executed instructions per function, from QEMU.

  profile.py ranges OBJDIR SUBDIR...   print the -dfilter address ranges of
                                       the vmlinux functions defined in the
                                       objects under OBJDIR/SUBDIR..., and
                                       write OBJDIR/profile.syms
  profile.py count SYMS LOG            count LOG (-singlestep -d
                                       nochain,exec: a line per executed
                                       instruction) per function of SYMS
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
import re
import subprocess
import sys


def text_symbols(path):
    """(address, size, name) of the text symbols of an ELF file."""
    out = subprocess.run(['nm', '-S', '--defined-only', path], check=True,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in 'tT':
            yield int(f[0], 16), int(f[1], 16), f[3]


def ranges(obj, subdirs):
    names = set()
    for sub in subdirs:
        for root, _, files in os.walk(os.path.join(obj, sub)):
            for f in files:
                if f.endswith('.o') and not f.endswith('.mod.o'):
                    p = os.path.join(root, f)
                    names.update(n for _, _, n in text_symbols(p))
    mine = []
    spans = []
    for addr, size, name in sorted(text_symbols(os.path.join(obj, 'vmlinux'))):
        if name not in names:
            spans.append(None)	# a foreign function ends a range
            continue
        mine.append((addr, size, name))
        if spans and spans[-1]:
            spans[-1][1] = addr + size
        else:
            spans.append([addr, addr + size])
    with open(os.path.join(obj, 'profile.syms'), 'w') as f:
        for addr, size, name in mine:
            f.write('%x %x %s\n' % (addr, size, name))
    print(','.join('0x%x..0x%x' % (a, e - 1) for a, e in filter(None, spans)))


def count(syms_path, log):
    syms = []
    with open(syms_path) as f:
        for line in f:
            a, s, n = line.split()
            syms.append((int(a, 16), int(s, 16), n))
    starts = [a for a, _, _ in syms]
    pcs = collections.Counter()
    # "Trace 0: 0x7f.. [00000000/ffffffff812d4fb0/00000000/...] "
    pc = re.compile(r'\[[0-9a-f]+/([0-9a-f]+)/')
    with open(log, errors='replace') as f:
        for line in f:
            m = pc.search(line)
            if m:
                pcs[int(m.group(1), 16)] += 1
    funcs = collections.Counter()
    for addr, n in pcs.items():
        i = bisect.bisect_right(starts, addr) - 1
        inside = i >= 0 and addr < syms[i][0] + syms[i][1]
        funcs[syms[i][2] if inside else '(elsewhere)'] += n
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
        if max(row) < 0.5 or (len(row) > 1 and
                               max(abs(v - row[0]) for v in row) < 0.05):
            continue
        cells = ['%12.1f' % row[0]]
        cells += ['%+12.1f' % (v - row[0]) for v in row[1:]]
        print('%-40s' % n + ''.join(cells))
    totals = [sum(p.values()) for p in per]
    print('%-40s' % 'total' + '%12.1f' % totals[0] +
          ''.join('%+12.1f' % (t - totals[0]) for t in totals[1:]))


if __name__ == '__main__':
    if len(sys.argv) >= 4 and sys.argv[1] == 'ranges':
        ranges(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 4 and sys.argv[1] == 'count':
        count(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'table':
        table(float(sys.argv[2]), sys.argv[3:])
    else:
        sys.exit(__doc__)
