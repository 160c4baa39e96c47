#!/usr/bin/env python3
"""Checks that hardware events asked per region are either counted or said to be missing.

Usage: region_counters_hardware.py REPORT STDERR. For `cycles,task-clock` (REPORT) on a machine
without a PMU (like the CI VM) cycles must be null in every region and the region-counters source
must name it <not supported>, while task-clock counts; with a PMU both must count. For `cycles`
alone (STDERR of such a run): one line saying no event counts and the way out, or nothing when
cycles counts. Prints `consistent` or what is not, and exits 1 then."""
import json
import sys

report = json.load(open(sys.argv[1]))
stderr = open(sys.argv[2]).read()
source = [s for s in report["sources"] if s["name"] == "region-counters"][0]
spin = [r for r in report["regions"] if r["name"] == "spin"][0]["counters"]["inclusive"]
problems = []
if "cycles <not supported>" in source["detail"]:
    if spin["cycles"] is not None:
        problems.append(f"cycles said unsupported but has {spin['cycles']}")
    lines = [l for l in stderr.splitlines() if "per-region counters" in l]
    if len(lines) != 1 or "none of cycles counts" not in lines[0] or "ENERGY_REGION_EVENTS=" not in lines[0]:
        problems.append(f"cycles alone: expected one line with the way out, got {lines}")
elif not isinstance(spin["cycles"], (int, float)) or spin["cycles"] <= 0:
    problems.append(f"cycles neither counted nor said missing: {spin['cycles']}, {source['detail']}")
if not isinstance(spin["task-clock"], (int, float)) or spin["task-clock"] <= 0:
    problems.append(f"task-clock did not count: {spin['task-clock']}")
print("consistent" if not problems else "\n".join(problems))
sys.exit(1 if problems else 0)
