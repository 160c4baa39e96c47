#!/usr/bin/env bash
# Installs, from Debian 12's own archive, every package EnergyPass needs to build, test and
# benchmark, and from the npm registry the one viewer a test opens exports in (speedscope).
# Idempotent: what is present already is left alone and apt and npm are not touched at all.
# Run as root (CI and fresh machines are root). Usage: scripts/install-deps.sh
set -euo pipefail

packages=(
  cmake ninja-build g++ git
  clang-19 llvm-19-dev llvm-19-tools libclang-rt-19-dev   # the pass, lit and FileCheck
  clang-format-19                                          # the style test (.clang-format)
  libomp-19-dev                                            # OpenMP programs in the tests
  libeigen3-dev nlohmann-json3-dev libcli11-dev libgtest-dev # libraries
  libxgboost-dev                                           # tree ensembles for energy-train
  libpfm4-dev                                              # event names for energy-stat
  libboost-context-dev                                     # CUDA emulator fibers
  liblzma-dev                                              # xz-compressed GPU traces
  libprotobuf-dev protobuf-compiler zlib1g-dev             # energy-report export --format pprof
  valgrind likwid python3 python3-scipy python3-sklearn bc   # benchmarks (scikit-learn: bench/train)
  dpkg-dev                                                 # dpkg-source: bench's Lua and zlib
  chromium                                                 # headless check of plots and viewers
  openmpi-bin libopenmpi-dev                               # MPI jobs: PMPI layer, test/e2e/mpi
  mpich libmpich-dev pkgconf                               # the same under MPICH; pkg-config finds both
)

# The viewer export-viewer.test loads exports into (its page, dist/release/index.html), pinned so
# that the check sees the same viewer every day.
speedscope_version=1.25.0

install_speedscope() {
  local root
  root=$(npm root -g)
  if [[ -f $root/speedscope/package.json ]] &&
     grep -q "\"version\": \"$speedscope_version\"" "$root/speedscope/package.json"; then
    return 0
  fi
  echo "install-deps: installing speedscope@$speedscope_version from the npm registry"
  npm install -g --silent --no-audit --no-fund "speedscope@$speedscope_version" >/dev/null
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm fetches speedscope and the bench's SQLite. Debian's package, unless a Node.js that brings its
# own npm (NodeSource's) is installed already: the two conflict.
command -v npm >/dev/null || missing+=(npm)

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  install_speedscope
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
install_speedscope
