"""Prints a report's idle power, then the active and idle measured energy of waiter and of
burn (its regions, loops included)."""
import json
import sys

report = json.load(open(sys.argv[1]))
print("idle power %.1f W" % report["totals"]["energy_j"]["idle_power_w"])
for function in ("waiter", "burn"):
    regions = [r for r in report["regions"] if r["name"].split(":")[0] == function]
    measured = sum(r["energy_j"]["measured"] for r in regions)
    idle = sum(r["energy_j"]["measured_idle"] for r in regions)
    print("%s active %.2f J idle %.1f J" % (function, measured - idle, idle))
