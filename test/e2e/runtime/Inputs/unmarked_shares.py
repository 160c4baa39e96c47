#!/usr/bin/env python3
"""Reads unmarked-functions.test's report: the unmarked function `chain` and the loop that calls
it each did half of the work, so each should hold about half of the sampled CPU time (within four
of its stated standard deviations plus 5 points: the two halves are the same instructions but need
not run at exactly the same speed). Prints what holds."""
import json
import sys

report = json.load(open(sys.argv[1]))
regions = {r["name"]: r for r in report["regions"]}
chain = regions["chain"]
loop = next(r for r in report["regions"] if r["kind"] == "loop" and r["name"].startswith("run:loop"))
total = sum(r["time_s"]["self"] for r in report["regions"])
print("trigger", report["timing"]["trigger"] in ("task-clock", "cpu-timer"))
print("chain calls", chain["calls"])
for name, region in (("chain", chain), ("loop", loop)):
    share = region["time_s"]["self"] / total
    sigma = region["time_s"]["uncertainty"]["self"] / total
    verdict = "about half" if abs(share - 0.5) <= 4 * sigma + 0.05 else f"{share:.3f} +- {sigma:.3f}"
    print(name, "share", verdict)
tree = report["call_tree"]
chain_nodes = [n for n in tree if n["region"] == chain["id"]]
parents = {tree[n["parent"]]["region"] for n in chain_nodes if n["parent"] is not None}
print("chain below the loop", parents == {loop["id"]})
