#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""summary.py - one screen of what `make bench` found

usage: bench/summary.py OUT KERNEL_OUT

OUT is the bench's output directory (build/bench): its samples-K.csv
(the 64-bit build's per-round samples, every process), goals.txt
(goals.py) and, where -m32 was not timed, insn-qemu-m32.txt
(insn-count.sh). KERNEL_OUT is `make bench-kernel`'s (build/bench-kernel):
its results.csv and report.txt, if it ran.

Writes OUT/summary.txt, the screen run.sh prints last, and
OUT/headline.dat, the figures of headline.png. The screen has, for the
operations a zoned I/O path does most (zone number, offset in the zone,
alignment check), per zone size: ns/op of the shift, the geometry, a
divide and libdivide, and the geometry's paired ratios to the shift (at
128 MiB: what a power-of-2 device costs) and to the divide; then the
kernel's instructions per I/O, or how to get them; then the goals'
verdict counts. Every figure pools all the processes' rounds: the
ns/op are medians of the samples, the ratios medians of the per-round
paired ratios, as goals.py's.
"""
import csv
import glob
import os
import re
import statistics
import sys

# goals.py is imported from the source tree: no __pycache__ there
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import goals  # noqa: E402

UNIT = 'sectors'
LOOP = 'throughput'
# What the kernel series calls most per I/O; roundup and nr_zones, and
# the latency and one-shot loops, are in bench.txt.
OPS = ['zone_no', 'zone_offset', 'is_aligned']
METHODS = ['shift', 'geom', 'div', 'libdivide']
HEADLINE_OP = 'zone_no'
# `make bench-kernel` on the 2-core VM of bench/README.md: 6856 s with
# its four kernel builds, 25-90 min once they are built
KERNEL_TIME = 'about 2 h'


class Figures:
    """The 64-bit build's samples: medians and paired ratios."""

    def __init__(self, paths):
        data, procs, _, order = goals.load(paths)
        if '64' not in data:
            sys.exit('summary.py: no 64-bit samples in ' + ' '.join(paths))
        self.g = goals.Goals(data['64'])
        self.procs = len(procs['64'])
        self.zones = [z for z in order['zone']
                      if self.g.has(UNIT, z, 'zone_no', LOOP, 'geom')]
        self.po2 = next(z for z in self.zones
                        if self.g.has(UNIT, z, 'zone_no', LOOP, 'shift'))
        self.sizes = {}
        head = {}
        for path in paths[:1]:
            with open(path, newline='') as f:
                lines = []
                for x in f:
                    if x.startswith('# ') and ': ' in x:
                        k, v = x[2:].rstrip('\n').split(': ', 1)
                        head[k] = v
                    elif not x.startswith('#'):
                        lines.append(x)
                for r in csv.DictReader(lines):
                    if r['unit'] == UNIT:
                        self.sizes.setdefault(r['zone'], int(r['zone_size']))
        self.cpu = head.get('cpu', 'unknown CPU')
        self.git = head.get('git', 'unknown')
        self.rounds = max(len(v) for v in data['64'].values()) // \
            max(self.procs, 1)

    def ns(self, zone, op, method):
        """Median ns/op of a kernel; libdivide: its faster flavour."""
        if method == 'libdivide':
            x = [self.ns(zone, op, m) for m in goals.LIBDIVIDE]
            x = [v for v in x if v is not None]
            return min(x) if x else None
        key = (UNIT, zone, op, LOOP, method)
        if key not in self.g.samples:
            return None
        return statistics.median(self.g.samples[key].values())

    def ratio(self, zone, op, ref_zone, ref_method):
        """Median paired ratio of the geometry to a reference kernel."""
        a = (UNIT, zone, op, LOOP, 'geom')
        b = (UNIT, ref_zone, op, LOOP, ref_method)
        if a not in self.g.samples or b not in self.g.samples:
            return None
        r = [x for v in self.g.ratios(a, b).values() for x in v]
        return statistics.median(r) if r else None


def cell(x, fmt, width):
    return f'{"-":>{width}}' if x is None else f'{x:{width}{fmt}}'


def bench_table(f, out):
    """The user-space lines: a row per operation and zone size."""
    n = f'{f.procs} process{"es" if f.procs != 1 else ""}'
    lines = [
        f'zmath-bench summary: ns/op, median over {n} x {f.rounds} rounds',
        f'64-bit, {LOOP} loop, 512-byte sectors; zones named by their '
        f'size, odd: {power_of_2_form(f.sizes.get("odd", 0))}',
        f'{"op":<11} {"zone":<8}' + ''.join(f'{m:>7}' for m in
                                            ['shift', 'geom', 'div',
                                             'libdiv']) +
        f'{"geom/shift":>12}{"geom/div":>10}',
    ]
    for op in OPS:
        if op != OPS[0]:
            lines.append('')
        for i, z in enumerate(f.zones):
            row = f'{op if i == 0 else "":<11} {z:<8}'
            for m in METHODS:
                row += cell(f.ns(z, op, m), '.2f', 7)
            gs = f.ratio(z, op, f.po2, 'shift')
            gd = f.ratio(z, op, z, 'div')
            row += cell(gs, '.2f', 11) + ('x' if gs is not None else ' ')
            row += cell(gd, '.2f', 9) + ('x' if gd is not None else ' ')
            lines.append(row.rstrip())
    lines += [
        '',
        f'geom/shift: to the shift at {f.po2}, a power-of-2 device; x: '
        'median paired ratio;',
        'libdiv: libdivide\'s faster flavour. Latency, one-shot, bytes, '
        'roundup, nr_zones',
        f'and instructions: {out}/bench.txt; plots {out}/headline.png, '
        'bench.png',
    ]
    return lines


def power_of_2_form(n):
    """n as 2^k-d or 2^k+d when that is shorter, else as digits."""
    k = max(n.bit_length() - 1, 0)
    for p in (k, k + 1):
        d = n - (1 << p)
        if abs(d) < 1000:
            return f'2^{p}' + (f'{d:+d}' if d else '')
    return str(n)


def kernel_lines(kdir):
    """Instructions per I/O per workload and base, from bench-kernel's
    results.csv; one line saying how to get them if it is not there."""
    path = os.path.join(kdir, 'results.csv')
    if not os.path.exists(path):
        return [f'kernel: no {path}; `make bench-kernel` makes it '
                f'({KERNEL_TIME})']
    v = {}
    bases, workloads, rev = [], [], ''
    with open(path, newline='') as fh:
        for r in csv.DictReader(fh):
            po2 = 'npo2' if 'npo2' in r['device'] else 'po2'
            if r['base'] not in bases:
                bases.append(r['base'])
            if r['workload'] not in workloads:
                workloads.append(r['workload'])
            if r['insn']:
                v[r['base'], r['mode'], r['workload'], po2] = \
                    float(r['insn'])
            rev = r.get('revision') or rev
    cols = [('baseline', 'po2'), ('alone', 'po2'), ('patched', 'po2'),
            ('patched', 'npo2')]
    lines = ['kernel, instructions per I/O: pristine po2 -> patched po2 '
             'alone -> po2 beside npo2 -> npo2',
             f'(QEMU -icount; {path}, at {rev})',
             (f'  {"workload":<15}' +
              ''.join(f'{b:<36}' for b in bases)).rstrip()]
    for w in workloads:
        row = f'  {w:<15}'
        for b in bases:
            x = [v.get((b, m, w, d)) for m, d in cols]
            if all(y is None for y in x):
                row += f'{"-":<36}'
                continue
            x = ' -> '.join('-' if y is None else f'{y:.0f}' for y in x)
            row += f'{x:<36}'
        lines.append(row.rstrip())
    report = os.path.join(kdir, 'report.txt')
    m = search_file(report,
                    r'^goals: (\d+) met, (\d+) missed, (\d+) undecided')
    if m:
        met, missed, und = (int(x) for x in m.groups())
        lines.append(f'  kernel goals: {met} met, {missed} missed, '
                     f'{und} undecided of {met + missed + und} '
                     f'({report})')
    return lines


def search_file(path, pattern):
    """The first match of PATTERN (multi-line) in the file, None if absent."""
    try:
        with open(path) as fh:
            return re.search(pattern, fh.read(), re.M)
    except OSError:
        return None


def goal_lines(out):
    lines = []
    path = os.path.join(out, 'goals.txt')
    try:
        with open(path) as fh:
            c = goals.parse_count_line(fh.read())
    except OSError:
        c = None
    if c is None:
        lines.append(f'goals: none ({path} missing or without its count)')
    else:
        lines.append(goals.count_line(c) + f' (95% band): {path}')
    insn = os.path.join(out, 'insn-qemu-m32.txt')
    m = search_file(insn, r'^instruction goals met: (\d+) of (\d+)')
    if m:
        lines.append(f'-m32 (qemu-i386 counts): {m.group(1)} of '
                     f'{m.group(2)} instruction goals met: {insn}')
    return lines


def write_headline(f, path):
    """zone_no's ns/op per zone size and method, for headline.png."""
    with open(path, 'w') as fh:
        fh.write(f'# {HEADLINE_OP}, 64-bit, {LOOP} loop, median of '
                 f'{f.procs} x {f.rounds} rounds; {f.cpu}; git {f.git}\n')
        fh.write('# zone ' + ' '.join(METHODS) + '\n')
        for z in f.zones:
            fh.write(z + ''.join(
                ' ' + cell(f.ns(z, HEADLINE_OP, m), '.3f', 0).strip()
                for m in METHODS) + '\n')


def main(args):
    if len(args) != 2:
        sys.exit(__doc__.split('\n\n')[1])
    out, kdir = args
    paths = sorted(glob.glob(os.path.join(out, 'samples-[0-9]*.csv')))
    if not paths:
        sys.exit(f'summary.py: no samples in {out}')
    f = Figures(paths)
    lines = bench_table(f, out) + [''] + kernel_lines(kdir) + [''] + \
        goal_lines(out)
    with open(os.path.join(out, 'summary.txt'), 'w') as fh:
        fh.write('\n'.join(lines) + '\n')
    write_headline(f, os.path.join(out, 'headline.dat'))


if __name__ == '__main__':
    main(sys.argv[1:])
