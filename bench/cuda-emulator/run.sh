#!/bin/bash
# bench/cuda-emulator/run.sh - CPU emulator speed in thread blocks per second, per CUDA example.
#
#   bench/cuda-emulator/run.sh [BUILD_DIR] [RUNS]
#
# Builds every examples/cuda/*.cu with `energy-cuda-flow --emulate -- -O2` from BUILD_DIR (default
# build/), runs each RUNS times (default 5) with ENERGY_CUDA_EMU_STATS=1, once on one host thread
# and once on all of them, and prints a Markdown table of medians: blocks per CPU second (CPU time of
# all host threads inside launches: independent of how busy the machine is), blocks per wall-clock
# second on 1 and on all host threads, and CUDA threads per CPU second. Each example must PASS.
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

echo "| example | launches | blocks | CUDA threads | blocks per CPU s | blocks/s wall, 1 host thread | blocks/s wall, $all host threads | CUDA threads per CPU s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for source in "$source_root"/examples/cuda/*.cu; do
  name=$(basename "$source" .cu)
  "$flow" --emulate "$source" -o "$work/$name" -- -O2
  declare -A wall=() cpu=() tcpu=()
  for threads in 1 "$all"; do
    : >"$work/$name.$threads"
    for _ in $(seq "$runs"); do
      ENERGY_CUDA_EMU_THREADS=$threads ENERGY_CUDA_EMU_STATS=1 "$work/$name" \
        >"$work/out" 2>"$work/err"
      grep -q "PASS" "$work/out" || { echo "run.sh: $name did not pass" >&2; exit 1; }
      grep "energy-cuda-emu:" "$work/err" >>"$work/$name.$threads"
    done
    # energy-cuda-emu: L launches, B blocks, T threads in W s (C s CPU): R blocks/s, ...
    wall[$threads]=$(awk '{ print $14 }' "$work/$name.$threads" | median)
    cpu[$threads]=$(awk '{ print $18 }' "$work/$name.$threads" | median)
    tcpu[$threads]=$(awk '{ sub(/^\(/, "", $11); printf "%.0f\n", $6 / $11 }' "$work/$name.$threads" | median)
  done
  read -r launches blocks threads_total < <(awk 'NR == 1 { print $2, $4, $6 }' "$work/$name.1")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$launches" "$blocks" "$threads_total" \
    "${cpu[1]}" "${wall[1]}" "${wall[$all]}" "${tcpu[1]}"
done
