"""Checks that folded stacks add up to the report's total of their weight.

usage: check_flame_totals.py REPORT FOLDED energy|time|flops"""
import json
import sys

report = json.load(open(sys.argv[1]))
weight = sys.argv[3]
lines = [l for l in open(sys.argv[2]).read().split("\n") if l]
folded = sum(int(l.rsplit(" ", 1)[1]) for l in lines)
if weight == "energy":
    joules = report["totals"]["energy_j"]
    total = (joules["measured"] if joules["measured"] is not None else joules["modelled"]) * 1e9
elif weight == "time":
    total = sum(r["time_s"]["self"] for r in report["regions"]) * 1e9
else:
    total = report["totals"]["counts"]["flops"]
if abs(folded - total) > 2:
    sys.exit(f"FAIL: {weight} stacks sum to {folded}, the report's total is {total:.0f}")
print(f"ok: {weight} {folded}")
