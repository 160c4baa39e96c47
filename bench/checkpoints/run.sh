#!/bin/sh
# What checkpoints cost (bench/README.md, "Checkpoints"): what a copy of the process costs per MiB
# (its clone, the copy-on-write faults after it), the time of one snapshot (the work of one
# checkpoint, waited for), and the CPU time of a long run without checkpoints, with one every
# second and with the default period, the process's own and its copies', interleaved.
# Usage: bench/checkpoints/run.sh [BUILD_DIR] [MIB] [ROUNDS] [RUNS]
set -eu
build=${1:-build}
mib=${2:-256}
rounds=${3:-60}
runs=${4:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build/bin/energycc" -O2 "$(dirname "$0")/checkpoint_cost.c" -o "$out/checkpoint_cost"
export ENERGY_REPORT_DIR="$out/reports"
echo "copy, $mib MiB touched: $(ENERGY_CHECKPOINT=0 "$out/checkpoint_cost" clone "$mib" 10)"
echo "snapshot, $mib MiB touched: $(ENERGY_CHECKPOINT=0 "$out/checkpoint_cost" dump "$mib" 20)"
for run in $(seq "$runs"); do
  for period in 0 1 default; do
    setting=ENERGY_CHECKPOINT=$period
    [ "$period" = default ] && setting=ENERGY_UNSET=
    start=$(date +%s.%N)
    line=$(env -u ENERGY_CHECKPOINT "$setting" "$out/checkpoint_cost" work "$mib" "$rounds")
    end=$(date +%s.%N)
    echo "run $run $period: wall $(echo "$end - $start" | bc) s, CPU $line"
  done
done
