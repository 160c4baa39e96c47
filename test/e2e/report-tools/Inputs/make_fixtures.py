#!/usr/bin/env python3
"""Writes the fixtures of test/e2e/report-tools (diff, flame, timeline, explain), built on the
matrix-multiply report of test/e2e/report/Inputs/make_fixtures.py:
- base.json: that report (n = 256); shifted.json: the same program after an edit moved every
  line down by 3 and the regions came out in another order (ids differ); bigger.json: n = 264
  (more FLOPs, bytes and energy), noop() removed, trace() added;
- run-base-{1,2,3}.json and run-new-{1,2,3}.json: the same counts, the loop's time noisy (one
  outlier in the new runs);
- timeline.json: base.json with a two-thread timeline and a RAPL meter; timeline-no-meter.json
  (no meter), timeline-v2.json (unknown timeline version), energy-stat.json (energy-stat -I output
  with a wall-meter log);
- counters-missing.json: a timeline where cycles and instructions did not count (this VM);
- call-tree.json: base.json with a call tree in which init() is called from main() and, for a
  third of its time, from checksum().
Run from this directory: python3 make_fixtures.py"""
import copy
import importlib.util
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "report_fixtures", os.path.join(HERE, "..", "..", "report", "Inputs", "make_fixtures.py"))
base_fixtures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(base_fixtures)
counts, modelled, totals = base_fixtures.counts, base_fixtures.modelled, base_fixtures.totals


def report(regions, wall=0.1531):
    return {
        "format": "energypass-report", "version": 1,
        "program": {"path": "/home/user/matmul/matmul", "argv": ["./matmul", "256"], "pid": 4242,
                    "start_time": "2026-11-30T03:00:00Z", "wall_time_s": wall},
        "machine": {"hostname": "ci-runner", "cpu_model": "Intel(R) Xeon(R) CPU", "logical_cpus": 2},
        "sources": [{"name": "clock_monotonic", "kind": "time", "present": True, "used": True,
                     "detail": "clock_gettime(CLOCK_MONOTONIC)"}],
        "model": {"name": "default-analytic-v1", "kind": "analytic", "version": 1,
                  "path": "share/energypass/models/default.json"},
        "threads": 1, "regions": regions, "totals": totals(regions)}


def write(name, doc):
    with open(name, "w") as f:
        json.dump(doc, f, indent=None, separators=(",", ":"))
        f.write("\n")


def reorder(regions, order):
    """regions[order[0]] first, ...; ids and parent links renumbered."""
    new_id = {old: new for new, old in enumerate(order)}
    out = []
    for old in order:
        r = copy.deepcopy(regions[old])
        r["id"] = new_id[old]
        r["parent"] = None if r["parent"] is None else new_id[r["parent"]]
        out.append(r)
    return out


def shifted(regions):
    moved = copy.deepcopy(regions)
    for r in moved:
        r["line"] += 3
        if r["kind"] == "loop":
            head, line = r["name"].rsplit(":", 1)
            r["name"] = head + ":" + str(int(line) + 3)
            head, line = r["demangled"].rsplit(":", 1)
            r["demangled"] = head + ":" + str(int(line) + 3)
    return reorder(moved, [5, 4, 3, 2, 1, 0])


def bigger():
    regions = [r for r in base_fixtures.regions_of_matmul(264) if r["name"] != "_ZL4noopv"]
    c = counts(40, 200, 10, 0, 800, 0)
    regions.append({"id": len(regions), "name": "_Z5tracev", "demangled": "trace()",
                    "file": "/home/user/matmul/trace.cpp", "line": 7, "kind": "function",
                    "parent": None, "module": "/home/user/matmul/trace.cpp", "calls": 1,
                    "time_s": {"inclusive": 0.0001, "self": 0.0001}, "counts": c,
                    "energy_j": {"modelled": modelled(c, 0.0001), "measured": None}})
    return regions


def with_loop_time(regions, seconds):
    out = copy.deepcopy(regions)
    loop = out[2]
    loop["time_s"]["self"] = seconds
    loop["energy_j"]["modelled"] = modelled(loop["counts"], seconds)
    return out


def timeline(events, meters, thread_counters, energy, version=1):
    """8 intervals of 20 ms: thread 0 in the loop (region 2) then init (3); thread 1 in the
    loop for intervals 2..5."""
    intervals = []
    for j in range(8):
        threads = [{"thread": 0, "region": 2 if j < 6 else 3, "counters": thread_counters(0, j)}]
        if 2 <= j <= 5:
            threads.append({"thread": 1, "region": 2, "counters": thread_counters(1, j)})
        intervals.append({"t_start": round(0.02 * j, 4), "t_end": round(0.02 * (j + 1), 4),
                          "energy_j": energy(j), "process": [None] * len(events),
                          "threads": threads})
    return {"format": "energypass-timeline", "version": version, "period_s": 0.02,
            "start_epoch_s": 1764470000.125, "intervals_sampled": 8, "intervals_per_record": 1,
            "events": events, "meters": meters,
            "threads": [{"thread": 0, "tid": 4242}, {"thread": 1, "tid": 4243}],
            "intervals": intervals}


def hardware_counters(thread, j):
    # cycles, instructions, cache-misses, task-clock (ns): the loop misses caches, init does not
    loop = j < 6 or thread == 1
    return [58000000, 116000000 if loop else 70000000, 400000 if loop else 20000, 20000000]


RAPL = [{"name": "rapl:package-0", "domain": "package"}]
HW_EVENTS = ["cycles", "instructions", "cache-misses", "task-clock"]


def main():
    os.chdir(HERE)
    regions = base_fixtures.regions_of_matmul()
    base = report(regions)
    write("base.json", base)
    write("shifted.json", report(shifted(regions)))
    write("bigger.json", report(bigger(), wall=0.168))
    for k, t in enumerate([0.1411, 0.1500, 0.1405], 1):
        write("run-base-%d.json" % k, report(with_loop_time(regions, t)))
    for k, t in enumerate([0.1410, 0.2900, 0.1420], 1):
        write("run-new-%d.json" % k, report(with_loop_time(regions, t)))

    energy = lambda j: [None if j == 4 else round(1.1 + 0.15 * (2 <= j <= 5) - 0.3 * (j >= 6), 3)]
    doc = copy.deepcopy(base)
    doc["timeline"] = timeline(HW_EVENTS, RAPL, hardware_counters, energy)
    write("timeline.json", doc)
    doc = copy.deepcopy(base)
    doc["timeline"] = timeline(HW_EVENTS, [], hardware_counters, lambda j: [])
    write("timeline-no-meter.json", doc)
    doc = copy.deepcopy(base)
    doc["timeline"] = timeline(HW_EVENTS, RAPL, hardware_counters, energy, version=2)
    write("timeline-v2.json", doc)
    doc = copy.deepcopy(base)
    doc["timeline"] = timeline(["task-clock", "cycles", "instructions"], [],
                               lambda t, j: [20000000, None, None], lambda j: [])
    write("counters-missing.json", doc)

    doc = copy.deepcopy(base)
    node = lambda i, region, parent, calls, incl, self_s: {
        "id": i, "region": region, "parent": parent, "calls": calls,
        "time_s": {"inclusive": incl, "self": self_s}}
    doc["call_tree"] = [node(0, 0, None, 1, 0.1523, 0.00004), node(1, 1, 0, 1, 0.1412, 0.0000021),
                        node(2, 2, 1, 1, 0.1411, 0.1411), node(3, 3, 0, 2, 0.0062, 0.0062),
                        node(4, 4, 0, 1, 0.0048, 0.0017), node(5, 3, 4, 1, 0.0031, 0.0031)]
    write("call-tree.json", doc)

    wall = [{"name": "external:wall.csv", "domain": "external"}]
    stat_timeline = timeline(["task-clock"], wall, lambda t, j: [20000000],
                             lambda j: [round(0.9 + 0.05 * j, 3)])
    for interval in stat_timeline["intervals"]:
        for entry in interval["threads"]:
            entry["region"] = None
    write("energy-stat.json", {
        "format": "energy-stat", "version": 1, "command": ["./matmul", "256"], "exit_status": 0,
        "elapsed_s": 0.16, "user_s": 0.15, "sys_s": 0.01, "events": [], "meters": [],
        "energy_j": None, "sources": [], "external_meter": None, "timeline": stat_timeline})


if __name__ == "__main__":
    main()
