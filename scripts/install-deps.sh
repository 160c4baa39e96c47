#!/usr/bin/env bash
# Installs, from Debian 12's own archive, every package EnergyPass needs to build, test and
# benchmark. Idempotent: packages already present are left alone and apt is not touched at all.
# Run as root (CI and fresh machines are root). Usage: scripts/install-deps.sh
set -euo pipefail

packages=(
  cmake ninja-build g++ git
  clang-19 llvm-19-dev llvm-19-tools libclang-rt-19-dev   # the pass, lit and FileCheck
  libeigen3-dev nlohmann-json3-dev libcli11-dev libgtest-dev # libraries
  libxgboost-dev                                           # tree ensembles for energy-train
  libpfm4-dev                                              # event names for energy-stat
  libboost-context-dev                                     # CUDA emulator fibers
  liblzma-dev                                              # xz-compressed GPU traces
  libprotobuf-dev protobuf-compiler zlib1g-dev             # energy-report export --format pprof
  valgrind likwid python3 python3-scipy python3-sklearn bc   # benchmarks (scikit-learn: bench/train)
  chromium                                                 # headless check of roofline plots
  openmpi-bin libopenmpi-dev                               # MPI jobs: PMPI layer, test/e2e/mpi
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps: missing packages (${missing[*]}); run this script as root" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
