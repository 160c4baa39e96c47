#!/usr/bin/env python3
"""Compares a sampled report with an exact one of the same program (sampled-timing.test).

Usage: sampled_vs_exact.py SAMPLED EXACT. The exact run reads task-clock at every region boundary
(ENERGY_REGION_EVENTS=task-clock), so its regions' self task-clock is their exact CPU time; the
sampled run estimates the same CPU time from samples. Shares of the run are compared, not seconds,
so that a machine busier in one run than in the other does not matter: every region with at least
5% of the exact run's CPU time and 5% of its counted instructions must have a sampled share within
four of its own stated standard deviations (plus one percentage point) of its exact share. The
instructions keep out the regions whose exact self time is the exact run's own cost: a function
shell around its loop, a loop that calls the kernels, whose self time holds the clock reads at
their children's boundaries (on a loaded machine 5-7% of the run, where sampling, which pays no
such reads, rightly finds almost nothing). Also: calls and counts are identical in
both, and the sampled periods add up to the threads' CPU time. Prints one line per check that
holds; otherwise what was found, and exits 1."""
import json
import math
import sys

sampled = json.load(open(sys.argv[1]))
exact = json.load(open(sys.argv[2]))
failed = []

timing = sampled["timing"]
print(f"modes {timing['mode']} {exact['timing']['mode']}")

by_name = {r["name"]: r for r in sampled["regions"]}
exact_cpu = {r["name"]: r["counters"]["self"]["task-clock"] * 1e-9 for r in exact["regions"]}
exact_total = sum(exact_cpu.values())
counted = {r["name"]: r["counts"]["instructions"] for r in exact["regions"]}
counted_total = sum(counted.values())
sampled_total = sum(r["time_s"]["self"] for r in sampled["regions"])
compared = 0
for name, seconds in exact_cpu.items():
    share = seconds / exact_total
    if share < 0.05 or counted[name] < 0.05 * counted_total:
        continue
    region = by_name[name]
    sampled_share = region["time_s"]["self"] / sampled_total
    sigma = region["time_s"]["uncertainty"]["self"] / sampled_total
    if abs(sampled_share - share) > 4 * sigma + 0.01:
        failed.append(f"{name}: sampled share {sampled_share:.3f} +- {sigma:.3f}, exact {share:.3f}")
    compared += 1
print(f"shares agree ({compared} regions)" if not failed and compared >= 2 else
      "\n".join(failed) or f"only {compared} regions compared")
if failed:
    # What the next look at a rare failure needs: where the samples went.
    shown = {k: timing.get(k) for k in ("trigger", "periods", "outside_periods", "deep_periods",
                                         "sampled_cpu_time_s", "timed_cpu_time_s", "problem")}
    print(f"sampled timing: {json.dumps(shown)}")
    for r in sorted(sampled["regions"], key=lambda r: -r["time_s"]["self"])[:8]:
        print(f"  {r['name']}: self {r['time_s']['self']:.3f} s, "
              f"periods {r['time_s'].get('periods')}")

same = all(by_name[r["name"]]["calls"] == r["calls"] and by_name[r["name"]]["counts"] == r["counts"]
           for r in exact["regions"])
print("calls and counts identical" if same else "calls or counts differ")

periods = timing["sampled_cpu_time_s"]
timed = timing["timed_cpu_time_s"]
outside = timing["outside_periods"] * timing["period_s"]
adds_up = math.isclose(sampled_total + outside, periods, abs_tol=1e-9)
close = abs(periods - timed) <= 0.02 + 0.10 * timed
print("periods add up to the CPU time" if adds_up and close else
      f"regions {sampled_total} + outside {outside} vs periods {periods} vs thread CPU {timed}")
sys.exit(1 if failed or not same or not (adds_up and close) or compared < 2 else 0)
