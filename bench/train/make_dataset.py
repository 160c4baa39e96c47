#!/usr/bin/env python3
"""Writes a synthetic energy-train dataset: ROWS runs of PROGRAMS programs, the paper's 22 perf
events as features, power a noisy function of them. Usage: make_dataset.py ROWS OUT.csv"""
import random
import sys

EVENTS = ["cycles", "instructions", "cache-references", "cache-misses", "bus-cycles", "branches",
          "branch-misses", "ref-cycles", "stalled-cycles-backend", "stalled-cycles-frontend",
          "L1-dcache-loads", "L1-dcache-load-misses", "dTLB-loads", "LLC-loads", "LLC-load-misses",
          "LLC-stores", "cpu-clock", "cs", "migrations", "L1-dcache-prefetch-misses",
          "branch-load-misses", "branch-loads"]

def main():
    rows, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(1)
    with open(out, "w") as f:
        f.write("program,seconds,power_w," + ",".join(EVENTS) + "\n")
        for r in range(rows):
            x = [rng.random() * 1e9 for _ in EVENTS]
            power = 60 + 40 * x[0] / 1e9 + 25 * x[3] / 1e9 - 10 * x[6] / 1e9 + rng.gauss(0, 2)
            f.write("p%d,1,%.4f,%s\n" % (r % 200, power, ",".join("%.0f" % v for v in x)))

main()
