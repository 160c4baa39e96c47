#!/usr/bin/env bash
# Usage: build_and_check.sh OUTDIR EXAMPLES_DIR CHECKER -- FLAGS...
# Builds each example named on stdin in device mode under the emulator, runs
# it, and checks its GPU profile; prints "<example>: <checker's last line>".
set -euo pipefail
out=$1 examples=$2 checker=$3
shift 4
while read -r ex; do
  energy-cuda-flow --emulate "$examples/$ex.cu" -o "$out/$ex" -- "$@"
  ENERGY_REPORT="$out/$ex.report.json" ENERGY_GPU_PROFILE="$out/$ex.json" "$out/$ex" >"$out/$ex.out"
  echo "$ex: $(python3 "$checker" "$out/$ex.json" | tail -n 1)"
done
