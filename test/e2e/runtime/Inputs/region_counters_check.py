#!/usr/bin/env python3
"""Checks the per-region counters of region_counters.c's report (region-counters.test).

Usage: region_counters_check.py REPORT PAGES OUTPUT (the program's stdout:
"spin cpu_s S task_clock_s T"). Prints one line per check that holds; for one that does not, prints
what was found and exits 1. Regions are compared by their inclusive figures, which cover the loops
the pass may make regions of."""
import json
import sys

report = json.load(open(sys.argv[1]))
pages = int(sys.argv[2])
output = open(sys.argv[3]).read().split()
spin_cpu_s = float(output[output.index("cpu_s") + 1])
spin_task_clock_s = float(output[output.index("task_clock_s") + 1])
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
# The program's own task-clock counter is read outside the runtime's entry and exit reads, so it
# covers spin's task-clock plus the runtime's work at the two boundaries (microseconds), never less.
expect(spin_task_clock_s >= 0, "the program read its own task-clock",
       "perf_event_open or read(2) refused the program's task-clock counter")
expect(spin_task_clock_s - 1e-3 <= task_clock_s <= spin_task_clock_s + 1e-6,
       "spin task-clock is the thread's task-clock over the call",
       f"region {task_clock_s} s, the program's own counter {spin_task_clock_s} s")
# task-clock also counts steal time (the host running something else while the thread held its
# vCPU), which the thread CPU clock leaves out: on a loaded VM task-clock may exceed the CPU time by
# several percent, so only the lower bound holds against it.
expect(task_clock_s >= 0.9 * spin_cpu_s - 1e-3,
       "spin task-clock covers the thread's CPU time in it",
       f"task-clock {task_clock_s} s, CPU time {spin_cpu_s} s")
expect(task_clock_s <= regions["spin"]["time_s"]["inclusive"] * 1.02 + 1e-3,
       "spin task-clock is within its time", regions["spin"]["time_s"])
sys.exit(1 if failed else 0)
