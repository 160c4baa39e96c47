"""Compares the body hash of scale() in a base report with rescale()'s in the renamed and the
changed programs' reports. Usage: body_hash.py BASE RENAMED CHANGED"""
import json
import sys


def body_hash(path, name):
    regions = [r for r in json.load(open(path))["regions"] if r["name"] == name]
    return regions[0]["body_hash"] if regions else None


base = body_hash(sys.argv[1], "scale")
for label, path in (("renamed", sys.argv[2]), ("changed", sys.argv[3])):
    other = body_hash(path, "rescale")
    print(f"scale == rescale ({label}): {base is not None and base == other}")
