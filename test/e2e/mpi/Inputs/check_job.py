#!/usr/bin/env python3
"""Prints a job report's `job` and, for the regions named, its `by_rank`, for FileCheck.

Usage: check_job.py JOB_REPORT REGION..."""
import json
import sys


def main(path, names):
    report = json.load(open(path))
    job = report["job"]
    print(f"job {job['launcher']} size {job['size']} ranks_merged {job['ranks_merged']}")
    regions = {r["name"]: r for r in report["regions"]}
    for name in names:
        region = regions[name]
        ranks = ", ".join(f"rank {e['rank']} calls {e['calls']} sent {e['counts']['bytes_loaded']} "
                          f"received {e['counts']['bytes_stored']}" for e in region["by_rank"])
        print(f"{name} calls {region['calls']}: {ranks}")
        if sum(e["calls"] for e in region["by_rank"]) != region["calls"]:
            print(f"{name}: by_rank calls do not add up to the region's")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
