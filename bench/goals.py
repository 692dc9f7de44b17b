#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""goals.py - the timed goals of zmath-bench, from its per-round samples

usage: bench/goals.py [--plot-data DIR] SAMPLES.csv [SAMPLES.csv ...]

Reads the CSVs that zmath-bench --samples writes, from any number of
processes, code layouts and builds. A goal compares two kernels of one
build: every process and round gives one paired ratio a / b (both timed
back to back in that round), and the goal's figure is the median of the
ratios pooled over all the processes, printed with their interquartile
range. Prints "met" or "missed" per goal, then "goals met: N of M".
With --plot-data DIR, also writes DIR/goals-BUILD.dat for gnuplot: per
goal, its index, name, median, first and third quartile of the ratios,
limit and 1 if met (bench/run.sh draws them into goals.png).
"""
import csv
import statistics
import sys
from collections import defaultdict

LOOPS = {'throughput': 'thr', 'latency': 'lat'}
# "No slower than libdivide": than either of its flavours, branchfull and
# branchfree.
LIBDIVIDE = ['ldiv', 'ldiv-bf']


def load(paths):
    """Samples per build: {build: {(unit, zone, op, loop, method):
    {(path, round): ns}}}, the processes and layouts per build, and the
    units, zones and operations in the order of the files."""
    data = defaultdict(lambda: defaultdict(dict))
    procs = defaultdict(set)
    layouts = defaultdict(set)
    order = {'unit': {}, 'zone': {}, 'op': {}}
    for path in paths:
        try:
            f = open(path, newline='')
        except OSError as e:
            sys.exit(f'goals.py: {e}')
        with f:
            lines = (line for line in f if not line.startswith('#'))
            for r in csv.DictReader(lines):
                key = (r['unit'], r['zone'], r['op'], r['loop'],
                       r['method'])
                data[r['build']][key][path, r['round']] = \
                    float(r['ns_per_op'])
                procs[r['build']].add(path)
                layouts[r['build']].add(r['layout'])
                for col, seen in order.items():
                    seen.setdefault(r[col], None)
    return data, procs, layouts, {k: list(v) for k, v in order.items()}


class Goals:
    """Paired ratios of one build's kernels, and the tally of its goals."""

    def __init__(self, samples):
        self.samples = samples
        self.met = 0
        self.total = 0
        self.rows = []

    def has(self, unit, zone, op, loop, method):
        return (unit, zone, op, loop, method) in self.samples

    def ratios(self, a, b):
        sa, sb = self.samples[a], self.samples[b]
        return [sa[k] / sb[k] for k in sa if k in sb]

    def goal(self, what, a, refs, limit):
        """Print one goal: a's time over each of refs' at most limit.

        refs is one kernel, or several (libdivide's two flavours): the
        goal holds against each, so the line shows the largest median
        ratio and names its kernel. The goal's name does not depend on
        which reference is faster in a run, so it is the same goal in
        every run."""
        if not isinstance(refs, list):
            refs = [refs]
        worst = None
        for b in refs:
            r = self.ratios(a, b)
            if len(r) < 2:
                print(f'  {"n/a":<6} {what}: no paired samples')
                return
            q1, med, q3 = statistics.quantiles(r, n=4, method='inclusive')
            if worst is None or med > worst[1]:
                worst = (b[-1], med, q1, q3, len(r))
        name, med, q1, q3, n = worst
        ok = med <= limit
        self.met += ok
        self.total += 1
        self.rows.append((what, med, q1, q3, limit, ok))
        detail = f'{name}, ' if len(refs) > 1 else ''
        print(f'  {"met" if ok else "missed":<6} {what:<44} {med:6.3f} '
              f'<= {limit:4.2f}  ({detail}IQR {q1:.2f}-{q3:.2f}, '
              f'{n} ratios)')



def goals_64(g, unit, po2, npo2, ops):
    """npo2 geometry against floor, division and libdivide; po2 against
    the shift."""
    def vs(zone, op, loop, ref_method, ref_zone, limit):
        what = f'{zone} {unit} geom {op} {LOOPS[loop]} / {ref_method}'
        methods = LIBDIVIDE if ref_method == 'libdivide' else [ref_method]
        g.goal(what, (unit, zone, op, loop, 'geom'),
               [(unit, ref_zone, op, loop, m) for m in methods], limit)

    for z in npo2:
        vs(z, 'zone_no', 'throughput', 'shift', po2, 1.5)
        if g.has(unit, z, 'zone_no', 'throughput', 'floor'):
            vs(z, 'zone_no', 'throughput', 'floor', z, 1.1)
        vs(z, 'zone_no', 'throughput', 'div', z, 0.5)
        vs(z, 'zone_no', 'latency', 'div', z, 0.5)
        for op in ops:
            for loop in LOOPS:
                vs(z, op, loop, 'libdivide', z, 1.0)
    for op in ops:
        for loop in LOOPS:
            vs(po2, op, loop, 'shift', po2, 1.1)


def goals_m32(g, unit, npo2, ops):
    """-m32: the geometry never slower than division."""
    for z in npo2:
        for op in ops:
            for loop in LOOPS:
                g.goal(f'{z} {unit} geom {op} {LOOPS[loop]} / div',
                       (unit, z, op, loop, 'geom'),
                       (unit, z, op, loop, 'div'), 1.0)


def write_plot_data(path, rows):
    """One line per goal; the name quoted, with its spaces, for xtic()."""
    with open(path, 'w') as f:
        f.write('# n name median q1 q3 limit met\n')
        for n, (what, med, q1, q3, limit, ok) in enumerate(rows, 1):
            f.write(f'{n} "{what}" {med:.4f} {q1:.4f} {q3:.4f} '
                    f'{limit:.2f} {int(ok)}\n')


def main(args):
    plot_dir = None
    if args[:1] == ['--plot-data']:
        if len(args) < 2:
            sys.exit(__doc__.split('\n\n')[1])
        plot_dir, args = args[1], args[2:]
    paths = args
    if not paths:
        sys.exit(__doc__.split('\n\n')[1])
    data, procs, layouts, order = load(paths)
    if not data:
        sys.exit('goals.py: no samples in ' + ' '.join(paths))
    met = total = 0
    for build in sorted(data):
        g = Goals(data[build])
        print(f'goals (timed), {build} build: {len(procs[build])} '
              f'processes, layouts {", ".join(sorted(layouts[build]))}; '
              'median of per-round paired ratios, pooled')
        for unit in order['unit']:
            zones = [z for z in order['zone']
                     if g.has(unit, z, 'zone_no', 'throughput', 'geom')]
            po2 = [z for z in zones
                   if g.has(unit, z, 'zone_no', 'throughput', 'shift')]
            npo2 = [z for z in zones if z not in po2]
            if build == 'm32':
                goals_m32(g, unit, npo2, order['op'])
            else:
                goals_64(g, unit, po2[0], npo2, order['op'])
        met += g.met
        total += g.total
        if plot_dir is not None:
            write_plot_data(f'{plot_dir}/goals-{build}.dat', g.rows)
    print(f'goals met: {met} of {total}')


if __name__ == '__main__':
    main(sys.argv[1:])
