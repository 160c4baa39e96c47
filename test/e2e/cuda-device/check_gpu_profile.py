#!/usr/bin/env python3
"""Checks a GPU profile (docs/formats/gpu-profile.md) against invariants that
hold for any correct block and edge counts, as CUDA Flux checks them:

- the entry block (id 0) runs exactly once per counted thread (thread and
  sample modes) or once per active lane (warp mode: the sum over a warp row);
- flow is conserved: a block's count equals the sum of its incoming edges
  (blocks with predecessors) and of its outgoing edges (blocks with
  successors), so the blocks of an if and its else add up to the branch's
  count and a loop header runs trip count plus entries;
- every edge joins blocks of the static CFG.

Prints one summary line per launch, and per --label the number of threads
that ran a block with that label and the total count, for FileCheck.
Exit status 1 with the first broken invariant.
"""
import argparse
import json
import sys


def fail(msg):
    print("check_gpu_profile: " + msg)
    sys.exit(1)


def threads_of(group):
    return sum(last - first + 1 for first, last in group["ranges"])


def check_launch(k, mode):
    where = "%s launch %d" % (k["name"], k["launch"])
    blocks = {b["id"]: b for b in k["blocks"]}
    for g, group in enumerate(k["threads"]):
        counts = {b: c for b, c in group["blocks"]}
        edges = group.get("edges", [])
        incoming, outgoing = {}, {}
        for src, dst, c in edges:
            if src not in blocks or dst not in blocks or dst not in blocks[src]["succs"]:
                fail("%s group %d: edge %d->%d is not in the CFG" % (where, g, src, dst))
            incoming[dst] = incoming.get(dst, 0) + c
            outgoing[src] = outgoing.get(src, 0) + c
        if mode != "warp" and counts.get(0) != 1:
            fail("%s group %d: entry block ran %s times, not once" % (where, g, counts.get(0)))
        for b, info in blocks.items():
            n = counts.get(b, 0)
            if info["preds"] and incoming.get(b, 0) != n:
                fail("%s group %d: block %d ran %d times but its incoming edges %d"
                     % (where, g, b, n, incoming.get(b, 0)))
            if info["succs"] and outgoing.get(b, 0) != n:
                fail("%s group %d: block %d ran %d times but its outgoing edges %d"
                     % (where, g, b, n, outgoing.get(b, 0)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profile")
    ap.add_argument("--mode", default="thread", choices=["thread", "warp", "sample"])
    ap.add_argument("--label", action="append", default=[],
                    help="print threads and executions of blocks with this label")
    args = ap.parse_args()
    with open(args.profile) as f:
        doc = json.load(f)
    if doc.get("format") != "energypass-gpu-profile" or doc.get("version") != 1:
        fail("not a version 1 GPU profile")
    for k in doc["kernels"]:
        check_launch(k, args.mode)
        counted = sum(threads_of(g) for g in k["threads"])
        entry = sum(threads_of(g) * dict(g["blocks"]).get(0, 0) for g in k["threads"])
        print("launch %d %s grid=%s block=%s groups=%d rows=%d entry_runs=%d" % (
            k["launch"], k["name"], k["grid"], k["block"], len(k["threads"]), counted, entry))
        ids = {b["id"]: b["label"] for b in k["blocks"]}
        for label in args.label:
            wanted = [i for i, l in ids.items() if l == label]
            threads = runs = 0
            for g in k["threads"]:
                c = sum(dict(g["blocks"]).get(i, 0) for i in wanted)
                if c:
                    threads += threads_of(g)
                    runs += c * threads_of(g)
            print("  %s: threads=%d runs=%d" % (label, threads, runs))
    print("check_gpu_profile: OK")


if __name__ == "__main__":
    main()
