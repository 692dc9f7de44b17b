#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""test_goals.py - goals.py's verdicts on synthetic samples

A goal whose band lies below its limit is met, above it missed, and one
whose band holds the limit is undecided: noise must not decide it. The
samples are made here, in the CSV format of zmath-bench --samples, four
processes of 21 rounds, with a fixed seed.
"""
import os
import random
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
GOALS = os.path.join(HERE, 'goals.py')
# goals.py is imported from the source tree: no __pycache__ there
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

ROUNDS = 21
# Per (zone, loop, method): ns/op around which each round's figure lies.
# The goals that goals_64() makes of them, by the paired ratio's median:
#   128MiB geom zone_no thr / shift   1.00 <= 1.1   clearly met
#   128MiB geom zone_no lat / shift   2.00 <= 1.1   clearly missed
#   96MiB geom zone_no thr / shift    1.00 <= 1.5   clearly met
#   96MiB geom zone_no thr / div      0.25 <= 0.5   clearly met
#   96MiB geom zone_no lat / div      0.50 <= 0.5   on the limit: undecided
#   96MiB geom zone_no thr / libdivide  1.00 <= 1.0 on it: undecided
#   96MiB geom zone_no lat / libdivide  2.00 <= 1.0 clearly missed
NS = {
    ('128MiB', 'throughput'): {'shift': 1.0, 'geom': 1.0, 'div': 4.0,
                               'ldiv': 1.0, 'ldiv-bf': 1.0},
    ('128MiB', 'latency'): {'shift': 1.0, 'geom': 2.0, 'div': 4.0,
                            'ldiv': 1.0, 'ldiv-bf': 1.0},
    ('96MiB', 'throughput'): {'geom': 1.0, 'div': 4.0, 'ldiv': 1.0,
                              'ldiv-bf': 1.2},
    ('96MiB', 'latency'): {'geom': 2.0, 'div': 4.0, 'ldiv': 1.0,
                           'ldiv-bf': 1.0},
}
EXPECT = {
    '128MiB sectors geom zone_no thr / shift': 'met',
    '128MiB sectors geom zone_no lat / shift': 'missed',
    '96MiB sectors geom zone_no thr / shift': 'met',
    '96MiB sectors geom zone_no thr / div': 'met',
    '96MiB sectors geom zone_no lat / div': 'undecided',
    '96MiB sectors geom zone_no thr / libdivide': 'undecided',
    '96MiB sectors geom zone_no lat / libdivide': 'missed',
}
SIZES = {'128MiB': 262144, '96MiB': 196608}


def write_samples(path, seed):
    """One process's samples: every figure within +-4% of its NS, and the
    whole process 2% slow or fast (as a process that shared the machine
    with a build, or did not), so that on-the-limit ratios fall on both
    sides of it."""
    rng = random.Random(seed)
    bias = 1.02 if seed % 2 else 0.98
    with open(path, 'w') as f:
        f.write('# synthetic samples for test_goals.py\n')
        f.write('build,layout,seed,unit,zone,zone_size,op,loop,method,'
                'round,ns_per_op,ghz\n')
        for (zone, loop), methods in NS.items():
            for method, ns in methods.items():
                for r in range(ROUNDS):
                    x = ns * rng.uniform(0.96, 1.04)
                    if method == 'geom':
                        x *= bias
                    f.write(f'64,{1 + seed % 2},{seed},sectors,{zone},'
                            f'{SIZES[zone]},zone_no,{loop},{method},{r},'
                            f'{x:.4f},3.000\n')


def run_goals(procs):
    """goals.py's output over `procs` processes' samples."""
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for k in range(1, procs + 1):
            paths.append(os.path.join(d, f'samples-{k}.csv'))
            write_samples(paths[-1], k)
        out = subprocess.run([sys.executable, GOALS] + paths, check=True,
                             capture_output=True, text=True).stdout
    return out


def verdicts(out):
    """{goal: verdict} from goals.py's goal lines."""
    got = {}
    for line in out.splitlines():
        for what in EXPECT:
            if f' {what} ' in line:
                got[what] = line.split()[0]
    return got


class Verdicts(unittest.TestCase):
    def test_three_way(self):
        out = run_goals(4)
        self.assertEqual(verdicts(out), EXPECT, out)
        self.assertIn('goals: 3 met, 2 missed, 2 undecided of 7', out)

    def test_same_verdicts_every_seed_set(self):
        """Other processes, the same verdicts: what is decided does not
        flip with the noise."""
        with tempfile.TemporaryDirectory() as d:
            paths = []
            for k in range(11, 17):
                paths.append(os.path.join(d, f'samples-{k}.csv'))
                write_samples(paths[-1], k)
            out = subprocess.run([sys.executable, GOALS] + paths,
                                 check=True, capture_output=True,
                                 text=True).stdout
        self.assertEqual(verdicts(out), EXPECT, out)

    def test_one_process_decides_nothing(self):
        out = run_goals(1)
        self.assertEqual(set(verdicts(out).values()), {'undecided'}, out)


class Band(unittest.TestCase):
    """goals.classify() on ratios given per process."""

    def setUp(self):
        import goals
        self.classify = goals.classify

    @staticmethod
    def ratios(centre, spread, procs=4, seed=1):
        rng = random.Random(seed)
        return {p: [centre * rng.uniform(1 - spread, 1 + spread)
                    for _ in range(ROUNDS)] for p in range(procs)}

    def test_clearly_met(self):
        self.assertEqual(self.classify(self.ratios(0.5, 0.1), 1.0)[0],
                         'met')

    def test_clearly_missed(self):
        self.assertEqual(self.classify(self.ratios(2.0, 0.1), 1.0)[0],
                         'missed')

    def test_straddling(self):
        self.assertEqual(self.classify(self.ratios(1.0, 0.1), 1.0)[0],
                         'undecided')

    def test_floor(self):
        """Processes that agree exactly, 0.5% under the limit: within
        the band's floor, undecided."""
        same = {p: [0.995] * ROUNDS for p in range(4)}
        self.assertEqual(self.classify(same, 1.0)[0], 'undecided')

    def test_band_holds_median(self):
        v, med, lo, hi = self.classify(self.ratios(1.3, 0.2), 1.0)
        self.assertTrue(lo <= med <= hi, (lo, med, hi))
        self.assertEqual(v, 'missed')


if __name__ == '__main__':
    unittest.main(verbosity=2)
