#!/usr/bin/env python3
"""Writes N rank reports of one synthetic job, for timing `energy-report merge` at scale.

Usage: generate_ranks.py TEMPLATE N OUT_DIR [RANKS_PER_NODE]
TEMPLATE is a real report (any program built with energycc). Each rank's copy gets a `job`
(launcher openmpi, id `bench`, its rank, size N, local rank and node: RANKS_PER_NODE ranks a node,
default 64), its own pid and start time (so that no two are the same process), and its times,
energies and counts scaled by a factor of its rank (so that the merge adds different numbers, as
a real job's would). The files are named as the runtime names a job's ranks."""
import copy
import json
import os
import sys


def scale_numbers(value, factor):
    """Every number under counts, time_s and energy_j, scaled (integers stay integers)."""
    if isinstance(value, dict):
        return {k: scale_numbers(v, factor) for k, v in value.items()}
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value * factor)
    if isinstance(value, float):
        return value * factor
    return value


def rank_report(template, rank, size, per_node):
    report = copy.deepcopy(template)
    factor = 1.0 + (rank % 7) * 0.05
    report["job"] = {"launcher": "openmpi", "id": "bench", "rank": rank, "size": size,
                     "local_rank": rank % per_node, "node": f"node{rank // per_node:04d}"}
    report["program"]["pid"] = 100000 + rank
    report["program"]["start_time"] = f"2026-12-02T12:00:{rank % 60:02d}.{rank:06d}Z"
    for region in report["regions"]:
        for key in ("counts", "time_s", "energy_j"):
            region[key] = scale_numbers(region[key], factor)
    for node in report.get("call_tree", []):
        node["time_s"] = scale_numbers(node["time_s"], factor)
    return report


def main(template_path, size, out_dir, per_node=64):
    template = json.load(open(template_path))
    os.makedirs(out_dir, exist_ok=True)
    width = len(str(size - 1))
    program = os.path.basename(template["program"]["path"])
    for rank in range(size):
        name = f"{program}.jobbench.rank{str(rank).zfill(width)}.20261202T120000Z.{100000 + rank}.json"
        with open(os.path.join(out_dir, name), "w") as f:
            json.dump(rank_report(template, rank, size, per_node), f)


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], *(int(a) for a in sys.argv[4:]))
