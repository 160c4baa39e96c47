#!/usr/bin/env python3
"""Checks a function's footprint in an energypass-report against a byte count.

usage: check_footprint.py REPORT FUNCTION EXPECTED_BYTES TOLERANCE
The function's footprint is the sum of the self footprints of its regions
(the function and its loops, `FUNCTION` and `FUNCTION:loop...`), exact when,
as in the tests' kernels, no two of them touch the same lines. Exits 1
naming the figures when it is not within TOLERANCE (a fraction) of
EXPECTED_BYTES, or when a footprint is missing or inconsistent."""
import json
import sys

report, region, expected, tolerance = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
regions = [r for r in json.load(open(report))["regions"]
           if r["name"] == region or r["name"].startswith(region + ":loop")]
if not regions:
    sys.exit(f"{report}: no region named {region}")
total = 0
for r in regions:
    footprint = r.get("footprint")
    if footprint is None:
        sys.exit(f"{report}: region {r['name']} has no footprint")
    if footprint["line_bytes"] != 64 or footprint["sample_one_in"] != 64:
        sys.exit(f"{report}: unexpected sampling {footprint}")
    if footprint["bytes"] != footprint["lines_sampled"] * 64 * 64:
        sys.exit(f"{report}: bytes is not lines_sampled x 64 x 64 in {footprint}")
    total += footprint["bytes"]
error = abs(total - expected) / expected
print(f"{region}: footprint {total} bytes, expected {expected:.0f} ({error:.2%} off)")
if error > tolerance:
    sys.exit(f"{region}: footprint {total} is {error:.1%} from {expected:.0f}")
