#!/usr/bin/env python3
"""Checks a merged report's `lines` against the reports that went into it: per source line
(file, line and inlining chain), every count is the inputs' sum, and each merged line names a
region of the same name as the input lines it sums. Prints one summary line, or one line per
mismatch and exits 1. Usage: check_merged_lines.py MERGED INPUT..."""
import json
import os
import sys

from check_merge import add, load

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "lib"))
from report_lines import report_lines  # noqa: E402


def by_line(report):
    sums = {}
    for line in report_lines(report):
        key = (line["file"], line["line"], json.dumps(line.get("inlined_at", [])),
               report["regions"][line["region"]]["name"])
        add(sums.setdefault(key, {}), line["counts"])
    return sums


def main():
    merged, inputs = load(sys.argv[1]), [load(p) for p in sys.argv[2:]]
    expected = {}
    for report in inputs:
        for key, counts in by_line(report).items():
            add(expected.setdefault(key, {}), counts)
    found = by_line(merged)
    problems = []
    if "lines" not in merged:
        problems.append("the merged report has no lines")
    if set(found) != set(expected):
        problems.append(f"lines differ: {sorted(set(found) ^ set(expected))[:4]}")
    for key, counts in expected.items():
        if key in found and found[key] != counts:
            problems.append(f"{key[0]}:{key[1]} in {key[3]}: counts are not the inputs' sums")
    for problem in problems:
        print(f"check_merged_lines: {problem}")
    if problems:
        sys.exit(1)
    print(f"{len(found)} lines of {len(inputs)} processes: every count is the inputs' sum")


main()
