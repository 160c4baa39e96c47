//===- collect_command.cpp - energy-train collect -------------------------===//
//
// Runs programs under perf counters and the RAPL meter and writes a dataset.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include "energy/train/collect.h"

#include <cstdlib>
#include <iostream>
#include <memory>

namespace energy::train::cli {

namespace {

struct CollectCli {
  CollectOptions options;
  std::string output;
};

// ENERGY_POWERCAP_ROOT predates collect's use of the runtime's meters, whose
// one override is ENERGY_SYSFS_ROOT; scripts that set it keep working for now.
void applyDeprecatedPowercapRoot(CollectOptions &O) {
  const char *Root = std::getenv("ENERGY_POWERCAP_ROOT");
  if (!Root || !O.powercapRoot.empty())
    return;
  std::cerr << "energy-train: warning: ENERGY_POWERCAP_ROOT is deprecated; set "
               "ENERGY_SYSFS_ROOT (collect reads its class/powercap) or pass "
               "--powercap-root\n";
  O.powercapRoot = Root;
}

void runCollect(CollectCli &C) {
  applyDeprecatedPowercapRoot(C.options);
  Dataset D = collectDataset(C.options);
  saveDataset(D, C.output);
  std::cout << "collected " << D.rows() << " rows from " << D.programNames().size()
            << " program(s) into " << C.output << '\n';
}

} // namespace

void addCollectCommand(CLI::App &App) {
  auto C = std::make_shared<CollectCli>();
  CLI::App *Sub =
      App.add_subcommand("collect", "run programs under perf counters and the RAPL energy meter");
  Sub->add_option("--programs", C->options.programs, "shell commands to measure, separated by ';'")
      ->required()
      ->delimiter(';');
  Sub->add_option("-o,--output", C->output, "dataset CSV to write")
      ->required()
      ->check(writableOutputFile());
  Sub->add_option("--runs", C->options.runs, "runs per program")
      ->check(wholeNumber(1))
      ->capture_default_str();
  Sub->add_flag("--timeline", C->options.timeline,
                "one row per sampling interval (for the real-time model)");
  Sub->add_option("--interval", C->options.intervalSeconds, "sampling interval (s)")
      ->capture_default_str();
  Sub->add_option("--powercap-root", C->options.powercapRoot,
                  "powercap tree holding intel-rapl:N/energy_uj (default: "
                  "$ENERGY_SYSFS_ROOT/class/powercap, else /sys/class/powercap)");
  Sub->add_option("--events", C->options.events,
                  "perf events, comma-separated (default: the paper's 22)")
      ->delimiter(',');
  Sub->add_flag("--software-events", C->options.softwareEventsOnly,
                "count software events only (task-clock, cpu-clock, cs, "
                "migrations, page-faults): for machines without a PMU");
  Sub->callback([C] { runCollect(*C); });
}

} // namespace energy::train::cli
