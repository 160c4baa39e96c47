#!/usr/bin/env python3
"""Prints what the rank reports of one run of Inputs/exchange.c say, for FileCheck.

Usage: check_ranks.py DIR RANKS
Reads every report in DIR (ENERGY_REPORT_DIR of an `mpirun -np RANKS` job) and prints the number
of reports, whether their names carry one job id (or none, as under MPICH's Hydra, which names no
job) and the ranks 0..RANKS-1, and for each rank its
`job` object and the calls and bytes of its mpi regions. Exits 1 when a name or a job does not
agree with the others."""
import json
import os
import re
import sys

NAME = re.compile(r"exchange(?:\.job(?P<job>[\w.@-]+))?\.rank(?P<rank>\d+)\.\d{8}T\d{6}Z\.\d+\.json")


def fail(message):
    print(f"check_ranks: {message}")
    sys.exit(1)


def mpi_regions(report):
    return {r["name"]: r for r in report["regions"] if r["kind"] == "mpi"}


def describe(name, region):
    counts = region["counts"]
    return f"{name} calls {region['calls']} sent {counts['bytes_loaded']} received {counts['bytes_stored']}"


def main(directory, ranks):
    files = sorted(f for f in os.listdir(directory) if f.endswith(".json"))
    print(f"{len(files)} reports")
    names = [NAME.fullmatch(f) for f in files]
    if not all(names):
        fail(f"unexpected report names: {files}")
    jobs = {m["job"] for m in names}
    width = len(str(ranks - 1))
    expected = [str(r).zfill(width) for r in range(ranks)]
    if len(jobs) != 1 or [m["rank"] for m in names] != expected:
        fail(f"names do not carry one job and ranks {expected}: {files}")
    job_id = jobs.pop()
    print(f"names: {'one job' if job_id else 'no job id'}, ranks 0 to {ranks - 1}")
    reports = [json.load(open(os.path.join(directory, f))) for f in files]
    for rank, report in enumerate(reports):
        job = report["job"]
        if job["id"] != job_id or job["node"] != report["machine"]["hostname"]:
            fail(f"rank {rank}: job {job} does not match its name {files[rank]} or its machine")
        print(f"rank {rank}: version {report['version']} launcher {job['launcher']} rank {job['rank']} "
              f"size {job['size']} local_rank {job['local_rank']}")
        regions = mpi_regions(report)
        for name in sorted(regions):
            print(f"rank {rank}: {describe(name, regions[name])}")
    # Rank 0 works alone before the barrier, which the others wait in: wall-clock time in MPI.
    work = next(r for r in reports[0]["regions"] if r["name"] == "work")["time_s"]["inclusive"]
    waits = [mpi_regions(r)["MPI_Barrier"]["time_s"]["inclusive"] for r in reports[1:]]
    print("barrier waits cover rank 0's work:", all(w > 0.5 * work for w in waits))
    # The MPI library starts threads of its own; only the rank's main thread ran instrumented code.
    print("each rank: one thread ran instrumented code:",
          all(r["threads_instrumented"] == 1 for r in reports))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
