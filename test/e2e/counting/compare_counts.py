#!/usr/bin/env python3
"""Checks that two EnergyPass reports of the same program hold the same exact counts.

Usage: compare_counts.py REPORT_A REPORT_B [--min-regions N]
Regions are matched by name; every region's `counts` object must be equal in both, and the
totals too. Used to check that counters on a spanning tree of the CFG, and blocks counted by
their loop's trip count, give the block counts that counting every block on its own gives. Prints each difference and exits 1 if any, 2 on unusable input."""
import json
import sys


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print(f"compare_counts: cannot read {path}: {e}", file=sys.stderr)
        sys.exit(2)


def by_name(report):
    return {r["name"]: r.get("counts", {}) for r in report.get("regions", [])}


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--min-regions"):
        print(__doc__, file=sys.stderr)
        return 2
    a, b = load(argv[1]), load(argv[2])
    min_regions = int(argv[4]) if len(argv) == 5 else 1
    ra, rb = by_name(a), by_name(b)
    problems = []
    if set(ra) != set(rb):
        problems.append(f"regions differ: {sorted(set(ra) ^ set(rb))}")
    for name in sorted(set(ra) & set(rb)):
        if ra[name] != rb[name]:
            keys = sorted(k for k in set(ra[name]) | set(rb[name])
                          if ra[name].get(k) != rb[name].get(k))
            problems.append(f"{name}: " + ", ".join(
                f"{k} {ra[name].get(k)!r} vs {rb[name].get(k)!r}" for k in keys))
    ta = a.get("totals", {}).get("counts")
    tb = b.get("totals", {}).get("counts")
    if ta != tb:
        problems.append(f"totals differ: {ta!r} vs {tb!r}")
    counted = sum(1 for c in ra.values() if c.get("blocks", 0) > 0)
    if counted < min_regions:
        problems.append(f"only {counted} regions with counts, expected at least {min_regions}")
    for p in problems:
        print(f"compare_counts: {p}")
    if not problems:
        print(f"compare_counts: {len(ra)} regions, identical counts")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
