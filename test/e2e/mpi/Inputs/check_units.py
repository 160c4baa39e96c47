#!/usr/bin/env python3
"""Prints what a job report of Inputs/units.c says each rank did, for FileCheck.

Usage: check_units.py JOB_REPORT
For the region of `unit` that holds its FLOPs (its loop) and for MPI_Allreduce, prints each
rank's FLOPs or calls from `by_rank`, and the FLOPs of every rank as a multiple of rank 0's."""
import json
import sys


def region(report, test):
    return next(r for r in report["regions"] if test(r))


def main(path):
    report = json.load(open(path))
    print(f"job {report['job']['launcher']} size {report['job']['size']} "
          f"ranks_merged {report['job']['ranks_merged']}")
    unit = max((r for r in report["regions"] if r["name"].startswith("unit")),
               key=lambda r: r["counts"]["flops"])
    flops = {e["rank"]: e["counts"]["flops"] for e in unit["by_rank"]}
    print(f"unit: rank 0 flops {flops[0]}")
    print("unit flops over rank 0's: " +
          ", ".join(f"rank {rank} {flops[rank] / flops[0]:g}" for rank in sorted(flops)))
    allreduce = region(report, lambda r: r["name"] == "MPI_Allreduce")
    print("MPI_Allreduce calls: " +
          ", ".join(f"rank {e['rank']} {e['calls']}" for e in allreduce["by_rank"]))


if __name__ == "__main__":
    main(sys.argv[1])
