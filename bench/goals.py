#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""goals.py - the timed goals of zmath-bench, from its per-round samples

usage: bench/goals.py [--plot-data DIR] SAMPLES.csv [SAMPLES.csv ...]

Reads the CSVs that zmath-bench --samples writes, from any number of
processes, code layouts and builds. A goal compares two kernels of one
build: every process and round gives one paired ratio a / b (both timed
back to back in that round), and the goal's figure is the median of the
ratios pooled over all the processes.

Each goal gets one of three verdicts, from the figure's band:
  met        the whole band is at or below the limit
  missed     the whole band is above the limit
  undecided  the band holds the limit: this run cannot tell which side
             of it the goal is on, and another run could say either
The band is the 95% interval of the pooled median over resamples of the
processes and, within each, of its rounds (a two-stage bootstrap, with a
fixed seed: the same samples give the same band), widened to at least
+-1% of the median. Resampling the processes takes in what differs from
one process to the next (the code layout, the seed, the machine's load
while it ran), which is what differs between two runs too. The +-1%
floor is what the harness does not resolve: one kernel timed at two
whole-MiB zone sizes, where it runs the same instructions, differs by
about 1% within a run. With fewer than 2 processes every goal is
undecided: one process's rounds share a layout, a seed and a moment.

Prints one line per goal, its verdict first, then
"goals: N met, N missed, N undecided of N". With --plot-data DIR, also
writes DIR/goals-BUILD.dat for gnuplot: per goal, its index, name,
median, band, limit and verdict (bench/run.sh draws them into
goals.png).
"""
import csv
import random
import statistics
import sys
from collections import defaultdict

LOOPS = {'throughput': 'thr', 'latency': 'lat'}
# "No slower than libdivide": than either of its flavours, branchfull and
# branchfree.
LIBDIVIDE = ['ldiv', 'ldiv-bf']

MET, MISSED, UNDECIDED = 'met', 'missed', 'undecided'
VERDICTS = (MET, MISSED, UNDECIDED)
# The band: CONFIDENCE of the bootstrap medians over RESAMPLES, and never
# narrower than the median +-FLOOR; MIN_PROCS processes to decide at all.
CONFIDENCE = 0.95
RESAMPLES = 500
FLOOR = 0.01
MIN_PROCS = 2


def band(by_proc):
    """(median, lo, hi): the median of the ratios pooled over processes,
    and its band. by_proc: {process: [ratio per round]}."""
    pooled = [x for r in by_proc.values() for x in r]
    med = statistics.median(pooled)
    procs = list(by_proc.values())
    rng = random.Random(1)
    meds = []
    for _ in range(RESAMPLES):
        pool = []
        for r in rng.choices(procs, k=len(procs)):
            pool += rng.choices(r, k=len(r))
        meds.append(statistics.median(pool))
    meds.sort()
    tail = (1 - CONFIDENCE) / 2
    lo = meds[int(tail * (RESAMPLES - 1))]
    hi = meds[int((1 - tail) * (RESAMPLES - 1) + 0.5)]
    return med, min(lo, med * (1 - FLOOR)), max(hi, med * (1 + FLOOR))


def classify(by_proc, limit):
    """(verdict, median, lo, hi) of the goal "ratio at most limit"."""
    med, lo, hi = band(by_proc)
    if len(by_proc) < MIN_PROCS:
        return UNDECIDED, med, lo, hi
    if hi <= limit:
        return MET, med, lo, hi
    if lo > limit:
        return MISSED, med, lo, hi
    return UNDECIDED, med, lo, hi


def both(verdicts):
    """The verdict of "holds against every one": missed if any is
    missed, met if all are met, else undecided."""
    if MISSED in verdicts:
        return MISSED
    return MET if all(v == MET for v in verdicts) else UNDECIDED


def count_line(counts):
    """The last line of the goals; summary.py reads it back."""
    total = sum(counts.values())
    return 'goals: ' + ', '.join(f'{counts[v]} {v}' for v in VERDICTS) + \
        f' of {total}'


def parse_count_line(text):
    """{verdict: count} from goals.py's output, or None."""
    for line in reversed(text.splitlines()):
        if line.startswith('goals: '):
            words = line.replace(',', ' ').split()
            return {v: int(words[words.index(v) - 1]) for v in VERDICTS}
    return None


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
        self.counts = dict.fromkeys(VERDICTS, 0)
        self.rows = []

    def has(self, unit, zone, op, loop, method):
        return (unit, zone, op, loop, method) in self.samples

    def ratios(self, a, b):
        """{process: [a / b per round]}, the rounds where both ran."""
        sa, sb = self.samples[a], self.samples[b]
        by_proc = defaultdict(list)
        for k in sa:
            if k in sb:
                by_proc[k[0]].append(sa[k] / sb[k])
        return by_proc

    def goal(self, what, a, refs, limit):
        """Print one goal: a's time over each of refs' at most limit.

        refs is one kernel, or several (libdivide's two flavours): the
        goal holds against each, so it is missed if missed against one,
        met if met against all. Its line shows the comparison that
        decides (the worst verdict, then the largest median) and names
        its kernel. The goal's name does not depend on which reference
        is faster in a run, so it is the same goal in every run."""
        if not isinstance(refs, list):
            refs = [refs]
        rank = {MET: 0, UNDECIDED: 1, MISSED: 2}
        each = []
        for b in refs:
            r = self.ratios(a, b)
            n = sum(len(x) for x in r.values())
            if n < 2:
                print(f'  {"n/a":<9} {what}: no paired samples')
                return
            v, med, lo, hi = classify(r, limit)
            each.append((rank[v], med, v, lo, hi, b[-1], n))
        _, med, _, lo, hi, name, n = max(each)
        v = both([e[2] for e in each])
        self.counts[v] += 1
        self.rows.append((what, med, lo, hi, limit, v))
        detail = f'{name}, ' if len(refs) > 1 else ''
        print(f'  {v:<9} {what:<44} {med:6.3f} <= {limit:4.2f}  '
              f'({detail}band {lo:.3f}-{hi:.3f}, {n} ratios)')


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
    """One line per goal; the name quoted, with its spaces, for xtic();
    the verdict 1 met, 0 undecided, -1 missed."""
    code = {MET: 1, UNDECIDED: 0, MISSED: -1}
    with open(path, 'w') as f:
        f.write('# n name median lo hi limit verdict\n')
        for n, (what, med, lo, hi, limit, v) in enumerate(rows, 1):
            f.write(f'{n} "{what}" {med:.4f} {lo:.4f} {hi:.4f} '
                    f'{limit:.2f} {code[v]}\n')


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
    counts = dict.fromkeys(VERDICTS, 0)
    for build in sorted(data):
        g = Goals(data[build])
        print(f'goals (timed), {build} build: {len(procs[build])} '
              f'processes, layouts {", ".join(sorted(layouts[build]))}; '
              'median of per-round paired ratios, pooled')
        print(f'  band: {CONFIDENCE:.0%} bootstrap interval of that median '
              f'(processes, then rounds), at least +-{FLOOR:.0%}')
        if len(procs[build]) < MIN_PROCS:
            print(f'  one process: no goal decided (ZBENCH_PROCS='
                  f'{MIN_PROCS} or more decides)')
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
        for v in VERDICTS:
            counts[v] += g.counts[v]
        if plot_dir is not None:
            write_plot_data(f'{plot_dir}/goals-{build}.dat', g.rows)
    print(count_line(counts))


if __name__ == '__main__':
    main(sys.argv[1:])
