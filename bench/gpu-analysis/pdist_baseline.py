#!/usr/bin/python3
"""What a user would write instead of energy-gpu for the same data: numpy and scipy's pdist.

The per-thread counts are those of BenchGpuAnalysis.cpp (1,000,448 threads x 100 blocks, behaviour
class c = ((t * 2654435761) mod 2^32) >> 22; block b runs once when b % 3 == 0, otherwise
1 + (bit b % 10 of c) * (1 + b % 4) times: 1,024 distinct rows).
Prints one line per figure:
  numpy.build_seconds      building the 1M x 100 matrix
  numpy.unique_seconds     grouping identical rows (np.unique over rows)
  scipy.pdist_unique_*     pdist + squareform over the distinct rows (what energy-gpu computes)
  scipy.pdist_sample_*     pdist over a 10,000-thread sample, and the full 1M-thread pdist
                           extrapolated from it (time grows with the square of the threads)
"""
import resource
import sys
import time

import numpy as np
from scipy.spatial.distance import pdist, squareform

THREADS, BLOCKS, SAMPLE = 977 * 1024, 100, 10_000


def counts():
    t = np.arange(THREADS, dtype=np.uint64)
    c = ((t * np.uint64(2654435761)) & np.uint64(0xFFFFFFFF)) >> np.uint64(22)
    b = np.arange(BLOCKS, dtype=np.uint64)
    bit = (c[:, None] >> (b[None, :] % np.uint64(10))) & np.uint64(1)
    m = np.uint64(1) + bit * (np.uint64(1) + b[None, :] % np.uint64(4))
    m[:, b % 3 == 0] = 1
    return m.astype(np.float64)


def main():
    start = time.perf_counter()
    m = counts()
    print(f"numpy.build_seconds {time.perf_counter() - start:.3f}")

    start = time.perf_counter()
    unique, inverse, multiplicity = np.unique(m, axis=0, return_inverse=True, return_counts=True)
    print(f"numpy.unique_seconds {time.perf_counter() - start:.3f}")
    print(f"numpy.distinct_rows {len(unique)}")

    start = time.perf_counter()
    d = squareform(pdist(unique, "euclidean"))
    print(f"scipy.pdist_unique_seconds {time.perf_counter() - start:.3f}")
    print(f"scipy.pdist_unique_max {d.max():.6f}")

    start = time.perf_counter()
    pdist(m[:SAMPLE], "euclidean")
    sample = time.perf_counter() - start
    full = sample * (THREADS / SAMPLE) ** 2
    pairs = THREADS * (THREADS - 1) / 2
    print(f"scipy.pdist_sample_threads {SAMPLE}")
    print(f"scipy.pdist_sample_seconds {sample:.3f}")
    print(f"scipy.pdist_full_extrapolated_seconds {full:.0f}")
    print(f"scipy.pdist_full_condensed_gib {pairs * 8 / 2**30:.0f}")
    print(f"python.peak_rss_mib {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
