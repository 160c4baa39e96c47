#!/usr/bin/env python3
"""Says whether a region's calls and exact counts are the same in two reports.

Usage: same_region_counts.py REGION REPORT REFERENCE
Prints "same counts" and exits 0, or names what differs and exits 1."""
import json
import sys

region, paths = sys.argv[1], sys.argv[2:4]


def counted(path):
    with open(path) as f:
        report = json.load(f)
    found = [r for r in report["regions"] if r["name"] == region]
    if len(found) != 1:
        sys.exit(f"same_region_counts: {path}: {len(found)} regions named {region}")
    return {"calls": found[0]["calls"], "counts": found[0]["counts"]}


got, want = (counted(p) for p in paths)
if got != want:
    print(f"{paths[0]}: {region} differs from {paths[1]}: {json.dumps(got)} != {json.dumps(want)}")
    sys.exit(1)
print("same counts")
