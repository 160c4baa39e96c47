#!/bin/sh
# Configures, builds and gates Inputs/project against the EnergyPass build tree $1, in $2:
# records a baseline, passes the gate, then doubles the work and fails it. Prints each ctest
# outcome; stops at the first unexpected failure.
set -u
ENERGYPASS_BUILD=$1 WORK=$2 CC=$3
PROJECT=$(dirname "$0")/project
rm -rf "$WORK" && mkdir -p "$WORK" || exit 1
configure() {
  cmake -S "$PROJECT" -B "$WORK/build" -G Ninja -DCMAKE_C_COMPILER="$CC" \
    -DEnergyPass_DIR="$ENERGYPASS_BUILD/lib/cmake/EnergyPass" \
    -DAPP_BASELINE="$WORK/baseline.json" -DAPP_WORK="$1" >"$WORK/configure.log" 2>&1 &&
    ninja -C "$WORK/build" >"$WORK/build.log" 2>&1 ||
    { echo "configure or build failed:"; tail -20 "$WORK/configure.log" "$WORK/build.log"; exit 1; }
}
gate() {
  (cd "$WORK/build" && ctest -V -R app-energy >"$WORK/ctest.log" 2>&1)
  echo "gate exit $?"
  cat "$WORK/ctest.log"
}
configure 1000
echo "== no baseline"
gate
echo "== record"
ENERGYPASS_UPDATE_BASELINE=1 gate
echo "== same program"
gate
echo "== twice the work"
configure 2000
gate
