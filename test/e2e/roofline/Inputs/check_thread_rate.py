"""Checks a region's roofline line against the rule for threads: its rate is
per thread (FLOPs over its self time summed over threads) and the ceilings
are those measured with N threads divided by N.

usage: check_thread_rate.py REPORT PROFILE ROOFLINE_TEXT REGION N"""
import json
import re
import sys

report = json.load(open(sys.argv[1]))
profile = json.load(open(sys.argv[2]))
text = open(sys.argv[3]).read()
name, threads = sys.argv[4], int(sys.argv[5])
region = next(r for r in report["regions"] if r["name"] == name)
flops = region["counts"]["flops"]
intensity = flops / (region["counts"]["bytes_loaded"] + region["counts"]["bytes_stored"])
rate = flops / region["time_s"]["self"] / 1e9
peak = max(p["gflops"] for p in profile["peaks"]
           if p["threads"] == threads and p["precision"] == "double") / threads
order = ["L1", "L2", "L3", "L4", "DRAM"]
levels = {}
for bw in profile["bandwidth"]:
    if bw["threads"] == threads:
        levels[bw["level"]] = max(levels.get(bw["level"], 0), bw["gbytes_per_s"] / threads)
roofs = [min(peak, levels[l] * intensity) for l in order if l in levels]
attainable = next((r for r in reversed(roofs) if r >= rate), roofs[0])
expected = 100 * rate / attainable
line = next(l for l in text.splitlines() if l.startswith(name + ": "))
printed = float(re.search(r", ([0-9.]+)% of attainable", line).group(1))
if abs(printed - expected) > 0.006 * expected:
    sys.exit(f"FAIL: {line}\nexpected {expected:.3g}% of attainable ({rate:.3g} GFLOP/s per "
             f"thread under {attainable:.3g}, the {threads}-thread roof / {threads})")
print(f"ok: {printed}% of attainable")
