#!/usr/bin/env python3
"""Checks a merged EnergyPass report against the reports that went into it.

Usage: check_merge.py MERGED INPUT...
Every region of the merged report must have, for every counts key and for calls, the sum over
the inputs of the region with the same identity (module source, module hash, name, kind), and
every input region must be in it; totals.counts must be the inputs' sums; program.processes
must list each input once, with its pid and report file. Prints one summary line, or one line
per mismatch and exits 1."""
import json
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def module_hashes(report):
    """The module hash of each region: regions are listed in module order, each module's
    regions less those not run."""
    hashes = []
    for module in report.get("modules", []):
        listed = module["regions"] - module.get("regions_not_run", 0)
        hashes += [module["hash"]] * listed
    return hashes


def identities(report):
    hashes = module_hashes(report)
    return {(r["module"], hashes[r["id"]], r["name"], r["kind"]): r for r in report["regions"]}


def add(into, counts):
    for key, value in counts.items():
        if isinstance(value, dict):
            add(into.setdefault(key, {}), value)
        else:
            into[key] = into.get(key, 0) + value


def main():
    merged, inputs = load(sys.argv[1]), [load(p) for p in sys.argv[2:]]
    problems = []
    expected = {}
    for report in inputs:
        for key, region in identities(report).items():
            sums = expected.setdefault(key, {"calls": 0, "counts": {}})
            sums["calls"] += region["calls"]
            add(sums["counts"], region["counts"])
    found = identities(merged)
    if set(found) != set(expected):
        problems.append(f"regions differ: {sorted(set(found) ^ set(expected))}")
    for key, sums in expected.items():
        region = found.get(key)
        if region and (region["calls"] != sums["calls"] or region["counts"] != sums["counts"]):
            problems.append(f"{key[2]}: calls or counts are not the inputs' sums")
    totals = {}
    for report in inputs:
        add(totals, report["totals"]["counts"])
    if merged["totals"]["counts"] != totals:
        problems.append("totals.counts are not the inputs' sums")
    processes = merged["program"].get("processes", [])
    if sorted(p["pid"] for p in processes) != sorted(r["program"]["pid"] for r in inputs):
        problems.append("program.processes does not list each input's pid once")
    if sorted(p["report"] for p in processes) != sorted(sys.argv[2:]):
        problems.append("program.processes does not name each input's report file")
    for problem in problems:
        print(f"check_merge: {problem}")
    if problems:
        sys.exit(1)
    print(f"{len(processes)} processes, {len(found)} regions: calls and every count are the "
          f"inputs' sums; version {merged['version']}")


if __name__ == "__main__":
    main()
