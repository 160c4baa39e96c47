#!/usr/bin/env bash
# Compile-time cost of the EnergyPass plugin: compiles each workload with plain clang-19 -O2 and
# with the plugin (default options: loop regions and the 200-instruction threshold; and every
# function a timed region, energycc --energy-regions=all), REPS times each, and prints the median
# CPU times (user + system, less sensitive than wall time to other jobs on a shared machine) and
# their ratios.
# Usage: bench/compile-time/run.sh [BUILD_DIR] [REPS]     (defaults: build, 5)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
reps=${2:-5}
plugin=$build/lib/libEnergyPass.so
if [[ ! -f $plugin ]]; then
  echo "run.sh: $plugin not found: build the EnergyPass target first (ninja -C $build EnergyPass)" >&2
  exit 2
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# time_compile COMPILER SOURCE FLAGS...: median CPU seconds over $reps compiles.
time_compile() {
  local compiler=$1 source=$2; shift 2
  for _ in $(seq "$reps"); do
    /usr/bin/time -f '%U %S' -o "$out/time" "$compiler" -O2 -I"$root/include" -c "$source" \
      -o "$out/o.o" "$@"
    awk '{print $1 + $2}' "$out/time"
  done | median
}

printf '%-22s %9s %9s %7s %9s %7s\n' workload plain_s plugin_s ratio all_s ratio
for source in "$root"/examples/c/*.c "$here"/stl_heavy.cpp; do
  compiler=clang-19
  [[ $source == *.cpp ]] && compiler=clang++-19
  plain=$(time_compile $compiler "$source")
  with=$(time_compile $compiler "$source" -fpass-plugin="$plugin")
  all=$(time_compile $compiler "$source" -fpass-plugin="$plugin" -Xclang -load -Xclang "$plugin" \
    -mllvm -energy-min-instructions=0)
  printf '%-22s %9.3f %9.3f %7.3f %9.3f %7.3f\n' "$(basename "$source")" "$plain" "$with" \
    "$(echo "$with / $plain" | bc -l)" "$all" "$(echo "$all / $plain" | bc -l)"
done
