#!/usr/bin/env bash
# `energy-report merge` over a job of many ranks: builds examples/demo/cg.c with energycc, runs it
# once for a template rank report, generates jobs of 256, 1,024 and 4,096 rank reports from it
# (generate_ranks.py) and prints, per job, the merge's wall time and maximum resident set size
# (/usr/bin/time -v) and the sizes of the inputs and of the job report.
# Usage: bench/merge-scale/run.sh [BUILD_DIR] [RANKS...]     (defaults: build, 256 1024 4096)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
shift || true
sizes=("$@")
((${#sizes[@]})) || sizes=(256 1024 4096)
for tool in energycc energy-report; do
  if [[ ! -x $build/bin/$tool ]]; then
    echo "run.sh: $build/bin/$tool not found: build it first (ninja -C $build $tool)" >&2
    exit 2
  fi
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$build/bin/energycc" -O2 -g "$root/examples/demo/cg.c" -o "$out/cg" -lm
ENERGY_REPORT="$out/template.json" "$out/cg" 128 50 >/dev/null
echo "template: $(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(len(r['regions']), 'regions,', len(r['call_tree']), 'call paths')" "$out/template.json"), $(du -k "$out/template.json" | cut -f1) KiB"
printf '%8s %10s %10s %12s %12s\n' ranks wall_s max_rss_MiB inputs_MiB job_KiB
for n in "${sizes[@]}"; do
  rm -rf "$out/ranks" "$out/job.json"
  python3 "$here/generate_ranks.py" "$out/template.json" "$n" "$out/ranks"
  /usr/bin/time -v -o "$out/time" "$build/bin/energy-report" merge "$out/ranks" -o "$out/job.json"
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$out/time")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$out/time")
  printf '%8s %10s %10s %12s %12s\n' "$n" "$wall" "$rss" "$(du -sm "$out/ranks" | cut -f1)" "$(du -k "$out/job.json" | cut -f1)"
done
