#!/usr/bin/env python3
"""Checks a region of an EnergyPass report together with the regions nested in it.

Usage: region_tree.py REPORT NAME KEY=VALUE ...
  NAME is a region's name or demangled name; a NAME ending in '@' matches the one region whose
  name or demangled name starts with it (loop and user regions end in @file:line).
  counts.KEY (e.g. counts.flops_by_kind.fma) is the region's inclusive count: its own plus that of every region nested in it
  (by `parent`), so it stays the same whichever loops or functions are regions. calls and kind
  are the region's own; parent=NAME names the enclosing region (by name or demangled name).
Prints one line per mismatch and exits 1 if any; exits 2 if the report or region is unusable."""
import json
import sys


def fail(message):
    print(f"region_tree: {message}", file=sys.stderr)
    sys.exit(2)


def matches(region, name):
    names = (region.get("name", ""), region.get("demangled", ""))
    return any(n.startswith(name) for n in names) if name.endswith("@") else name in names


def find(regions, name):
    found = [r for r in regions if matches(r, name)]
    if len(found) != 1:
        fail(f"{len(found)} regions match {name!r} (regions: {', '.join(r['name'] for r in regions)})")
    return found[0]


def subtree(regions, root):
    ids, grew = {root["id"]}, True
    while grew:
        grew = False
        for r in regions:
            if r["id"] not in ids and r.get("parent") in ids:
                ids.add(r["id"])
                grew = True
    return [r for r in regions if r["id"] in ids]


def lookup(obj, path):
    for part in path.split("."):
        obj = obj.get(part, 0) if isinstance(obj, dict) else 0
    return obj


def value(regions, region, key):
    if key.startswith("counts."):
        return sum(lookup(r, key) for r in subtree(regions, region))
    if key == "parent":
        parent = next((r for r in regions if r["id"] == region.get("parent")), None)
        return parent and parent["name"]
    return region.get(key)


def main(argv):
    if len(argv) < 3:
        fail(__doc__)
    try:
        with open(argv[1]) as f:
            regions = json.load(f)["regions"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        fail(f"{argv[1]}: {e}")
    region = find(regions, argv[2])
    ok = True
    for expectation in argv[3:]:
        key, _, want = expectation.partition("=")
        got = value(regions, region, key)
        if key == "parent" and got is not None:
            parent = find(regions, want) if want else None
            good = parent is not None and parent["name"] == got
        else:
            good = str(got) == want
        if not good:
            print(f"region_tree: {argv[2]} {key}: expected {want}, got {got!r}")
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main(sys.argv)
