"""Prints how many times the fork child's recovered report (recover_all.py wrote DIR/*.json) says
the loops of main were entered. Usage: fork_child_loops.py PIDS DIR (PIDS: lines "ROLE PID")."""
import glob
import json
import os
import sys

with open(sys.argv[1]) as f:
    roles = {role: int(pid) for role, pid in (line.split() for line in f if line.strip())}
for path in sorted(glob.glob(os.path.join(sys.argv[2], "*.counters.json"))):
    report = json.load(open(path))
    if report["program"]["pid"] != roles["child"]:
        continue
    loops = [r for r in report["regions"] if r["kind"] == "loop" and r["name"].startswith("main:")]
    print("child: main's loops entered", sum(r["calls"] for r in loops))
