"""Prints what a report says of its threads: the counts, then one line per thread by name."""
import json
import sys

report = json.load(open(sys.argv[1]))
threads = report["thread_breakdown"]
print("threads", report["threads"], "instrumented", report["threads_instrumented"])
total = report["totals"]["counts"]["instructions"]
print("instructions add up", sum(t["instructions"] for t in threads) == total)
by_name = {t["name"]: t for t in threads}
big, small = by_name["big"]["instructions"], by_name["small"]["instructions"]
print("big over small %.2f" % (big / small))
for name in ("big", "small", "helper"):
    t = by_name[name]
    print(name, "instrumented" if t["instrumented"] else "not instrumented",
          "cpu", t["cpu_time_s"] is not None)
