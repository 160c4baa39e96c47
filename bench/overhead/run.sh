#!/usr/bin/env bash
# Instrumentation overhead: the suite (examples/ and bench/overhead/programs/: compute kernels
# and call-heavy programs) built with plain clang-19 -O2 and with energycc -O2, run in the same
# session, interleaved. Prints per program the median wall time of each build and their ratio,
# the ratio of the fastest runs (interference on a shared machine only ever adds time), the
# ratio of the median CPU times (user + system: what the process itself ran, without the time
# the hypervisor gave to others),
# and (with --callgrind) the ratio of instructions executed as counted by valgrind
# --tool=callgrind on a smaller size, which is repeatable on a noisy machine. Callgrind counts
# what runs inside main() and in the program's threads (--toggle-collect=main/start_thread, less
# the runtime's starter and sampler threads): the program's work and what instrumentation adds to
# it, not the runtime's fixed start-up, its sampling and the report written at exit, which wall
# time includes. Ends with geomeans. --runs 0 skips the wall times.
# Usage: bench/overhead/run.sh [--callgrind] [--runs N] [--energy-flags "FLAGS"] [--only NAMES]
#   --energy-flags: extra energycc flags for the instrumented build, e.g. "--energy-regions=all"
#   to time every function; --only: comma-separated program names.   (after scripts/build.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${ENERGY_BUILD_DIR:-$root/build}
runs=5
callgrind=0
energy_flags=""
only=""
while (($#)); do
  case $1 in
    --callgrind) callgrind=1 ;;
    --runs) runs=$2; shift ;;
    --energy-flags) energy_flags=$2; shift ;;
    --only) only=",$2,"; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# program | source | arguments (sized for about 1 s each with plain clang on a 2-core VM, so that
# the runtime's fixed cost per process, about 10 ms, does not dominate) | smaller arguments for
# callgrind
p=bench/overhead/programs
suite=(
  "daxpy|examples/c/daxpy.c|4000000 300|1000000 20"
  "dot|examples/c/dot.c|4000000 260|1000000 20"
  "matmul|examples/c/matmul.c|600 5|300 1"
  "stencil2d|examples/c/stencil2d.c|2048 180|1024 10"
  "reduction_threads|examples/c/reduction_threads.c|8000000 2 270|4000000 2 10"
  "cg|examples/demo/cg.c|512 1000|256 200"
  "atax|$p/atax.c|2000 180|1000 8"
  "bicg|$p/bicg.c|2000 175|1000 8"
  "mvt|$p/mvt.c|2000 38|1000 6"
  "gesummv|$p/gesummv.c|2000 140|1000 8"
  "syrk|$p/syrk.c|800 2|250 1"
  "2mm|$p/2mm.c|500 4|200 1"
  "jacobi2d|$p/jacobi2d.c|1000 560|500 20"
  "seidel2d|$p/seidel2d.c|1000 100|500 4"
  "heat3d|$p/heat3d.c|120 210|80 5"
  "fib|examples/c/fib.c|40|27"
  "smallfuncs|$p/smallfuncs.c|150|3"
  "containers|$p/containers.cpp|400000 8|100000 2"
)

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
minimum() { sort -g | head -1; }
# CPU time the hypervisor gave to others while this VM wanted it (/proc/stat's steal, in ticks of
# 10 ms): it lands on whichever build is running, and is the main noise on a shared VM.
steal_ticks() { awk '/^cpu / {print $9}' /proc/stat; }
# Wall time, then user + system CPU time, of one run (bash's time keyword: no extra package).
timed() {
  local TIMEFORMAT='%R %U %S' line
  line=$({ time "$@" >/dev/null 2>&1; } 2>&1 | tail -1)
  awk '{printf "%s %.3f\n", $1, $2 + $3}' <<<"$line"
}
instructions() {
  # The runtime's own threads (the starter's probe, the sampler) toggle collection off again.
  valgrind --tool=callgrind --toggle-collect=main --toggle-collect=start_thread \
    --toggle-collect='energy::rt::Measurement::runStarter*' \
    --toggle-collect='energy::meters::Sampler::run*' \
    --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/vg.log"
  grep -m1 '^summary:' "$work/cg.out" | awk '{print $2}'
}

printf '%-18s %10s %10s %7s %7s %7s' program plain_s energy_s ratio min_rat cpu_rat
((callgrind)) && printf ' %14s %14s %7s' plain_instr energy_instr ratio
echo
log_time=0 log_min=0 log_cpu=0 log_instr=0 count=0
steal_start=$(steal_ticks)
for entry in "${suite[@]}"; do
  IFS='|' read -r name src args small <<<"$entry"
  [[ -z $only || $only == *",$name,"* ]] || continue
  cc=clang-19 ecc=energycc
  [[ $src == *.cpp ]] && cc=clang++-19 ecc=energyc++
  "$cc" -O2 -pthread "$root/$src" -lm -o "$work/$name.plain"
  # shellcheck disable=SC2086 # the flags are words on purpose
  "$build/bin/$ecc" -O2 $energy_flags -pthread "$root/$src" -lm -o "$work/$name.energy"
  : >"$work/p" ; : >"$work/e"
  for ((i = 0; i < runs; ++i)); do
    timed "$work/$name.plain" $args >>"$work/p"
    ENERGY_REPORT="$work/r.json" ENERGY_QUIET=1 timed "$work/$name.energy" $args >>"$work/e"
  done
  if ((runs)); then
    tp=$(cut -d' ' -f1 "$work/p" | median); te=$(cut -d' ' -f1 "$work/e" | median)
    ratio=$(echo "$te / $tp" | bc -l)
    min_ratio=$(echo "$(cut -d' ' -f1 "$work/e" | minimum) / $(cut -d' ' -f1 "$work/p" | minimum)" | bc -l)
    cpu_ratio=$(echo "$(cut -d' ' -f2 "$work/e" | median) / $(cut -d' ' -f2 "$work/p" | median)" | bc -l)
    printf '%-18s %10.3f %10.3f %7.3f %7.3f %7.3f' "$name" "$tp" "$te" "$ratio" "$min_ratio" "$cpu_ratio"
    log_time=$(echo "$log_time + l($ratio)" | bc -l)
    log_min=$(echo "$log_min + l($min_ratio)" | bc -l)
    log_cpu=$(echo "$log_cpu + l($cpu_ratio)" | bc -l)
  else
    printf '%-18s %10s %10s %7s %7s %7s' "$name" - - - - -
  fi
  if ((callgrind)); then
    ip=$(instructions "$work/$name.plain" $small)
    ie=$(ENERGY_REPORT="$work/r.json" ENERGY_QUIET=1 instructions "$work/$name.energy" $small)
    iratio=$(echo "$ie / $ip" | bc -l)
    printf ' %14d %14d %7.3f' "$ip" "$ie" "$iratio"
    log_instr=$(echo "$log_instr + l($iratio)" | bc -l)
  fi
  echo
  count=$((count + 1))
done
if ((runs)); then
  printf 'geomean wall-time ratio: %.3f (medians), %.3f (minima); CPU time (user + system, medians): %.3f\n' \
    "$(echo "e($log_time / $count)" | bc -l)" "$(echo "e($log_min / $count)" | bc -l)" \
    "$(echo "e($log_cpu / $count)" | bc -l)"
  printf 'steal time during the run: %.1f s of CPU taken by the hypervisor\n' \
    "$(echo "($(steal_ticks) - $steal_start) / 100" | bc -l)"
fi
((callgrind)) && printf 'geomean instruction ratio: %.3f\n' "$(echo "e($log_instr / $count)" | bc -l)"
exit 0
