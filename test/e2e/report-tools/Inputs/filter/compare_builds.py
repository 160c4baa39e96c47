"""Compares the reports of a program built with and without an energy-report filter: the
counts of the whole run, and per region its kind, calls and instructions (the line
`REGION name kind calls instructions`, in the report's order)."""
import json
import sys

before, after = (json.load(open(path)) for path in sys.argv[1:3])
same = before["totals"]["counts"] == after["totals"]["counts"]
print("totals", "equal" if same else "differ")
for region in after["regions"]:
    print("REGION", region["name"], region["kind"], region["calls"],
          region["counts"]["instructions"])
