"""Reads `energy-report diff --format json` on stdin and prints each region's key, status and
FLOP change, one line each, sorted, so that FileCheck sees what was matched."""
import json
import sys

doc = json.load(sys.stdin)
assert doc["format"] == "energypass-diff" and doc["version"] == 1, doc.get("format")
for r in sorted(doc["regions"], key=lambda r: r["key"]):
    flops = r["metrics"]["flops"]
    print(f'{r["key"]} {r["status"]} flops {flops["base"]} -> {flops["new"]} exact {flops["exact"]}'
          + (f' was {r["previous_name"]}' if "previous_name" in r else ""))
