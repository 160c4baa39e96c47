#!/usr/bin/env bash
# Configures and builds EnergyPass with clang-19 into build/ (or $ENERGY_BUILD_DIR): everything, or
# only the targets named (scripts/build.sh energycc energy-report) and what they need.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${ENERGY_BUILD_DIR:-build}
if [[ ! -f $build/build.ninja ]]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
fi
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build "$build" -j "$(nproc)" "${targets[@]}"
