#!/bin/bash
# test/e2e/cuda-device/gpu-check.sh - Per-thread block counts on a real GPU against the emulator.
#
# The GPU machine (an H200, sm_90, CUDA 13 driver) has no clang, so everything is built here,
# carried there in one folder, and run there:
#
#   test/e2e/cuda-device/gpu-check.sh build BUILD_DIR OUT_DIR   # here, with clang-19 and CUDA 13
#   OUT_DIR/gpu-check.sh run OUT_DIR                            # there
#
# `build` compiles each example of examples/cuda with energyc++ twice, for sm_90 (the real-GPU
# collector, cuda/device/src/GpuCollector.cpp) and with --cuda-emulate, at -O0 so that both
# builds have the same control flow, in thread mode and in warp mode; it copies the libraries
# the programs need (libenergyrt, libcudart, Boost.Context) and the comparer next to them.
# `run` runs both builds of each, writes their GPU profiles, and compares every thread's count
# of every block (compare_profiles.py), printing one line per example and mode:
#   NAME MODE gpu=PASS emu=PASS counts=OK gpu_ms=12 emu_ms=340
# and exits 1 if any program fails or any count differs. docs/cuda.md says more.
set -euo pipefail
examples=(vector_add reduction histogram matmul_tiled divergence warp_shuffle grid_stride stencil_2d)
modes=(thread warp)
here=$(cd "$(dirname "$0")" && pwd)

usage() {
  echo "usage: gpu-check.sh build BUILD_DIR OUT_DIR | gpu-check.sh run OUT_DIR" >&2
  exit 2
}

build() {
  local build=$1 out=$2 src=$here/../../../examples/cuda
  [[ -x $build/bin/energyc++ ]] || { echo "gpu-check: no $build/bin/energyc++; build EnergyPass first" >&2; exit 2; }
  mkdir -p "$out"
  for mode in "${modes[@]}"; do
    for name in "${examples[@]}"; do
      "$build/bin/energyc++" -O0 -mllvm -energy-gpu-mode="$mode" "$src/$name.cu" -o "$out/$name.$mode.gpu"
      "$build/bin/energyc++" --cuda-emulate -O0 -mllvm -energy-gpu-mode="$mode" "$src/$name.cu" \
        -o "$out/$name.$mode.emu"
    done
  done
  # The programs find these through LD_LIBRARY_PATH there (their rpath names this machine's).
  cp -L "$build"/lib/libenergyrt.so* "$out/"
  ldd "$out/vector_add.thread.gpu" "$out/vector_add.thread.emu" |
    awk '/libcudart|libboost_context/ { print $3 }' | sort -u | xargs -r -I{} cp -L {} "$out/"
  cp "$here/compare_profiles.py" "$here/gpu-check.sh" "$out/"
  # Debug information is most of their size, and the folder has to be carried.
  if command -v strip >/dev/null; then
    strip -g "$out"/*.gpu "$out"/*.emu "$out"/libenergyrt.so*
  fi
  echo "gpu-check: built ${#examples[@]} examples x ${#modes[@]} modes x {gpu, emu} in $out"
}

# Runs one program; prints its wall time in milliseconds, or FAIL.
run_one() {
  local program=$1 profile=$2 start end
  start=$(date +%s%N)
  if ENERGY_GPU_PROFILE=$profile ENERGY_REPORT=$profile.report.json ENERGY_SAMPLE_MS=0 \
      "$program" >"$profile.out" 2>&1; then
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
  else
    echo FAIL
  fi
}

run() {
  local out=$1 failed=0
  export LD_LIBRARY_PATH="$out${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  for mode in "${modes[@]}"; do
    for name in "${examples[@]}"; do
      local base=$out/$name.$mode gpu emu counts=SKIPPED
      gpu=$(run_one "$base.gpu" "$base.gpu.json")
      emu=$(run_one "$base.emu" "$base.emu.json")
      if [[ $gpu != FAIL && $emu != FAIL ]]; then
        if python3 "$out/compare_profiles.py" "$base.gpu.json" "$base.emu.json" >"$base.compare.txt" 2>&1; then
          counts=OK
        else
          counts=DIFFERENT
        fi
      fi
      echo "$name $mode gpu=$([[ $gpu == FAIL ]] && echo FAIL || echo PASS)" \
        "emu=$([[ $emu == FAIL ]] && echo FAIL || echo PASS) counts=$counts gpu_ms=$gpu emu_ms=$emu"
      [[ $counts == OK ]] || failed=1
    done
  done
  return $failed
}

case "${1:-}" in
build) [[ $# -eq 3 ]] || usage; build "$2" "$3" ;;
run) [[ $# -eq 2 ]] || usage; run "$2" ;;
*) usage ;;
esac
