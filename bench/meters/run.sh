#!/bin/sh
# Sampler overhead: the compute loop with and without the 20 ms sampler, in one run, pinned to
# one core so that the sampler competes with the loop (the worst case).
# Usage: bench/meters/run.sh [BUILD_DIR] [REPS] [WORK_MS] [PERIOD_MS]   (default: build 15 400 20)
set -e
build=${1:-build}
ninja -C "$build" energy-meters-bench
taskset -c 0 "$build/bin/energy-meters-bench" "${2:-15}" "${3:-400}" "${4:-20}"
