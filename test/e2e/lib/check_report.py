#!/usr/bin/env python3
"""Checks values in an EnergyPass report (docs/formats/report.md) for end-to-end tests.

Usage: check_report.py REPORT [--region NAME] KEY=VALUE ...
  KEY is a dotted path inside the region (or inside the report's top level when no --region is
  given), e.g. counts.flops, counts.bytes_loaded, calls, format. VALUE is compared exactly as an
  integer when it looks like one, else as a string. "KEY>VALUE" and "KEY<VALUE" compare numbers.
Prints one line per mismatch and exits 1 if any; exits 2 if the report or region is unusable."""
import json
import re
import sys


def fail(message, code):
    print(f"check_report: {message}", file=sys.stderr)
    sys.exit(code)


def lookup(obj, path):
    for part in path.split("."):
        if not isinstance(obj, dict) or part not in obj:
            return None
        obj = obj[part]
    return obj


def find_region(report, name):
    matches = [r for r in report.get("regions", []) if name in (r.get("name"), r.get("demangled"))]
    if len(matches) != 1:
        names = sorted({r.get("name") for r in report.get("regions", [])})
        fail(f"{len(matches)} regions named {name!r} (regions: {', '.join(names)})", 2)
    return matches[0]


def check(scope, expectation):
    m = re.fullmatch(r"([\w.-]+)(=|<|>)(.+)", expectation)
    if not m:
        fail(f"bad expectation {expectation!r}", 2)
    key, op, want = m.groups()
    got = lookup(scope, key)
    if op == "=":
        ok = str(got) == want if not re.fullmatch(r"-?\d+", want) else got == int(want)
    else:
        ok = isinstance(got, (int, float)) and (got < float(want) if op == "<" else got > float(want))
    if not ok:
        print(f"check_report: {key}: expected {op}{want}, got {got!r}")
    return ok


def main(argv):
    if len(argv) < 2:
        fail(__doc__, 2)
    try:
        with open(argv[1]) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{argv[1]}: {e}", 2)
    args = argv[2:]
    scope = report
    if args[:1] == ["--region"]:
        scope = find_region(report, args[1])
        args = args[2:]
    results = [check(scope, a) for a in args]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main(sys.argv)
