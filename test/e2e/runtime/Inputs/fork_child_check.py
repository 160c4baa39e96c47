"""Prints what the fork child's report (the one whose pid is not the parent's, which the program's
output names on its line "parent PID") says of the loop the child ran in main, and of its thread."""
import json
import os
import sys

parent_pid = int(open(sys.argv[1]).read().split("parent ")[1].split()[0])
for name in sorted(os.listdir(sys.argv[2])):
    path = os.path.join(sys.argv[2], name)
    report = json.load(open(path))
    program = report["program"]
    if program["pid"] == parent_pid:
        continue
    loops = [r for r in report["regions"] if r["kind"] == "loop" and r["name"].startswith("main:")]
    calls = sum(r["calls"] for r in loops)
    flops = report["totals"]["counts"]["flops_by_kind"]
    print("child loop calls", calls)
    print("child flops div", flops["div"], "addsub", flops["addsub"])
    thread = report["thread_breakdown"][0]
    print("child thread is the child", thread["tid"] == program["pid"])
    print("child thread named", thread["name"] == program["path"].rsplit("/", 1)[1])
