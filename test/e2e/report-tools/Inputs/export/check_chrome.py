"""Checks an exported Chrome trace against the rules of the JSON trace-event format (the format
Perfetto's UI and chrome://tracing read; no Perfetto viewer or trace processor installs from
Debian or npm, so these rules stand in for one): the document is an object with a traceEvents
array and a displayTimeUnit of ms or ns; every event has a string name, ph, ts, pid and tid of the
right types; metadata ("M") events are ones the format defines, with their argument; counters
("C") carry numeric values, the same keys for every event of one counter; complete ("X") slices
have a category and a duration and nest properly within each thread (a slice ends before its
parent does); every process with events is named. Prints, per process, its name, its counter
tracks and its slices' names, for FileCheck. Usage: check_chrome.py TRACE.json"""
import json
import re
import sys
from collections import defaultdict


# The metadata events of the trace-event format, and the argument each carries.
METADATA = {"process_name": "name", "process_labels": "labels", "process_sort_index": "sort_index",
            "thread_name": "name", "thread_sort_index": "sort_index"}


def check_nesting(slices):
    """Slices of one thread, sorted by start (longest first): each lies inside or after the last open one."""
    open_ends = []
    depth = 0
    for ts, dur, name in sorted(slices, key=lambda s: (s[0], -s[1])):
        while open_ends and ts >= open_ends[-1] - 1e-6:
            open_ends.pop()
        assert not open_ends or ts + dur <= open_ends[-1] + 1e-6, f"{name} starts inside a slice and ends after it"
        open_ends.append(ts + dur)
        depth = max(depth, len(open_ends))
    return depth


def main():
    doc = json.load(open(sys.argv[1]))
    assert isinstance(doc, dict) and isinstance(doc["traceEvents"], list), "not a trace object"
    assert doc.get("displayTimeUnit", "ms") in {"ms", "ns"}, doc.get("displayTimeUnit")
    events = doc["traceEvents"]
    names = {}
    counters = defaultdict(set)
    counter_keys = {}
    slices = defaultdict(list)
    for e in events:
        assert e["ph"] in {"M", "C", "X"}, e
        assert isinstance(e["name"], str) and e["name"], e
        assert isinstance(e["ts"], (int, float)) and e["ts"] >= 0, e
        assert isinstance(e["pid"], int) and isinstance(e["tid"], int), e
        if e["ph"] == "M":
            assert e["name"] in METADATA, e
            assert METADATA[e["name"]] in e["args"], e
        if e["ph"] == "M" and e["name"] == "process_name":
            names[e["pid"]] = e["args"]["name"]
        elif e["ph"] == "C":
            assert e["args"] and all(isinstance(v, (int, float)) and v >= 0 for v in e["args"].values()), e
            keys = counter_keys.setdefault((e["pid"], e["name"]), set(e["args"]))
            assert keys == set(e["args"]), f"counter {e['name']} changes its keys"
            track = re.sub(r"thread (\d+) \(tid \d+\)", r"thread \1", e["name"])
            counters[e["pid"]].add(f"{track} [{', '.join(e['args'])}]")
        elif e["ph"] == "X":
            assert isinstance(e["dur"], (int, float)) and e["dur"] >= 0, e
            assert isinstance(e["cat"], str), e
            slices[(e["pid"], e["tid"])].append((e["ts"], e["dur"], e["name"]))
    unnamed = {e["pid"] for e in events} - set(names)
    assert not unnamed, f"processes without process_name: {sorted(unnamed)}"
    print("events valid:", len(events))
    for pid in sorted(names):
        print("process", re.sub(r"pid \d+", "pid N", names[pid]))
        for track in sorted(counters[pid]):
            print("  counter", track)
        threads = [k for k in slices if k[0] == pid]
        depth = max([check_nesting(slices[k]) for k in threads], default=0)
        print(f"  slices on {len(threads)} threads, nested properly, depth {depth}")
        for name in sorted({s[2] for k in threads for s in slices[k]}):
            print("  slice", name)


main()
