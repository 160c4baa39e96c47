#!/bin/sh
# Per-region counter cost: one region's enter+exit pair through libenergyrt, with the counters
# off and with ENERGY_REGION_EVENTS (software events: read(2); hardware events use rdpmc where the
# kernel allows). With OTHER_LIB_DIR, the same binary also runs against that directory's
# libenergyrt.so (for instance a build from before a change) as an A/B of the unset hot path.
# Usage: bench/meters/region-cost.sh [BUILD_DIR] [PAIRS] [OTHER_LIB_DIR]   (default: build 2000000)
set -e
build=${1:-build}
pairs=${2:-2000000}
ninja -C "$build" energy-region-bench
bench="$build/bin/energy-region-bench"
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
export ENERGY_QUIET=1 ENERGY_SAMPLE_MS=0 ENERGY_REPORT="$reports/report.%p.json"
taskset -c 0 "$bench" "$pairs"
if [ -n "$3" ]; then
  echo "against $3:"
  LD_LIBRARY_PATH="$3" taskset -c 0 "$bench" "$pairs"
fi
for events in task-clock task-clock,page-faults default; do
  ENERGY_REGION_EVENTS=$events taskset -c 0 "$bench" $((pairs / 20))
done
