#!/bin/bash
# examples/cuda/gpu-check.sh - Run the CUDA examples on a real GPU and under the emulator, and
# compare. The GPU machine has no clang, so the binaries are built here and carried there:
#
#   examples/cuda/gpu-check.sh build BUILD_DIR OUT_DIR   # here: sm_90 and emulated binaries
#   examples/cuda/gpu-check.sh run OUT_DIR               # there: runs both, prints one line each
#
# `run` prints "NAME gpu=PASS emu=PASS same-output=yes|no" per example (the outputs differ only
# where the example prints timings) and exits 1 if any example fails on either side.
set -euo pipefail
examples=(vector_add reduction histogram matmul_tiled divergence warp_shuffle grid_stride stencil_2d)
here=$(cd "$(dirname "$0")" && pwd)

case "${1:-}" in
build)
  build=${2:?usage: gpu-check.sh build BUILD_DIR OUT_DIR}
  out=${3:?usage: gpu-check.sh build BUILD_DIR OUT_DIR}
  mkdir -p "$out"
  for name in "${examples[@]}"; do
    "$build/bin/energy-cuda-flow" --cuda-gpu-arch sm_90 "$here/$name.cu" -o "$out/$name.gpu" -- -O2
    "$build/bin/energy-cuda-flow" --emulate "$here/$name.cu" -o "$out/$name.emu" -- -O2
  done
  # The GPU binaries find libcudart through their rpath; carry it along for machines without it.
  cp -L /usr/local/cuda/lib64/libcudart.so.13 "$out/" 2>/dev/null || true
  ;;
run)
  out=${2:?usage: gpu-check.sh run OUT_DIR}
  export LD_LIBRARY_PATH="$out${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  failed=0
  for name in "${examples[@]}"; do
    gpu=FAIL emu=FAIL
    "$out/$name.gpu" >"$out/$name.gpu.txt" 2>&1 && gpu=PASS
    "$out/$name.emu" >"$out/$name.emu.txt" 2>&1 && emu=PASS
    same=no
    cmp -s "$out/$name.gpu.txt" "$out/$name.emu.txt" && same=yes
    echo "$name gpu=$gpu emu=$emu same-output=$same"
    [[ $gpu == PASS && $emu == PASS ]] || failed=1
  done
  exit $failed
  ;;
*)
  echo "usage: gpu-check.sh build BUILD_DIR OUT_DIR | gpu-check.sh run OUT_DIR" >&2
  exit 2
  ;;
esac
