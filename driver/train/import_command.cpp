//===- import_command.cpp - energy-train import ---------------------------===//
//
// Converts someone else's CSV of power and counters into a dataset, with a
// column mapping or a preset (kepler-nx12).
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include "energy/train/error.h"
#include "energy/train/import.h"

#include <iostream>
#include <memory>

namespace energy::train::cli {

namespace {

struct ImportOptions {
  std::string input, output, preset, kind;
  ColumnMapping mapping;
  std::vector<std::string> features;
};

void runImport(const ImportOptions &O) {
  ColumnMapping M = O.mapping;
  if (O.preset == "kepler-nx12")
    M = keplerNx12Mapping();
  else
    require(O.preset.empty(), "unknown --preset '" + O.preset + "'; use kepler-nx12");
  if (!O.kind.empty())
    M.kind = parseRowKind(O.kind);
  if (!O.features.empty()) {
    M.features.clear();
    for (const std::string &F : O.features)
      M.features.push_back(parseFeatureMapping(F));
  }
  Dataset D = importCsv(O.input, M);
  saveDataset(D, O.output);
  std::cout << "imported " << D.rows() << " rows, " << D.features.size() << " features, "
            << D.programNames().size() << " program(s) (" << rowKindName(D.info.kind) << ") into "
            << O.output << '\n';
}

} // namespace

void addImportCommand(CLI::App &App) {
  auto O = std::make_shared<ImportOptions>();
  CLI::App *Sub =
      App.add_subcommand("import", "convert a CSV of measured power and counters into a dataset");
  Sub->add_option("input", O->input, "CSV file to read")->required();
  Sub->add_option("-o,--output", O->output, "dataset CSV to write (plus .json sidecar)")
      ->required()
      ->check(writableOutputFile());
  Sub->add_option("--preset", O->preset, "column mapping of a known source: kepler-nx12");
  Sub->add_option("--target", O->mapping.target, "column with power in watts");
  Sub->add_option("--program", O->mapping.program, "column naming the program");
  Sub->add_option("--program-name", O->mapping.programName,
                  "program name of every row when there is no program column");
  Sub->add_option("--timestamp", O->mapping.timestamp, "column with start times (s)");
  Sub->add_option("--seconds", O->mapping.seconds, "column with row durations (s)");
  Sub->add_option("--interval", O->mapping.interval,
                  "duration of every row (s) when there is no --seconds column");
  Sub->add_option("--feature", O->features,
                  "SRC or SRC=NAME: a feature column, renamed to a perf event "
                  "name (repeatable; default: every other column)");
  Sub->add_option("--kind", O->kind,
                  "rows are runs, timeline (intervals of runs) or series "
                  "(one time series: time-block cross-validation)");
  Sub->callback([O] { runImport(*O); });
}

} // namespace energy::train::cli
