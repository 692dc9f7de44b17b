#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""Check zmath-zone geometry against Python's integers, which never wrap.

Runs `zmath-zone geometry --json` over a few hundred drives: zone sizes of
1, 2, odd, 96 MiB, powers of 2, 2^63, 2^64 - 1 and random 64-bit ones;
capacities from 1 byte to 2^64 - 1, around whole numbers of zones and near
2^64; zone capacities from 1 byte to the zone size and around the size of
a smaller last zone; positions from 0 to the last byte, around zone
boundaries and random. Each value is given in one of the forms the tool
reads as util-linux does (decimal, 0x-hexadecimal, 0-prefixed octal,
binary and decimal suffixes after any of them) and every
field of the JSON is compared with what Python computes exactly; the text
output of some drives must print the same numbers.

Usage: test-geometry.py PATH/TO/zmath-zone [SEED]
"""
import json
import random
import re
import subprocess
import sys

U64_MAX = (1 << 64) - 1
MIB = 1 << 20


def spellings(value):
    """The ways the tool may be given value, in bytes."""
    forms = [str(value), hex(value), f"0{value:o}"]
    for power, letter in enumerate("KMGTPE", start=1):
        if value % 1024 ** power == 0:
            n = value // 1024 ** power
            forms += [f"{n}{letter}", f"{n}{letter}iB", f"{n}{letter.lower()}",
                      f"0{n:o}{letter}iB"]
            # E is a hexadecimal digit: 0x1E is 30, as strtoumax() reads it
            if letter != "E":
                forms.append(f"{hex(n)}{letter}")
        if value % 1000 ** power == 0:
            forms.append(f"{value // 1000 ** power}{letter}B")
    return forms


def spell(rng, value):
    return rng.choice(spellings(value))


def expected(zone_size, capacity, zone_cap, positions):
    """The geometry, computed with integers that do not wrap."""
    full, last = divmod(capacity, zone_size)
    cap = zone_size if zone_cap is None else zone_cap
    return {
        "zone_size_bytes": zone_size,
        "zone_capacity_bytes": cap,
        "capacity_bytes": capacity,
        "po2": zone_size & (zone_size - 1) == 0,
        "zmath_nr_zones": full + (last != 0),
        "smaller_last_zone_bytes": last if last else None,
        "usable_capacity_bytes": full * cap + min(cap, last),
        "positions": [
            {
                "position_bytes": p,
                "zone": p // zone_size,
                "offset_in_zone_bytes": p % zone_size,
                "zone_start_bytes": p - p % zone_size,
                "aligned": p % zone_size == 0,
            }
            for p in positions
        ],
    }


def zone_sizes(rng):
    sizes = [1, 2, 3, 4096, 96 * MIB, 96 * MIB // 512, 100 * MIB,
             96 * 10 ** 6, 1 << 32, (1 << 32) - 1, (1 << 32) + 1,
             (1 << 63) - 1, 1 << 63, (1 << 63) + 1, U64_MAX - 1, U64_MAX]
    for _ in range(4):
        sizes.append(rng.getrandbits(64) or 1)
        sizes.append(rng.getrandbits(64) | 1)
        sizes.append(1 << rng.randrange(64))
        sizes.append(rng.randrange(1, 1 << 40) * MIB)
        sizes.append(rng.randrange(1, 1 << 24) | 1)
    return sizes


def capacities(rng, zone_size):
    """Capacities around whole numbers of zones, random and near 2^64."""
    max_zones = U64_MAX // zone_size
    k = rng.randrange(1, max_zones + 1)
    caps = {U64_MAX, U64_MAX - 1, U64_MAX - rng.randrange(1 << 32),
            1, zone_size, k * zone_size, max_zones * zone_size,
            rng.randrange(1, U64_MAX + 1), 1 << 40}
    for c in (zone_size - 1, zone_size + 1, k * zone_size - 1,
              k * zone_size + 1):
        if 1 <= c <= U64_MAX:
            caps.add(c)
    return sorted(caps)


def zone_capacity(rng, zone_size, capacity):
    """None (the default), 1, the zone size, random, around the last zone."""
    last = capacity % zone_size
    caps = [None, 1, zone_size, rng.randrange(1, zone_size + 1)]
    caps += [c for c in (last - 1, last, last + 1) if 1 <= c <= zone_size]
    return rng.choice(caps)


def positions(rng, zone_size, capacity):
    """0, the last byte, zone boundaries and their neighbours, random."""
    pos = {0, capacity - 1, rng.randrange(capacity)}
    for start in (zone_size * rng.randrange(capacity // zone_size + 1),
                  capacity - capacity % zone_size, zone_size):
        for p in (start - 1, start, start + 1):
            if 0 <= p < capacity:
                pos.add(p)
    pos.update(rng.randrange(capacity) for _ in range(4))
    return sorted(pos)


def cases(rng):
    for zone_size in zone_sizes(rng):
        for capacity in capacities(rng, zone_size):
            yield (zone_size, capacity,
                   zone_capacity(rng, zone_size, capacity),
                   positions(rng, zone_size, capacity))


def run(tool, args):
    proc = subprocess.run([tool, "geometry", *args], capture_output=True,
                          text=True, check=False)
    if proc.returncode != 0 or proc.stderr:
        raise AssertionError(f"exit {proc.returncode}: {proc.stderr.strip()}")
    return proc.stdout


def text_numbers(out):
    """The numbers the text output prints for what JSON also holds."""
    def first(label):
        m = re.search(rf"^{label}: +(\d+|none)", out, re.M)
        return m.group(1) if m else None
    nums = {k: first(label) for k, label in (
        ("zone_size_bytes", "zone size"),
        ("zone_capacity_bytes", "zone capacity"),
        ("capacity_bytes", "capacity"),
        ("zmath_nr_zones", "zones"),
        ("smaller_last_zone_bytes", "smaller last zone"),
        ("usable_capacity_bytes", "usable capacity"))}
    nums["positions"] = re.findall(
        r"^position (\d+) bytes?.*: zone (\d+), offset in zone (\d+) "
        r"bytes?.*, zone start (\d+) bytes?.*, (not )?zone-aligned$",
        out, re.M)
    return nums


def check_text(want, out):
    got = text_numbers(out)
    for key, value in got.items():
        if key == "positions":
            continue
        w = want[key]
        if value != ("none" if w is None else str(w)):
            return f"text {key}: {value}, want {w}"
    pos = [(str(p["position_bytes"]), str(p["zone"]),
            str(p["offset_in_zone_bytes"]), str(p["zone_start_bytes"]),
            "" if p["aligned"] else "not ") for p in want["positions"]]
    if got["positions"] != pos:
        return f"text positions: {got['positions']}, want {pos}"
    return None


def compare(got, want):
    """What differs between the tool's JSON and Python's, field by field."""
    problems = [f"{key}: {got.get(key)!r}, want {value!r}"
                for key, value in want.items()
                if key != "positions" and got.get(key) != value]
    if set(got) != set(want):
        problems.append(f"keys {sorted(got)}, want {sorted(want)}")
    got_pos = got.get("positions")
    if not isinstance(got_pos, list) or len(got_pos) != len(want["positions"]):
        return problems + [f"positions: {got_pos!r}"]
    for g, w in zip(got_pos, want["positions"]):
        problems += [f"position {w['position_bytes']}: {key} {g.get(key)!r}, "
                     f"want {value!r}" for key, value in w.items()
                     if g.get(key) != value]
        if set(g) != set(w):
            problems.append(f"position keys {sorted(g)}, want {sorted(w)}")
    return problems


def check_case(tool, rng, case, with_text):
    zone_size, capacity, zone_cap, pos = case
    args = ["--zone-size", spell(rng, zone_size),
            "--capacity", spell(rng, capacity)]
    if zone_cap is not None:
        args += ["--zone-capacity", spell(rng, zone_cap)]
    args += [spell(rng, p) for p in pos]
    want = expected(zone_size, capacity, zone_cap, pos)
    try:
        problems = compare(json.loads(run(tool, ["--json", *args])), want)
        if with_text and not problems:
            why = check_text(want, run(tool, args))
            problems += [why] if why else []
    except (AssertionError, ValueError) as e:
        problems = [str(e)]
    return args, problems


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[-1])
    tool = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) == 3 else 20240601
    rng = random.Random(seed)
    failed = total = nr_pos = 0
    for i, case in enumerate(cases(rng)):
        args, problems = check_case(tool, rng, case, i % 8 == 0)
        total += 1
        nr_pos += len(case[3])
        if problems:
            failed += 1
            print(f"FAIL: geometry {' '.join(args)}")
            for p in problems:
                print(f"  {p}")
    print(f"{total - failed} of {total} drives exact ({nr_pos} positions), "
          f"seed {seed}")
    sys.exit(1 if failed or not total else 0)


if __name__ == "__main__":
    main()
