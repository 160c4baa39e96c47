//===- report_document.cpp - Reading a report and keeping its JSON --------===//
#include "energy/report/report_document.h"

#include "energy/report/reader.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace energy::report {

ReportDocument readReportDocument(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw ReportError(Path + ": cannot open (" + std::strerror(errno) +
                      "); check the path given");
  std::stringstream Text;
  Text << In.rdbuf();
  // parseReportText gives the shared one-line errors for bad JSON.
  Report R = parseReportText(Text.str(), Path);
  return {std::move(R), nlohmann::json::parse(Text.str())};
}

} // namespace energy::report
