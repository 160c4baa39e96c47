#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (GoogleTest suites, the pass's lit tests,
# the end-to-end tests). The last line printed is ctest's summary.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
build=${ENERGY_BUILD_DIR:-build}
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
