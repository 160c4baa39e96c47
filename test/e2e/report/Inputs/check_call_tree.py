"""Checks a report's call_tree partitions its time, and that flame's stacks
add up: every node's self time >= 0, inclusive = self + the children's
inclusive, the nodes' self times sum to the regions' self times, and
`energy-report flame --weight time` (FOLDED) sums to them too.

usage: check_call_tree.py REPORT FOLDED REGION...  (regions that must have
a node of their own)"""
import json
import sys

report = json.load(open(sys.argv[1]))
folded = open(sys.argv[2]).read().split("\n")
tree = report["call_tree"]
children = [0.0] * len(tree)
for node in tree:
    if node["parent"] is not None:
        children[node["parent"]] += node["time_s"]["inclusive"]
failures = []
for node, below in zip(tree, children):
    self, inclusive = node["time_s"]["self"], node["time_s"]["inclusive"]
    name = report["regions"][node["region"]]["name"]
    if self < 0:
        failures.append(f"node {node['id']} ({name}): self {self} < 0")
    if abs(inclusive - (self + below)) > 1e-9 + 1e-9 * inclusive:
        failures.append(f"node {node['id']} ({name}): inclusive {inclusive} != "
                        f"self {self} + children {below}")
tree_self = sum(n["time_s"]["self"] for n in tree)
region_self = sum(r["time_s"]["self"] for r in report["regions"])
if abs(tree_self - region_self) > 1e-6 * region_self:
    failures.append(f"tree self times sum to {tree_self}, regions' to {region_self}")
flame_ns = sum(int(line.rsplit(" ", 1)[1]) for line in folded if line)
if abs(flame_ns - region_self * 1e9) > 2:
    failures.append(f"flame --weight time sums to {flame_ns} ns, regions' self to "
                    f"{region_self * 1e9:.0f} ns")
named = {n["region"] for n in tree}
for wanted in sys.argv[3:]:
    ids = [r["id"] for r in report["regions"] if r["name"] == wanted]
    if not ids or ids[0] not in named:
        failures.append(f"region {wanted} has no call-tree node")
if report["diagnostics"]["untracked_call_paths"]:
    failures.append("some call paths were untracked")
for f in failures:
    print("FAIL:", f)
if failures:
    print(json.dumps(tree))
    sys.exit(1)
print(f"ok: {len(tree)} nodes, {tree_self:.6f} s")
