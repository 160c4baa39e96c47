#!/bin/sh
# Runs the energy-gpu scale benchmark and the numpy/scipy baseline on the same data, in one run,
# pinned to two cores. Usage: bench/gpu-analysis/run.sh [BUILD_DIR]   (default: build)
set -e
build=${1:-build}
here=$(dirname "$0")
ninja -C "$build" energy-gpu-bench
echo "== energy-gpu (C++) =="
taskset -c 0,1 /usr/bin/time -f "process.max_rss_kib %M" "$build/bin/energy-gpu-bench" "${TMPDIR:-/tmp}"
echo "== numpy/scipy =="
# Debian's interpreter: python3-numpy and python3-scipy are installed for it.
taskset -c 0,1 /usr/bin/python3 "$here/pdist_baseline.py"
