"""Prints the names of a report's threads, sorted, whether each has its CPU time, and whether the
report is a snapshot."""
import json
import sys

report = json.load(open(sys.argv[1]))
print("snapshot", "snapshot" in report)
print("names", " ".join(sorted(t["name"] for t in report["thread_breakdown"])))
print("cpu times", " ".join("known" if t["cpu_time_s"] else "null" for t in report["thread_breakdown"]))
