#!/bin/sh
# Sampler overhead: the compute loop with and without the 20 ms sampler, in one run. First
# pinned to one core, so that the sampler takes its time from the loop (the worst case), then
# free to use two cores, as a program on an idle machine would.
# Usage: bench/meters/run.sh [BUILD_DIR] [REPS] [WORK_MS] [PERIOD_MS]   (default: build 15 400 20)
set -e
build=${1:-build}
ninja -C "$build" energy-meters-bench
echo "== pinned to one core =="
taskset -c 0 "$build/bin/energy-meters-bench" "${2:-15}" "${3:-400}" "${4:-20}"
echo "== two cores =="
taskset -c 0,1 "$build/bin/energy-meters-bench" "${2:-15}" "${3:-400}" "${4:-20}"
