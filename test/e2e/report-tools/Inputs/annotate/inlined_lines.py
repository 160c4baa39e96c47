"""Prints annotate's json for the lines of one file: `LINE flops=F` and, under it, one
`  at FILE:LINE in FUNCTION flops=F` per inlined part, then whether the parts sum to the line.
Usage: inlined_lines.py ANNOTATE_JSON BASENAME"""
import json
import os
import sys

doc = json.load(open(sys.argv[1]))
print(f"inlining chains: {doc['inlining_chains']}")
for entry in doc["lines"]:
    if os.path.basename(entry["file"]) != sys.argv[2] or not entry["counts"]["flops"]:
        continue
    print(f"{entry['line']} flops={entry['counts']['flops']}")
    parts = entry.get("inlined_at", [])
    for part in parts:
        sites = " <- ".join(f"{os.path.basename(s['file'])}:{s['line']} in {s['function']}"
                            for s in part["call_sites"])
        print(f"  at {sites} flops={part['counts']['flops']}")
    if parts:
        total = sum(p["counts"]["flops"] for p in parts)
        print(f"  parts sum to the line: {total == entry['counts']['flops']}")
