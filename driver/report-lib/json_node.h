//===- json_node.h - Checked access to a report document, naming keys -----===//
//
// A view of one value in a report together with its key path
// ("regions[3].time_s.self"), so that a missing or mistyped key produces a
// ReportError that says exactly where the report is wrong.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_LIB_JSON_NODE_H
#define ENERGY_REPORT_LIB_JSON_NODE_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace energy::report {

class JsonNode {
public:
  JsonNode(const nlohmann::json &Value, const std::string &Origin, std::string Path)
      : Value(Value), Origin(Origin), Path(std::move(Path)) {}

  /// A required member of this object.
  JsonNode operator[](const std::string &Key) const;
  /// A member that must be present but may be null; nullopt for null.
  std::optional<JsonNode> nullable(const std::string &Key) const;
  /// A member that newer versions of the format added: nullopt when it is
  /// absent or null.
  std::optional<JsonNode> optional(const std::string &Key) const;
  /// An element of this array.
  JsonNode element(size_t Index) const;

  void expectObject() const;
  /// The member names of this object, for objects whose names are data
  /// (perf event names), not the format's.
  std::vector<std::string> memberNames() const;
  size_t arraySize() const;
  std::string string() const;
  bool boolean() const;
  uint64_t unsignedInteger() const;
  long long integer() const;
  /// A finite number that is zero or positive (times, energies).
  double nonNegative() const;

  const nlohmann::json &json() const { return Value; }
  const std::string &path() const { return Path; }

  [[noreturn]] void fail(const std::string &Problem) const;

private:
  [[noreturn]] void wrongType(const char *Expected) const;

  const nlohmann::json &Value;
  const std::string &Origin;
  std::string Path;
};

} // namespace energy::report

#endif
