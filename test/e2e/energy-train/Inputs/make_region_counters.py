#!/usr/bin/env python3
"""Writes the report fixtures with per-region counters (regions[].counters, docs/formats/report.md)
that the energy-report --model tests of this folder read, from test/e2e/report-tools/Inputs/base.json:

- region-counters.json: cycles, instructions, cache-misses and task-clock per region (self and
  inclusive), as a machine with hardware counters records them;
- region-counters-vm.json: only the software events this VM counts (task-clock, page-faults).

Run it from this folder: python3 make_region_counters.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.join(HERE, "..", "..", "report-tools", "Inputs", "base.json")

# Self counts per region id: cycles, instructions, cache-misses.
HARDWARE = {
    0: (1e5, 1e5, 10),
    1: (0, 0, 0),
    2: (5e8, 2.5e8, 2e6),
    3: (1e8, 1e8, 1e5),
    4: (5e6, 2e6, 1e3),
    5: (0, 0, 0),
}


def counters(self_counts, scaled=False):
    # Inclusive counts are not what the models read; self suffices for them here.
    return {"self": self_counts, "inclusive": self_counts, "scaled": scaled}


def main():
    with open(BASE) as f:
        base = json.load(f)
    for region in base["regions"]:
        cycles, instructions, misses = HARDWARE[region["id"]]
        task_clock = region["time_s"]["self"] * 1e9
        region["counters"] = counters({"cycles": cycles, "instructions": instructions,
                                       "cache-misses": misses, "task-clock": task_clock})
    with open(os.path.join(HERE, "region-counters.json"), "w") as f:
        json.dump(base, f, indent=1)
    for region in base["regions"]:
        task_clock = region["time_s"]["self"] * 1e9
        region["counters"] = counters({"task-clock": task_clock, "page-faults": 3})
    with open(os.path.join(HERE, "region-counters-vm.json"), "w") as f:
        json.dump(base, f, indent=1)


if __name__ == "__main__":
    main()
