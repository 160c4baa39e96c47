#!/usr/bin/env python3
"""Checks the per-region counters of region_counters.c's report (region-counters.test).

Usage: region_counters_check.py REPORT PAGES OUTPUT (the program's stdout: "spin cpu_s S"). Prints one line per check that
holds; for one that does not, prints what was found and exits 1. Regions are compared by their
inclusive figures, which cover the loops the pass may make regions of."""
import json
import sys

report = json.load(open(sys.argv[1]))
pages = int(sys.argv[2])
spin_cpu_s = float(open(sys.argv[3]).read().split()[2])
regions = {r["name"]: r for r in report["regions"]}
failed = False


def expect(ok, text, detail):
    global failed
    if ok:
        print(text)
    else:
        failed = True
        print(f"check failed: {text}: {detail}")


source = [s for s in report["sources"] if s["name"] == "region-counters"][0]
expect(source["used"], "source: " + source["detail"], source)
touch = regions["touch_pages"]["counters"]["inclusive"]
# One fault per page, plus a few for the code and the runtime's tables touched on the way.
expect(pages <= touch["page-faults"] <= pages + 50, "touch_pages has the page faults", touch)
spin = regions["spin"]["counters"]["inclusive"]
expect(spin["page-faults"] <= 20, "spin has almost none", spin)
task_clock_s = spin["task-clock"] * 1e-9
# The thread's CPU time around the call also covers the entry and exit reads; perf's task-clock
# and the thread CPU clock are updated at different moments, which on a loaded VM puts them a
# fraction of a millisecond apart.
expect(0.9 * spin_cpu_s - 1e-3 <= task_clock_s <= spin_cpu_s * 1.02 + 1e-3,
       "spin task-clock is the thread's CPU time in it",
       f"task-clock {task_clock_s} s, CPU time {spin_cpu_s} s")
expect(task_clock_s <= regions["spin"]["time_s"]["inclusive"] * 1.02 + 1e-3,
       "spin task-clock is within its time", regions["spin"]["time_s"])
sys.exit(1 if failed else 0)
