#!/usr/bin/env python3
"""Checks a report made with ENERGY_MODEL=software-linear.json (learned-model.test).

Usage: learned_model_check.py REPORT. Every region's modelled energy must be the model's power
on its self counts times its self time, P = 10 + 20 tc/2e7 + 5 pf/2000 W; the run's must be
there. Prints one line per check that holds; otherwise what was found, and exits 1."""
import json
import math
import sys

report = json.load(open(sys.argv[1]))
failed = []
for region in report["regions"]:
    self_counts = region["counters"]["self"]
    watts = 10 + 20 * self_counts["task-clock"] / 2e7 + 5 * self_counts["page-faults"] / 2000
    expected = watts * region["time_s"]["self"]
    got = region["energy_j"]["modelled"]
    if got is None or not math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-15):
        failed.append(f"{region['name']}: modelled {got}, expected {expected}")
print("regions: P(self counts) x self time" if not failed else "\n".join(failed))
run = report["totals"]["energy_j"]["modelled"]
ok_run = isinstance(run, float) and run > 0
print("run modelled" if ok_run else f"run modelled is {run!r}")
model = report["model"]
print(f"model {model['name']} {model['kind']} {model['applied_to']}")
print(model.get("method", ""))
sys.exit(1 if failed or not ok_run else 0)
