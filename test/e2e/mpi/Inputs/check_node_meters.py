#!/usr/bin/env python3
"""Prints the measured energies of a job's rank reports and of their job report, for FileCheck.

Usage: check_node_meters.py REPORT_DIR JOB_REPORT
Each rank of meter_ranks.c sees its node's meter grow by about 1.5 J: the rank reports sum to
about 3 J, the node's energy twice. The job report counts the node once (about 1.5 J) and gives
each rank a share of it by its CPU time: about half, since the ranks worked alike for the same
wall time, but the CPU time each got of it depends on the machine's load, hence the wide band."""
import json
import os
import sys


def band(value, low, high):
    return "in" if low <= value <= high else f"OUT ({value:.3f})"


def main(directory, job_path):
    ranks = [json.load(open(os.path.join(directory, f)))
             for f in sorted(os.listdir(directory)) if f.endswith(".json")]
    each = [r["totals"]["energy_j"]["measured"] for r in ranks]
    print(f"{len(ranks)} rank reports, each 1.4 to 1.6 J: "
          f"{all(band(j, 1.4, 1.6) == 'in' for j in each)} ({', '.join(f'{j:.2f}' for j in each)})")
    job = json.load(open(job_path))
    total = job["totals"]["energy_j"]["measured"]
    print(f"job: node_meters {job['job']['node_meters']}, total 1.4 to 1.6 J: {band(total, 1.4, 1.6)}")
    shares = {}
    for region in job["regions"]:
        for entry in region.get("by_rank", []):
            measured = entry.get("energy_j", {}).get("measured") or 0.0
            shares[entry["rank"]] = shares.get(entry["rank"], 0.0) + measured
    regions = sum(r["energy_j"]["measured"] or 0.0 for r in job["regions"])
    print(f"regions' measured energy adds up to the ranks' shares: {abs(regions - sum(shares.values())) < 1e-9}")
    for rank in sorted(shares):
        print(f"rank {rank}: 0.3 to 1.2 J: {band(shares[rank], 0.3, 1.2)}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
