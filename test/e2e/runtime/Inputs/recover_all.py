#!/usr/bin/env python3
"""Recovers the report of every continuous counts file in a directory and prints what it says.

Usage: recover_all.py ENERGY_REPORT DIR [PIDS]
Runs `ENERGY_REPORT recover FILE -o FILE.json` for each DIR/*.counters and prints, sorted, one line
per file: its role (from PIDS, lines "ROLE PID"; else "process"), the calls of region `work`, and
the threads the file had running and ended. Exits 1 when a recovery fails or a report's pid is not
its file's."""
import glob
import json
import os
import subprocess
import sys

tool, folder = sys.argv[1], sys.argv[2]
roles = {}
if len(sys.argv) > 3:
    with open(sys.argv[3]) as f:
        roles = {int(pid): role for role, pid in (line.split() for line in f if line.strip())}

lines = []
for counters in sorted(glob.glob(os.path.join(folder, "*.counters"))):
    report_path = counters + ".json"
    done = subprocess.run([tool, "recover", counters, "-o", report_path])
    if done.returncode != 0:
        sys.exit(f"recover_all: {counters}: exit {done.returncode}")
    with open(report_path) as f:
        report = json.load(f)
    pid = report["program"]["pid"]
    if not os.path.basename(counters).endswith(f".{pid}.counters"):
        sys.exit(f"recover_all: {counters} holds pid {pid}")
    work = [r for r in report["regions"] if r["name"] == "work"]
    recovered = report["recovered"]
    lines.append(f"{roles.get(pid, 'process')}: work calls={work[0]['calls'] if work else 0}"
                 f" running={recovered['threads_running']} ended={recovered['threads_ended']}")
for line in sorted(lines):
    print(line)
