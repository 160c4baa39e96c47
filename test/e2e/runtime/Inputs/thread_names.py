"""Prints the names of a report's threads, sorted, and whether it is a snapshot."""
import json
import sys

report = json.load(open(sys.argv[1]))
print("snapshot", "snapshot" in report)
print("names", " ".join(sorted(t["name"] for t in report["thread_breakdown"])))
