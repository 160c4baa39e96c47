#!/bin/sh
# Builds the noisy program (and its 30% heavier variant) and the seeded one with energycc in $1,
# runs them five times a side, interleaved so that the machine's drift falls on both sides, and
# prints each gate's exit status and table.
set -u
W=$1 S=$(dirname "$0")
rm -rf "$W" && mkdir -p "$W" || exit 1
energycc -O2 -g "$S/noisy.c" -o "$W/noisy" &&
  energycc -O2 -g -DWORK_PERCENT=130 "$S/noisy.c" -o "$W/heavier" &&
  energycc -O2 -g "$S/seeded.c" -o "$W/seeded" || exit 1
runs() { # DIR BASE NEW ARG [RUNS, default 5]
  mkdir -p "$1"
  for i in $(seq "${5:-5}"); do
    ENERGY_QUIET=1 ENERGY_REPORT="$1/base-$i.json" "$2" "$4" >/dev/null || exit 1
    ENERGY_QUIET=1 ENERGY_REPORT="$1/new-$i.json" "$3" "$4" >/dev/null || exit 1
  done
}
gate() { # DIR DIFF-OPTIONS...
  D=$1; shift
  energy-report diff --base "$D/base-*.json" --new "$D/new-*.json" "$@" 2>&1
  echo "gate exit $?"
}
for trial in 1 2 3; do
  echo "== unchanged, trial $trial"
  runs "$W/same-$trial" "$W/noisy" "$W/noisy" 6000
  gate "$W/same-$trial" --metric energy,time,flops,instructions \
    --fail-on energy,time,flops,bytes,instructions,dynamic-energy
done
echo "== one run a side"
energy-report diff "$W/same-1/base-1.json" "$W/same-1/new-1.json" --fail-on energy,time,flops
echo "gate exit $?"
echo "== seeded by time"
# Its counts vary by about 30% from run to run, which the threshold cannot absorb: at 5 runs a side
# and p <= 0.01 each varying row would fail by chance once in 252 runs of the test (all five new
# runs above all five base runs), and several rows vary. 8 runs a side at p <= 0.001 make that
# about once in a thousand per row.
runs "$W/runs-seeded" "$W/seeded" "$W/seeded" 2000 8
gate "$W/runs-seeded" --metric instructions --fail-on instructions,bytes,dynamic-energy,energy \
  --significance 0.001
echo "== 30% more work in hot"
runs "$W/runs-heavier" "$W/noisy" "$W/heavier" 40000
gate "$W/runs-heavier" --metric energy --fail-on energy
