#!/usr/bin/env python3
"""Checks the two reports of triad_fork: the parent's has the triad's 24 n
bytes and nothing for child_triad; the child's (the one where child_triad ran)
has child_triad's 12 n bytes and nothing left of the triad from before the fork.

usage: check_fork_footprints.py REPORT_DIR N"""
import glob
import json
import sys

directory, n = sys.argv[1], float(sys.argv[2])


def footprint(report, function):
    return sum(r["footprint"]["bytes"] for r in report["regions"]
               if r["name"] == function or r["name"].startswith(function + ":loop"))


def ran(report, function):
    return any(r["calls"] for r in report["regions"] if r["name"] == function)


reports = [json.load(open(p)) for p in glob.glob(directory + "/report.*.json")]
if len(reports) != 2:
    sys.exit(f"expected 2 reports (parent and child), found {len(reports)}")
child = next((r for r in reports if ran(r, "child_triad")), None)
parent = next((r for r in reports if not ran(r, "child_triad")), None)
if child is None or parent is None:
    sys.exit("cannot tell the parent's report from the child's")
checks = [("parent triad", footprint(parent, "triad"), 24 * n),
          ("parent child_triad", footprint(parent, "child_triad"), 0),
          ("child child_triad", footprint(child, "child_triad"), 12 * n),
          ("child triad", footprint(child, "triad"), 0)]
for name, got, want in checks:
    print(f"{name}: {got} bytes, expected {want:.0f}")
    if abs(got - want) > 0.10 * max(want, 1):
        sys.exit(f"{name}: footprint {got} is not within 10% of {want:.0f}")
