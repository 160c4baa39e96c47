"""Prints, per source line of a lambda, the regions placed there and what they counted, and
whether any region is still named after the library's invokers."""
import json
import sys

report = json.load(open(sys.argv[1]))
by_line = {}
for region in report["regions"]:
    if region["file"].endswith("lambda_callbacks.cpp") and region["kind"] == "function":
        by_line.setdefault(region["line"], []).append(region)
for line in sorted(by_line):
    for region in by_line[line]:
        names = [r for r in report["regions"] if r["parent"] == region["id"] or r is region]
        flops = sum(r["counts"]["flops"] for r in names)
        print("line", line, region["demangled"], "calls", region["calls"], "flops", flops)
invokers = [r["demangled"] for r in report["regions"]
            if "_M_invoke" in r["demangled"] or "_M_run" in r["demangled"]]
print("named after an invoker:", len(invokers))
