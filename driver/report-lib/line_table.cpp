//===- line_table.cpp - The report's `lines` between table and objects ----===//
#include "energy/report/line_table.h"

#include <map>
#include <string>

namespace energy::report {

using nlohmann::json;
namespace Key = report_key::line;

json lineObjects(const json &Lines) {
  const json &Files = Lines.at(report_key::lines::Files);
  const json &Chains = Lines.at(report_key::lines::InlineChains);
  json Objects = json::array();
  for (const json &Row : Lines.at(report_key::lines::Rows)) {
    json Line = {{Key::File, Files.at(Row.at(1).get<size_t>())},
                 {Key::Line, Row.at(2)},
                 {Key::Region, Row.at(0)}};
    if (!Row.at(3).is_null())
      Line[Key::InlinedAt] = Chains.at(Row.at(3).get<size_t>());
    json Counts = Row.size() > NumLineColumns ? Row.at(NumLineColumns) : json::object();
    for (size_t C = FirstCountColumn; C < NumLineColumns; ++C)
      Counts[LineColumns[C]] = Row.at(C);
    Line[Key::Counts] = std::move(Counts);
    Objects.push_back(std::move(Line));
  }
  return Objects;
}

namespace {

/// The index of Value in Table, added when it is not there yet.
size_t indexIn(json &Table, std::map<std::string, size_t> &Index, const json &Value) {
  auto [It, Added] = Index.try_emplace(Value.dump(), Table.size());
  if (Added)
    Table.push_back(Value);
  return It->second;
}

} // namespace

json lineTable(const json &Objects) {
  json Files = json::array(), Chains = json::array(), Rows = json::array();
  std::map<std::string, size_t> FileIndex, ChainIndex;
  for (const json &Line : Objects) {
    json Row = {Line.at(Key::Region), indexIn(Files, FileIndex, Line.at(Key::File)),
                Line.at(Key::Line)};
    Row.push_back(Line.contains(Key::InlinedAt)
                      ? json(indexIn(Chains, ChainIndex, Line.at(Key::InlinedAt)))
                      : json());
    json Breakdowns = Line.at(Key::Counts);
    for (size_t C = FirstCountColumn; C < NumLineColumns; ++C) {
      Row.push_back(Breakdowns.at(LineColumns[C]));
      Breakdowns.erase(LineColumns[C]);
    }
    if (Row.back().get<uint64_t>() != 0 && !Breakdowns.empty())
      Row.push_back(std::move(Breakdowns));
    Rows.push_back(std::move(Row));
  }
  return {{report_key::lines::Rows, std::move(Rows)},
          {report_key::lines::Files, std::move(Files)},
          {report_key::lines::InlineChains, std::move(Chains)},
          {report_key::lines::Columns, LineColumns}};
}

} // namespace energy::report
