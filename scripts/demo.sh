#!/usr/bin/env bash
# The main job, on a bundled example: installs what is missing, builds EnergyPass, compiles the
# conjugate-gradient solver in examples/demo/cg.c with energycc, runs it, and prints its
# per-function energy report and where each function sits on this machine's roofline.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# Only what the demo runs (the wrapper brings the pass and the runtime); scripts/test.sh builds the
# rest, the tests above all.
scripts/build.sh energycc energy-report energy-ceilings
build=${ENERGY_BUILD_DIR:-build}
out=$build/demo
mkdir -p "$out"

echo "== compiling examples/demo/cg.c with energycc -O2"
"$build/bin/energycc" -O2 -g examples/demo/cg.c -lm -o "$out/cg"

# 512 x 512 for 1000 iterations: a second or two of CPU time, so that each hot loop's sampled
# time is known to a few percent (docs/runtime.md, sampled timing).
echo "== running it (report in $out/cg.json)"
ENERGY_REPORT="$out/cg.json" "$out/cg" 512 1000

echo "== per-function report"
"$build/bin/energy-report" show "$out/cg.json"

echo "== roofline (machine ceilings measured once, then cached)"
"$build/bin/energy-ceilings" --quick --no-progress -o "$out/machine.json" >/dev/null
"$build/bin/energy-report" roofline "$out/cg.json" --machine "$out/machine.json" -o "$out/roofline.html"
"$build/bin/energy-report" roofline "$out/cg.json" --machine "$out/machine.json" -o "$out/roofline.svg" >/dev/null
echo "roofline plots: $out/roofline.html (interactive), $out/roofline.svg"
