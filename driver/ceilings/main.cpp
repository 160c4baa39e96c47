//===- main.cpp - energy-ceilings: measure this machine's roofline --------===//
//
// energy-ceilings [--quick] [--budget SECONDS] [--output PATH] [--force]
//                 [--show PROFILE] [--show-cached] [--no-progress]
// energy-ceilings --measure KERNEL [--working-set BYTES] [--threads N] [--budget SECONDS]
//
// Measures peak FLOP/s per precision and instruction set, with and without
// FMA, and bandwidth per memory level for load, copy and triad, on one thread
// and on all CPUs, and writes the machine profile (by default cached as
// ~/.cache/energypass/machine-<hash>.json, where reports look for it).
// A profile already cached for this machine is reused unless --force.
//
//===----------------------------------------------------------------------===//
#include "measure_machine.h"
#include "measure_one.h"

#include "energy/roofline/input_error.h"
#include "energy/roofline/machine_profile.h"

#include "tool/InputError.h"
#include "tool/ToolMain.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace energy;

static int showProfile(const fs::path &Path) {
  try {
    std::cout << roofline::formatProfileSummary(roofline::readProfile(Path));
    return 0;
  } catch (const roofline::InputError &E) {
    tool::printError("energy-ceilings", E.what());
    return BadInputStatus;
  }
}

static int measureOne(const std::string &Name, std::uint64_t WorkingSet, int Threads,
                      double Seconds) {
  auto Result = ceilings::measureOne(Name, WorkingSet, Threads, Seconds);
  if (!Result) {
    return tool::usageError("energy-ceilings",
                            "unknown kernel '" + Name + "' or one this CPU cannot run");
  }
  std::cout << Name << " " << WorkingSet << " B/thread " << Threads
            << " thread(s): " << Result->Value << " " << Result->Unit << "\n";
  return 0;
}

int main(int Argc, char **Argv) {
  CLI::App App{"Measures this machine's roofline ceilings (peak FLOP/s, bandwidth per memory "
               "level) and writes its machine profile."};
  ceilings::MeasureSettings Settings;
  Settings.ToolVersion = ENERGY_VERSION;
  std::string Output, Show;
  bool Force = false, NoProgress = false, ShowCached = false;
  App.add_flag("--quick", Settings.Quick,
               "a few working sets and short runs (about 2 s): rough figures, for tests");
  App.add_option("--budget", Settings.BudgetSeconds, "seconds to spend measuring (default 40)")
      ->check(CLI::Range(0.5, 3600.0));
  App.add_option("-o,--output", Output,
                 "where to write the profile (default: the per-machine cache)");
  App.add_flag("--force", Force, "measure again even if a profile for this machine is cached");
  auto *ShowOption = App.add_option("--show", Show, "print the ceilings of a profile and exit");
  App.add_flag("--show-cached", ShowCached, "print the cached profile of this machine and exit");
  App.add_flag("--no-progress", NoProgress, "never draw the progress bar");
  std::string Measure;
  std::uint64_t WorkingSet = 32768;
  int Threads = 1;
  App.add_option("--measure", Measure,
                 "measure one kernel and print it: load, copy, copy-nt, triad, triad-nt, or "
                 "peak-<float|double>-<scalar|sse|avx2|avx512>[-fma]");
  App.add_option("--working-set", WorkingSet, "bytes per thread for --measure (default 32768)")
      ->check(CLI::Range(std::uint64_t(4096), std::uint64_t(1) << 36));
  App.add_option("--threads", Threads, "threads for --measure (default 1)")
      ->check(CLI::Range(1, 4096));
  try {
    App.parse(Argc, Argv);
  } catch (const CLI::ParseError &E) {
    if (E.get_exit_code() == 0)
      return App.exit(E);
    return tool::usageError("energy-ceilings", E.what());
  }

  if (!Measure.empty())
    return measureOne(Measure, WorkingSet, Threads,
                      App.count("--budget") ? Settings.BudgetSeconds : 1);

  fs::path Cached = roofline::defaultProfilePath(roofline::detectMachine());
  if (ShowOption->count())
    return showProfile(Show);
  if (ShowCached)
    return showProfile(Cached);
  if (Settings.Quick && Output.empty()) {
    return tool::usageError("energy-ceilings",
                            "--quick figures are rough and are never cached; pass --output PATH");
  }
  if (Settings.Quick && !App.count("--budget"))
    Settings.BudgetSeconds = 2;

  fs::path Path = Output.empty() ? Cached : fs::path(Output);
  if (Output.empty() && !Force && fs::exists(Path)) {
    try {
      roofline::MachineProfile Profile = roofline::readProfile(Path);
      std::cout << "using the cached profile " << Path.string() << " (--force to measure again)\n"
                << roofline::formatProfileSummary(Profile);
      return 0;
    } catch (const roofline::InputError &E) {
      std::cerr << "energy-ceilings: the cached profile is unusable (" << E.what()
                << "); measuring again\n";
    }
  }

  Settings.ShowProgress = !NoProgress && isatty(STDERR_FILENO);
  roofline::MachineProfile Profile = ceilings::measureMachine(Settings);
  try {
    roofline::validateProfile(Profile);
    roofline::writeProfile(Profile, Path);
  } catch (const std::exception &E) {
    tool::printError("energy-ceilings", E.what());
    return 1;
  }
  std::cout << roofline::formatProfileSummary(Profile) << "wrote " << Path.string() << "\n";
  return 0;
}
