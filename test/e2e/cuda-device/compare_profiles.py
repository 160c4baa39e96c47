#!/usr/bin/env python3
"""Compares the per-thread block counts of two GPU profiles of the same program.

Usage: compare_profiles.py GPU_PROFILE EMULATED_PROFILE

Both are docs/formats/gpu-profile.md (version 1): one from a run on a GPU, one from the CPU
emulator. The two builds instrument different IR (nvptx64 and the emulator's host C++), so block
ids may differ; blocks are matched by their label, which the pass numbers in code order per
function ("bb3", "_Z4stepi:bb9"), and which agree where both builds have the same control flow
(builds at -O0), which is checked: the blocks present in both must have the same successors.
Launches are paired by kernel name and order. For every pair the launch shapes must be equal and
every thread's count of every block present in both must be equal; blocks
present in one build only (intrinsics that are code on one side and a library call on the other)
are named, not compared.

Prints one line per launch and a last line "compare_profiles: OK ..." or "compare_profiles: FAIL
..."; exits 0, 1 on a difference, 2 on unreadable input.
"""
import bisect
import json
import sys
from collections import defaultdict


def load(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print(f"compare_profiles: cannot read {path}: {e}", file=sys.stderr)
        sys.exit(2)
    if doc.get("format") != "energypass-gpu-profile" or doc.get("version") != 1:
        print(f"compare_profiles: {path} is not a version 1 energypass-gpu-profile", file=sys.stderr)
        sys.exit(2)
    return doc["kernels"]


class Behaviours:
    """A launch's threads: which group each thread id belongs to, by sorted ranges."""

    def __init__(self, kernel):
        labels = {b["id"]: b.get("label", f"B{b['id']}") for b in kernel["blocks"]}
        self.labels = set(labels.values())
        self.successors = {labels[b["id"]]: sorted(labels[s] for s in b.get("succs", []))
                           for b in kernel["blocks"]}
        spans = []
        for group in kernel["threads"]:
            counts = {labels[block]: count for block, count in group["blocks"]}
            spans += [(first, last, counts) for first, last in group["ranges"]]
        spans.sort(key=lambda span: span[0])
        self.firsts = [span[0] for span in spans]
        self.spans = spans

    def counts_at(self, thread):
        i = bisect.bisect_right(self.firsts, thread) - 1
        if i >= 0 and self.spans[i][1] >= thread:
            return self.spans[i][2]
        return {}

    def boundaries(self):
        for first, last, _ in self.spans:
            yield first
            yield last + 1


def compare_launch(gpu, emu):
    """Returns (threads compared, shared labels, only-in-one labels, first difference or None)."""
    if gpu["grid"] != emu["grid"] or gpu["block"] != emu["block"]:
        return 0, set(), set(), f"launch shapes differ: {gpu['grid']}x{gpu['block']} on the GPU, {emu['grid']}x{emu['block']} emulated"
    a, b = Behaviours(gpu), Behaviours(emu)
    shared = a.labels & b.labels
    # Equal labels stand for the same block only where both builds have the same control flow.
    for label in sorted(shared):
        if a.successors[label] != b.successors[label]:
            return 0, shared, a.labels ^ b.labels, (
                f"the builds' control flow differs at block {label} (successors "
                f"{a.successors[label]} on the GPU, {b.successors[label]} emulated): build both at -O0")
    threads = 1
    for n in gpu["grid"] + gpu["block"]:
        threads *= n
    # Counts are constant between consecutive range boundaries of either side.
    points = sorted({0, threads} | set(a.boundaries()) | set(b.boundaries()))
    for start in points:
        if start >= threads:
            break
        ca, cb = a.counts_at(start), b.counts_at(start)
        for label in sorted(shared):
            if ca.get(label, 0) != cb.get(label, 0):
                return threads, shared, a.labels ^ b.labels, (
                    f"thread {start}: block {label} ran {ca.get(label, 0)} times on the GPU, "
                    f"{cb.get(label, 0)} emulated")
    return threads, shared, a.labels ^ b.labels, None


def main():
    if len(sys.argv) != 3:
        print("usage: compare_profiles.py GPU_PROFILE EMULATED_PROFILE", file=sys.stderr)
        return 2
    gpu, emu = load(sys.argv[1]), load(sys.argv[2])
    by_name = defaultdict(list)
    for kernel in emu:
        by_name[kernel["name"]].append(kernel)
    seen = defaultdict(int)
    failures = 0
    total_threads = 0
    for kernel in gpu:
        name = kernel["name"]
        index = seen[name]
        seen[name] += 1
        if index >= len(by_name[name]):
            print(f"{name} launch {index}: not in the emulated profile")
            failures += 1
            continue
        threads, shared, unmatched, difference = compare_launch(kernel, by_name[name][index])
        total_threads += threads
        extra = f"; not compared: {', '.join(sorted(unmatched))}" if unmatched else ""
        if difference:
            print(f"{name} launch {index}: DIFFERENT: {difference}")
            failures += 1
        else:
            print(f"{name} launch {index}: {threads} threads, {len(shared)} blocks equal{extra}")
    for name, launches in by_name.items():
        if len(launches) > seen[name]:
            print(f"{name}: {len(launches) - seen[name]} emulated launches not in the GPU profile")
            failures += 1
    if failures:
        print(f"compare_profiles: FAIL ({failures} launches differ)")
        return 1
    print(f"compare_profiles: OK ({len(gpu)} launches, {total_threads} threads)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
