#!/usr/bin/env python3
"""Reads REPORT over and over while COMMAND (which prints "ready", then replaces REPORT many
times) runs, and says whether every read found a whole report and whether a temporary file was
left beside it.

Usage: whole_reports.py REPORT COMMAND..."""
import json
import os
import subprocess
import sys

report, command = sys.argv[1], sys.argv[2:]
directory = os.path.dirname(report) or "."
child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
assert child.stdout.readline().strip() == "ready"
reads, broken = 0, []
while child.poll() is None:
    try:
        with open(report) as f:
            text = f.read()
    except FileNotFoundError:
        continue
    reads += 1
    try:
        json.loads(text)
    except ValueError:
        broken.append(len(text))
rest = child.stdout.read()
if child.returncode != 0 or "failed dumps: 0" not in rest:
    sys.exit(f"whole_reports: the command ended {child.returncode}: {rest!r}")
print("every read was a whole report" if not broken and reads else
      f"{len(broken)} of {reads} reads were partial ({broken[:5]} characters)")
left = [f for f in os.listdir(directory) if ".tmp." in f]
print("no temporary file left" if not left else f"left: {left}")
