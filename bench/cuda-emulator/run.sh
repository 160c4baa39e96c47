#!/bin/bash
# bench/cuda-emulator/run.sh - CPU emulator speed in thread blocks per second, per CUDA example.
#
#   bench/cuda-emulator/run.sh [BUILD_DIR] [RUNS]
#
# Builds every examples/cuda/*.cu with `energy-cuda-flow --emulate -- -O2` from BUILD_DIR (default
# build/), runs each RUNS times (default 5) with ENERGY_CUDA_EMU_STATS=1, once on one host thread
# and once on all of them, and prints a Markdown table of the median blocks/s and threads/s (time
# spent inside launches only, as the emulator measures it). Each example must print PASS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$source_root/build}" && pwd)
runs=${2:-5}
flow="$build/bin/energy-cuda-flow"
if [[ ! -x "$flow" ]]; then
  echo "run.sh: no energy-cuda-flow in $build/bin; build the target energy-cuda-flow first" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
all=$(nproc)

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| example | launches | blocks | threads | blocks/s (1 thread) | blocks/s ($all threads) | threads/s (1 thread) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for source in "$source_root"/examples/cuda/*.cu; do
  name=$(basename "$source" .cu)
  "$flow" --emulate "$source" -o "$work/$name" -- -O2
  declare -A bps=() tps=()
  for threads in 1 "$all"; do
    : >"$work/$name.$threads"
    for _ in $(seq "$runs"); do
      ENERGY_CUDA_EMU_THREADS=$threads ENERGY_CUDA_EMU_STATS=1 "$work/$name" \
        >"$work/out" 2>"$work/err"
      grep -q "PASS" "$work/out" || { echo "run.sh: $name did not pass" >&2; exit 1; }
      grep "energy-cuda-emu:" "$work/err" >>"$work/$name.$threads"
    done
    bps[$threads]=$(awk '{ print $11 }' "$work/$name.$threads" | median)
    tps[$threads]=$(awk '{ print $13 }' "$work/$name.$threads" | median)
  done
  read -r launches blocks threads_total < <(awk 'NR == 1 { print $2, $4, $6 }' "$work/$name.1")
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$launches" "$blocks" "$threads_total" \
    "${bps[1]}" "${bps[$all]}" "${tps[1]}"
done
