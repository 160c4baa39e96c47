#!/usr/bin/env bash
# Instrumentation overhead: the suite (examples/ and bench/overhead/programs/: compute kernels,
# call-heavy programs, and real programs: SQLite, Lua, zlib, a bytecode interpreter, an LZ77
# compressor)
# built with plain clang-19 -O2 and with energycc -O2, and with --compare also with LLVM's PGO
# instrumentation (-fprofile-instr-generate) and SanitizerCoverage
# (-fsanitize-coverage=inline-8bit-counters,pc-table), run in the same session, interleaved.
# Prints per program the median wall time of the plain and energycc builds and their ratio, the
# ratio of the fastest runs (interference on a shared machine only ever adds time), the ratio of
# the median CPU times (user + system: what the process itself ran, without the time the
# hypervisor gave to others), with --compare PGO's and SanitizerCoverage's median wall-time and
# CPU-time ratios to plain, and (with --callgrind) the ratio of instructions executed as counted by
# valgrind --tool=callgrind on a smaller size, which is repeatable on a noisy machine, twice:
# inside main() and the program's threads (--toggle-collect=main/start_thread, less the
# runtime's starter and sampler threads: the program's work and what instrumentation adds to it)
# and for the whole process (start-up, the runtime's threads, the report or profile written at
# exit: what a user pays). Ends with geomeans. --runs 0 skips the wall times.
# Usage: bench/overhead/run.sh [--callgrind] [--compare] [--runs N] [--energy-flags "FLAGS"]
#                              [--suite all|kernels|real] [--only NAMES] [--debug-info]
#                              [--filter-from-run]
#   --energy-flags: extra energycc flags for the instrumented build, e.g. "--energy-regions=all"
#   to time every function; --filter-from-run: the energycc build of each row is built, run
#   once at the callgrind size, and built again with the filter `energy-report filter` writes
#   from that run's report (--energy-filter; docs/tools.md), as a user who builds twice; --suite: the compute kernels, fib and containers (kernels), issue 14's
#   programs (real: sqlite, bytecode, lz77, smallfuncs, lua-fib, lua-strings, lua-sort,
#   lua-return0, zlib), or both (all, the default); --only:
#   comma-separated program names; --debug-info: every build with -g -gdwarf-4 (DWARF 4 for
#   valgrind 3.19), as a user who wants `energy-report annotate` builds: the energycc build
#   then carries its line table and writes `lines` at exit.   (after scripts/build.sh)
#   The SQLite amalgamation is fetched with npm (package better-sqlite3, version
#   $ENERGY_BENCH_SQLITE, default 13.2.0) into $ENERGY_BENCH_CACHE (default
#   ${XDG_CACHE_HOME:-~/.cache}/energypass-bench) the first time, and reused after; Lua and
#   zlib likewise with apt-get source (Debian 12's lua5.4 $ENERGY_BENCH_LUA, default
#   5.4.4-3+deb12u1, and zlib $ENERGY_BENCH_ZLIB, default 1:1.2.13.dfsg-1; dpkg-dev).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${ENERGY_BUILD_DIR:-$root/build}
# Pinned, so that figures from different days measure the same SQLite (3.54.1 in 13.2.0).
sqlite_npm_version=${ENERGY_BENCH_SQLITE:-13.2.0}
# Debian 12's source packages of Lua 5.4.4 and zlib 1.2.13 (pinned for the same reason).
lua_deb_version=${ENERGY_BENCH_LUA:-5.4.4-3+deb12u1}
zlib_deb_version=${ENERGY_BENCH_ZLIB:-1:1.2.13.dfsg-1}
cache=${ENERGY_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/energypass-bench}
runs=5
callgrind=0
compare=0
energy_flags=""
debug_flags=""
filter_from_run=0
row_filter=""
only=""
suite_choice=all
while (($#)); do
  case $1 in
    --callgrind) callgrind=1 ;;
    --compare) compare=1 ;;
    --runs) runs=$2; shift ;;
    --energy-flags) energy_flags=$2; shift ;;
    --suite) suite_choice=$2; shift ;;
    --only) only=",$2,"; shift ;;
    --debug-info) debug_flags="-g -gdwarf-4" ;;
    --filter-from-run) filter_from_run=1 ;;
    -h|--help) sed -n '2,34p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case $suite_choice in
  all|kernels|real) ;;
  *) echo "run.sh: --suite takes all, kernels or real" >&2; exit 2 ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# program | sources (relative to the repository or absolute) | arguments (sized for about 1 s
# each with plain clang on a 2-core VM, so that the runtime's fixed cost per process, about
# 10 ms, does not dominate) | smaller arguments for callgrind | extra compiler flags
p=bench/overhead/programs
sqlite_dir=$cache/sqlite-$sqlite_npm_version
kernels=(
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
  "containers|$p/containers.cpp|400000 8|100000 2"
)
# Lua and zlib as Debian 12 ships them (apt-get source, below): the interpreter built from Lua's
# own list of objects (src/Makefile's CORE_O, LIB_O and LUA_O) with Debian's flags
# (-DLUA_COMPAT_5_3, the linux target's -DLUA_USE_LINUX), the four Lua rows sharing one build of
# each kind; zlib's library sources without the gz* file functions, which the workload does not use.
lua_dir=$cache/lua5.4-$lua_deb_version
zlib_dir=$cache/zlib-${zlib_deb_version#*:}
c_files() { # folder, then file names without .c: their paths, separated by spaces
  local dir=$1
  shift
  for f; do printf '%s/%s.c ' "$dir" "$f"; done
}
lua_sources=$(c_files "$lua_dir/src" lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem \
  lobject lopcodes lparser lstate lstring ltable ltm lundump lvm lzio lauxlib lbaselib lcorolib \
  ldblib liolib lmathlib loadlib loslib lstrlib ltablib lutf8lib linit lua)
zlib_sources=$(c_files "$zlib_dir" adler32 compress crc32 deflate inffast inflate inftrees trees \
  uncompr zutil)
# Lua seeds its string hashes from the time and picks sort pivots from clock() when a partition is
# unbalanced: both are set to constants (the configuration points Lua gives for it) so that every
# run and every build executes the same instructions.
lua_flags="-DLUA_COMPAT_5_3 -DLUA_USE_LINUX -Dluai_makeseed(L)=0u -Dl_randomizePivot()=(~0u)"
l=$root/$p/lua
# Issue 14's shapes: a database (SQLite's 270,000 lines, fetched), an interpreter's dispatch loop,
# a compressor's hash-chain match loop, many small functions (called through pointers); then
# the issue's own table: Lua and zlib (fetched).
real=(
  "sqlite|$p/sqlite_workload.c $sqlite_dir/sqlite3.c|60000 4|5000 2|-I$sqlite_dir"
  "bytecode|$p/bytecode.c|30 80|20 2"
  "lz77|$p/lz77.c|4096 4|256 1"
  "smallfuncs|$p/smallfuncs.c|150|3"
  "lua-fib|$lua_sources|$l/fib.lua 35|$l/fib.lua 24|$lua_flags"
  "lua-strings|$lua_sources|$l/strings.lua 100000 3|$l/strings.lua 100000 1|$lua_flags"
  "lua-sort|$lua_sources|$l/sort.lua 200000 3|$l/sort.lua 200000 1|$lua_flags"
  "lua-return0|$lua_sources|$l/return0.lua|$l/return0.lua|$lua_flags"
  # zlib 1.2.13 defines its functions K&R-style, which clang-19 warns about at every one.
  "zlib|$p/zlib_workload.c $zlib_sources|5120 3|5120 1|-I$zlib_dir -Wno-deprecated-non-prototype"
)
suite=()
[[ $suite_choice == real ]] || suite+=("${kernels[@]}")
[[ $suite_choice == kernels ]] || suite+=("${real[@]}")
selected() { [[ -z $only || $only == *",$1,"* ]]; }

# The amalgamation comes from the npm registry through npm itself (which checks the tarball
# against the registry's integrity hash); only sqlite3.c and sqlite3.h are kept.
fetch_sqlite() {
  [[ -s $sqlite_dir/sqlite3.c && -s $sqlite_dir/sqlite3.h ]] && return 0
  command -v npm >/dev/null || { echo "run.sh: npm is needed to fetch SQLite" >&2; exit 1; }
  mkdir -p "$cache"
  local tarball unpack
  tarball=$cache/better-sqlite3-$sqlite_npm_version.tgz
  if [[ ! -s $tarball ]]; then
    echo "fetching better-sqlite3@$sqlite_npm_version with npm into $cache" >&2
    (cd "$work" && npm pack --silent "better-sqlite3@$sqlite_npm_version" >/dev/null)
    mv "$work/better-sqlite3-$sqlite_npm_version.tgz" "$tarball"
  fi
  unpack=$work/sqlite-unpack
  mkdir -p "$unpack"
  # Listed into a file: grep -q would stop reading early and fail tar with SIGPIPE (pipefail).
  tar -tzf "$tarball" >"$work/listing"
  # Recent versions ship the amalgamation as deps/sqlite3/sqlite3.c; older ones shipped it as
  # deps/sqlite3.tar.gz (extracted at install by deps/extract.js), the same files one archive
  # deeper, so that ENERGY_BENCH_SQLITE may name either.
  if grep -qx 'package/deps/sqlite3/sqlite3.c' "$work/listing"; then
    tar -xzf "$tarball" -C "$unpack" package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h
  elif grep -qx 'package/deps/sqlite3.tar.gz' "$work/listing"; then
    tar -xzf "$tarball" -C "$unpack" package/deps/sqlite3.tar.gz
    tar -xzf "$unpack/package/deps/sqlite3.tar.gz" -C "$unpack"
  else
    echo "run.sh: no SQLite amalgamation in $tarball" >&2
    exit 1
  fi
  local c h
  c=$(find "$unpack" -name sqlite3.c | head -1)
  h=$(find "$unpack" -name sqlite3.h | head -1)
  [[ -n $c && -n $h ]] || { echo "run.sh: sqlite3.c or sqlite3.h missing in $tarball" >&2; exit 1; }
  mkdir -p "$sqlite_dir.tmp"
  cp "$c" "$h" "$sqlite_dir.tmp/"
  rm -rf "$sqlite_dir"
  mv "$sqlite_dir.tmp" "$sqlite_dir"
  rm -rf "$unpack"
}
# Lua and zlib come from Debian's archive through apt itself, with an apt state of the bench's
# own under $cache (no deb-src line is needed in the system's sources, nor root): apt checks the
# index against the archive's signed Release file and the files against the index, dpkg-source
# (dpkg-dev) the files against the .dsc, and applies Debian's patches.
fetch_debian_source() { # package, version, folder to leave the unpacked tree in
  local package=$1 version=$2 dir=$3 apt=$cache/apt
  [[ -d $dir ]] && return 0
  if ! command -v apt-get >/dev/null || ! command -v dpkg-source >/dev/null; then
    echo "run.sh: apt-get and dpkg-source (dpkg-dev) are needed to fetch $package" >&2
    exit 1
  fi
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
  local keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  echo "deb-src [signed-by=$keyring] http://deb.debian.org/debian bookworm main" >"$apt/sources.list"
  local opts=(-q -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o Dir::State::status=/dev/null)
  # The index is fetched again only when it lacks the version (a first run, or a new pin).
  if ! apt-cache "${opts[@]}" showsrc "$package" 2>/dev/null | grep -qx "Version: $version"; then
    echo "fetching Debian 12's source index into $apt" >&2
    apt-get "${opts[@]}" update >&2
  fi
  echo "fetching $package $version with apt-get source into $cache" >&2
  mkdir -p "$work/$package"
  (cd "$work/$package" && apt-get "${opts[@]}" source "$package=$version" >&2)
  local tree
  tree=$(find "$work/$package" -mindepth 1 -maxdepth 1 -type d | head -1)
  [[ -n $tree ]] || { echo "run.sh: apt-get source $package=$version unpacked nothing" >&2; exit 1; }
  # What debian/rules writes before building Lua: the multiarch triplet its luaconf.h includes.
  if [[ $package == lua5.4 ]]; then
    printf '#define DEB_HOST_MULTIARCH "%s"\n' "$(dpkg-architecture -qDEB_HOST_MULTIARCH)" \
      >"$tree/src/lua5.4-deb-multiarch.h"
  fi
  rm -rf "$dir"
  mv "$tree" "$dir"
  rm -rf "${work:?}/$package"
}
for entry in "${suite[@]}"; do
  name=${entry%%|*}
  selected "$name" || continue
  case $name in
    sqlite) fetch_sqlite ;;
    lua-*) fetch_debian_source lua5.4 "$lua_deb_version" "$lua_dir" ;;
    zlib) fetch_debian_source zlib "$zlib_deb_version" "$zlib_dir" ;;
  esac
done

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
minimum() { sort -g | head -1; }
# CPU time the hypervisor gave to others while this VM wanted it (/proc/stat's steal, in ticks of
# 10 ms): it lands on whichever build is running, and is the main noise on a shared VM.
steal_ticks() { awk '/^cpu / {print $9}' /proc/stat; }
# Wall time, then user + system CPU time, of one run (bash's time keyword: no extra package).
# shellcheck disable=SC2317 # called through run_env
timed() {
  local TIMEFORMAT='%R %U %S' line
  line=$({ time "$@" >/dev/null 2>&1; } 2>&1 | tail -1)
  awk '{printf "%s %.3f\n", $1, $2 + $3}' <<<"$line"
}
# Each build runs with what its runtime writes at exit sent into the work folder: energycc's
# report, PGO's raw profile (it is part of the cost, so it is written, not suppressed).
run_env() {
  ENERGY_REPORT="$work/r.json" ENERGY_QUIET=1 LLVM_PROFILE_FILE="$work/pgo.profraw" "$@"
}
instructions() {
  # The runtime's own threads (the starter's probe, the sampler) toggle collection off again.
  run_env valgrind --tool=callgrind --toggle-collect=main --toggle-collect=start_thread \
    --toggle-collect='energy::rt::Measurement::runStarter*' \
    --toggle-collect='energy::meters::Sampler::run*' \
    --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/vg.log"
  grep -m1 '^summary:' "$work/cg.out" | awk '{print $2}'
}
# Everything the process executes in user space, from the dynamic loader to exit.
whole_instructions() {
  run_env valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" \
    >/dev/null 2>"$work/vg.log"
  grep -m1 '^summary:' "$work/cg.out" | awk '{print $2}'
}

builds=(plain energy)
((compare)) && builds+=(pgo cov)
# Builds are without -g: valgrind 3.19 reads DWARF 4 only, and clang-19's default is DWARF 5.
compile() { # program, build, C or C++, extra flags, sources...
  local name=$1 kind=$2 lang=$3 extra=$4
  shift 4
  local cc=clang-19 ecc=energycc
  [[ $lang == c++ ]] && cc=clang++-19 ecc=energyc++
  local flags=(-O2 -pthread)
  # shellcheck disable=SC2206 # the flags are words on purpose
  flags+=($debug_flags)
  # shellcheck disable=SC2206 # the flags are words on purpose
  flags+=($extra)
  local tool=$cc added=()
  case $kind in
    plain) ;;
    energy)
      tool=$build/bin/$ecc
      # shellcheck disable=SC2206 # the flags are words on purpose
      added=($energy_flags)
      [[ -n $row_filter ]] && added+=("--energy-filter=$row_filter")
      ;;
    pgo) added=(-fprofile-instr-generate) ;;
    # Inline 8-bit counters per edge with the table of their PCs: what libFuzzer uses, the
    # closest to our exact counts (a counter increment per edge, no call per edge as
    # trace-pc-guard makes). With no -fsanitize= the driver links its runtime
    # (ubsan_standalone), whose sanitizer_common supplies the init callbacks: the fixed cost a
    # user of SanitizerCoverage alone pays.
    cov) added=("-fsanitize-coverage=inline-8bit-counters,pc-table") ;;
  esac
  "$tool" "${flags[@]}" "${added[@]}" "$@" -lm -o "$work/$name.$kind"
}

((filter_from_run)) && echo "energycc builds: each with the filter energy-report filter wrote from its own run"
printf '%-18s %10s %10s %7s %7s %7s' program plain_s energy_s ratio min_rat cpu_rat
((compare)) && printf ' %7s %7s %7s %7s' pgo_rat pgo_cpu cov_rat cov_cpu
((callgrind)) && printf ' %14s %14s %7s %14s %7s' plain_instr energy_instr ratio plain_whole whole
((callgrind && compare)) && printf ' %7s %7s %7s %7s' pgo pgo_whl cov cov_whl
echo
# Sums of the logarithms of each column's ratios, for the geomeans.
declare -A logs=()
count=0
add_log() { logs[$1]=$(echo "${logs[$1]:-0} + l($2)" | bc -l); }
# Two columns of the comparison builds: prints numerator / denominator of each, and adds them to
# their geomeans. Arguments: per column, its geomean's name, numerator, denominator.
ratio_pair() {
  local first second
  first=$(echo "$2 / $3" | bc -l)
  second=$(echo "$5 / $6" | bc -l)
  printf ' %7.3f %7.3f' "$first" "$second"
  add_log "$1" "$first"
  add_log "$4" "$second"
}
steal_start=$(steal_ticks)
for entry in "${suite[@]}"; do
  IFS='|' read -r name sources args small extra <<<"$entry"
  selected "$name" || continue
  srcs=()
  for s in $sources; do
    [[ $s == /* ]] && srcs+=("$s") || srcs+=("$root/$s")
  done
  lang=c
  [[ $sources == *.cpp* ]] && lang="c++"
  # Rows that run one program on different inputs (the Lua scripts) share its builds.
  if [[ "$sources|${extra:-}" != "${built:-}" ]]; then
    for b in "${builds[@]}"; do
      # With --filter-from-run each row builds its own energycc build below.
      [[ $b == energy ]] && ((filter_from_run)) && continue
      compile "$name" "$b" "$lang" "${extra:-}" "${srcs[@]}"
    done
    built="$sources|${extra:-}"
    program=$name
  fi
  if ((filter_from_run)); then
    # The row's own filter: from a run of the unfiltered build at the callgrind size.
    row_filter=""
    compile "$program" energy "$lang" "${extra:-}" "${srcs[@]}"
    # shellcheck disable=SC2086 # the arguments are words on purpose
    run_env "$work/$program.energy" $small >/dev/null 2>&1
    "$build/bin/energy-report" filter "$work/r.json" -o "$work/$name.filter" 2>>"$work/filter.log"
    row_filter="$work/$name.filter"
    compile "$program" energy "$lang" "${extra:-}" "${srcs[@]}"
    row_filter=""
  fi
  for b in "${builds[@]}"; do
    : >"$work/$b.times"
  done
  for ((i = 0; i < runs; ++i)); do
    for b in "${builds[@]}"; do
      # shellcheck disable=SC2086 # the arguments are words on purpose
      run_env timed "$work/$program.$b" $args >>"$work/$b.times"
    done
  done
  if ((runs)); then
    declare -A wall=() cpu=()
    for b in "${builds[@]}"; do
      wall[$b]=$(cut -d' ' -f1 "$work/$b.times" | median)
      cpu[$b]=$(cut -d' ' -f2 "$work/$b.times" | median)
    done
    ratio=$(echo "${wall[energy]} / ${wall[plain]}" | bc -l)
    min_ratio=$(echo "$(cut -d' ' -f1 "$work/energy.times" | minimum) / $(cut -d' ' -f1 "$work/plain.times" | minimum)" | bc -l)
    cpu_ratio=$(echo "${cpu[energy]} / ${cpu[plain]}" | bc -l)
    printf '%-18s %10.3f %10.3f %7.3f %7.3f %7.3f' "$name" "${wall[plain]}" "${wall[energy]}" \
      "$ratio" "$min_ratio" "$cpu_ratio"
    add_log time "$ratio"
    add_log min "$min_ratio"
    add_log cpu "$cpu_ratio"
    if ((compare)); then
      for b in pgo cov; do
        ratio_pair "time_$b" "${wall[$b]}" "${wall[plain]}" "cpu_$b" "${cpu[$b]}" "${cpu[plain]}"
      done
    fi
  else
    printf '%-18s %10s %10s %7s %7s %7s' "$name" - - - - -
    ((compare)) && printf ' %7s %7s %7s %7s' - - - -
  fi
  if ((callgrind)); then
    declare -A in_main=() whole=()
    for b in "${builds[@]}"; do
      # shellcheck disable=SC2086 # the arguments are words on purpose
      in_main[$b]=$(instructions "$work/$program.$b" $small)
      # shellcheck disable=SC2086
      whole[$b]=$(whole_instructions "$work/$program.$b" $small)
    done
    iratio=$(echo "${in_main[energy]} / ${in_main[plain]}" | bc -l)
    wratio=$(echo "${whole[energy]} / ${whole[plain]}" | bc -l)
    printf ' %14d %14d %7.3f %14d %7.3f' "${in_main[plain]}" "${in_main[energy]}" "$iratio" \
      "${whole[plain]}" "$wratio"
    add_log instr "$iratio"
    add_log whole "$wratio"
    if ((compare)); then
      for b in pgo cov; do
        ratio_pair "instr_$b" "${in_main[$b]}" "${in_main[plain]}" \
          "whole_$b" "${whole[$b]}" "${whole[plain]}"
      done
    fi
  fi
  echo
  count=$((count + 1))
done
((count)) || { echo "run.sh: no program selected" >&2; exit 2; }
geomean() { echo "e(${logs[$1]} / $count)" | bc -l; }
if ((runs)); then
  printf 'geomean wall-time ratio: %.3f (medians), %.3f (minima); CPU time (user + system, medians): %.3f\n' \
    "$(geomean time)" "$(geomean min)" "$(geomean cpu)"
  ((compare)) && printf 'PGO instrumentation: %.3f (wall time, medians), %.3f (CPU time); SanitizerCoverage: %.3f, %.3f\n' \
    "$(geomean time_pgo)" "$(geomean cpu_pgo)" "$(geomean time_cov)" "$(geomean cpu_cov)"
  printf 'steal time during the run: %.1f s of CPU taken by the hypervisor\n' \
    "$(echo "($(steal_ticks) - $steal_start) / 100" | bc -l)"
fi
((filter_from_run)) && sed -n 's/^energy-report: /filters: /p' "$work/filter.log"
if ((callgrind)); then
  printf 'geomean instruction ratio: %.3f inside main, %.3f whole process\n' \
    "$(geomean instr)" "$(geomean whole)"
  ((compare)) && printf 'geomean instruction ratio of PGO instrumentation: %.3f inside main, %.3f whole process; of SanitizerCoverage: %.3f, %.3f\n' \
    "$(geomean instr_pgo)" "$(geomean whole_pgo)" "$(geomean instr_cov)" "$(geomean whole_cov)"
fi
exit 0
