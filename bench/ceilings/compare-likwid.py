#!/usr/bin/env python3
"""Compares energy-ceilings with likwid-bench, kernel by kernel, in one run.

For each likwid-bench kernel this CPU supports (AVX-512 variants, else AVX/AVX2, else SSE), at
L1, L2 and DRAM working sets, runs likwid-bench and `energy-ceilings --measure` on the same
working set and thread count, alternating, ROUNDS times, keeps each tool's best figure and prints
ours / likwid's. The bar (docs/roofline.md, DESIGN.md section 4) is a ratio of at least 0.95.

Usage: bench/ceilings/compare-likwid.py [--build build] [--rounds 5] [--threads 1] [--json out.json]
"""
import argparse
import json
import os
import re
import subprocess
import sys

KB = 1000  # likwid-bench's kB is 1000 bytes ("1000kB" is 999424 bytes after rounding to its stride)
SIZES = {"L1": 32 * KB, "L2": 1000 * KB, "DRAM": 1000000 * KB}


def cpu_flags():
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    return set()


def kernel_pairs(flags):
    """(likwid kernel, our --measure name, levels) for the widest ISA this CPU has."""
    if "avx512f" in flags:
        wide, fma_suffix, ours_isa = "avx512", "avx512_fma", "avx512"
    elif "avx2" in flags and "fma" in flags:
        wide, fma_suffix, ours_isa = "avx", "avx_fma", "avx2"
    else:
        wide, fma_suffix, ours_isa = "sse", "sse", "sse"
    fma = "-fma" if ours_isa != "sse" else ""
    return [
        (f"peakflops_{fma_suffix}", f"peak-double-{ours_isa}{fma}", ["L1"]),
        (f"peakflops_sp_{fma_suffix}", f"peak-float-{ours_isa}{fma}", ["L1"]),
        (f"load_{wide}", "load", ["L1", "L2", "DRAM"]),
        (f"copy_{wide}", "copy", ["L1", "L2", "DRAM"]),
        (f"copy_mem_{wide}", "copy-nt", ["DRAM"]),
        (f"triad_{fma_suffix}", "triad", ["L1", "L2", "DRAM"]),
        (f"triad_mem_{fma_suffix}", "triad-nt", ["DRAM"]),
    ]


def likwid_iterations(kernel, size):
    """A few milliseconds per run in caches (a few passes in DRAM): short runs, repeated, survive
    a busy machine; likwid-bench's default of about a second rarely does. A peakflops iteration
    does 30 FLOPs per 8-byte element, a streaming one moves the whole working set."""
    if kernel.startswith("peakflops"):
        return max(10, int(6.4e7 // size))
    return max(2, int(5e8 // size))


def likwid(kernel, size, threads):
    out = subprocess.run(["likwid-bench", "-t", kernel, "-w", f"S0:{size // KB}kB:{threads}",
                          "-i", str(likwid_iterations(kernel, size))],
                         capture_output=True, text=True, timeout=300).stdout
    unit = "MFlops/s" if kernel.startswith("peakflops") else "MByte/s"
    match = re.search(re.escape(unit) + r":\s+([0-9.]+)", out)
    return float(match.group(1)) / 1000 if match else None


def ours(binary, name, size, threads):
    out = subprocess.run([binary, "--measure", name, "--working-set", str(size), "--threads",
                          str(threads), "--budget", "1"], capture_output=True, text=True,
                         timeout=300).stdout
    match = re.search(r": ([0-9.eE+]+) (GB/s|GFLOP/s)", out)
    return float(match.group(1)) if match else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()
    binary = os.path.join(args.build, "bin", "energy-ceilings")
    if not os.access(binary, os.X_OK):
        sys.exit(f"compare-likwid: {binary} not found; build it first (scripts/build.sh)")

    rows = []
    with open("/proc/loadavg") as loadavg:
        load_before = loadavg.read().split()[0]
    for kernel, name, levels in kernel_pairs(cpu_flags()):
        for level in levels:
            size = SIZES[level]
            best_likwid = best_ours = 0.0
            for _ in range(args.rounds):
                best_likwid = max(best_likwid, likwid(kernel, size, args.threads) or 0.0)
                best_ours = max(best_ours, ours(binary, name, size, args.threads) or 0.0)
            ratio = best_ours / best_likwid if best_likwid else float("nan")
            rows.append({"likwid_kernel": kernel, "ours": name, "level": level, "bytes": size,
                         "threads": args.threads, "likwid": best_likwid, "energy_ceilings": best_ours,
                         "ratio": ratio})
            print(f"{kernel:26} {level:5} {size:>11} B  likwid {best_likwid:9.2f}  "
                  f"energy-ceilings {best_ours:9.2f}  ratio {ratio:5.2f}  "
                  f"{'ok' if ratio >= 0.95 else 'BELOW 0.95'}", flush=True)
    with open("/proc/loadavg") as loadavg:
        load_after = loadavg.read().split()[0]
    print(f"load average before {load_before}, after {load_after} "
          f"(on a shared machine both tools lose; compare ratios, not absolutes)")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"rows": rows, "load_before": load_before, "load_after": load_after}, out, indent=1)
    return 0 if all(r["ratio"] >= 0.95 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
