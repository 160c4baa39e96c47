//===- report_inputs.cpp - Files, folders and globs as one report ---------===//
#include "energy/report/report_inputs.h"

#include "energy/report/checkpoint.h"
#include "energy/report/reader.h"
#include "energy/report/report_error.h"
#include "energy/report/report_merge.h"

#include <glob.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace energy::report {

namespace {

namespace fs = std::filesystem;

bool hasWildcard(const std::string &Path) { return Path.find_first_of("*?[") != std::string::npos; }

std::vector<std::string> globMatches(const std::string &Pattern) {
  glob_t Found{};
  std::vector<std::string> Paths;
  if (::glob(Pattern.c_str(), 0, nullptr, &Found) == 0)
    Paths.assign(Found.gl_pathv, Found.gl_pathv + Found.gl_pathc);
  ::globfree(&Found);
  return Paths;
}

std::vector<std::string> reportsInDirectory(const std::string &Directory) {
  std::vector<std::string> Paths;
  std::error_code Error;
  for (const fs::directory_entry &Entry : fs::directory_iterator(Directory, Error))
    if (Entry.path().extension() == ".json" && !Entry.is_directory(Error))
      Paths.push_back(Entry.path().string());
  if (Error)
    throw ReportError(Directory + ": cannot list the directory (" + Error.message() + ")");
  if (Paths.empty())
    throw ReportError(Directory + ": a directory with no *.json report in it; "
                                  "give report files, or the directory the "
                                  "program's ENERGY_REPORT named");
  std::sort(Paths.begin(), Paths.end());
  return Paths;
}

std::string describeInputs(const std::vector<std::string> &Inputs, size_t Reports) {
  std::string Named = Inputs.front();
  if (Inputs.size() > 1)
    Named += " and " + std::to_string(Inputs.size() - 1) + " more";
  return Named + " (" + std::to_string(Reports) + " reports merged)";
}

} // namespace

std::vector<std::string> expandReportInputs(const std::vector<std::string> &Inputs) {
  std::vector<std::string> Paths;
  for (const std::string &Input : Inputs) {
    std::vector<std::string> Found;
    std::error_code Error;
    if (fs::is_directory(Input, Error))
      Found = reportsInDirectory(Input);
    else if (hasWildcard(Input) && !fs::exists(Input, Error))
      Found = globMatches(Input);
    if (Found.empty())
      Found.push_back(Input);
    Paths.insert(Paths.end(), Found.begin(), Found.end());
  }
  return Paths;
}

// A checkpoint of a run still going is no finished process's report: merged,
// its counts would be read as that process's whole run.
nlohmann::json mergeReportFiles(const std::vector<std::string> &Paths) {
  ReportMerger Merger;
  size_t Merged = 0;
  for (const std::string &Path : Paths) {
    nlohmann::json Doc = readReportJson(Path);
    // Refuse what is not a valid report before merging any of it.
    Report R = parseReport(Doc, Path);
    if (R.checkpointPeriodSeconds) {
      bool Going = checkpointRun(R) == CheckpointRun::Going;
      std::cerr << "energy-report: " << Path << ": " << checkpointNote(R)
                << (Going ? "; left out\n" : "; merged\n");
      if (Going)
        continue;
    }
    Merger.add(Doc, Path);
    ++Merged;
  }
  if (!Merged)
    throw ReportError(Paths.front() + " and the rest: every report is a checkpoint of a run "
                                      "still going; wait for them to end");
  return Merger.result();
}

Report loadReportInputs(const std::vector<std::string> &Inputs) {
  std::vector<std::string> Paths = expandReportInputs(Inputs);
  if (Paths.size() == 1)
    return readReport(Paths.front());
  return parseReport(mergeReportFiles(Paths), describeInputs(Inputs, Paths.size()));
}

} // namespace energy::report
