//===- json_node.cpp - Checked access to a report document, naming keys ---===//
#include "json_node.h"

#include "energy/report/report_error.h"

#include <cmath>

namespace energy::report {

namespace {
// Parsed documents hold non-negative integers as unsigned, documents built in
// code as signed; both are fine where a count is expected.
bool isNegative(const nlohmann::json &V) {
  return V.is_number_integer() && !V.is_number_unsigned() && V.get<int64_t>() < 0;
}

const char *describe(const nlohmann::json &V) {
  if (V.is_number_integer())
    return isNegative(V) ? "a negative integer" : "an integer";
  if (V.is_number())
    return "a fractional number";
  if (V.is_string())
    return "a string";
  if (V.is_boolean())
    return "a boolean";
  if (V.is_array())
    return "an array";
  if (V.is_object())
    return "an object";
  return "null";
}
} // namespace

void JsonNode::fail(const std::string &Problem) const {
  throw ReportError(Origin + ": " + Problem +
                    "; the report is damaged or was not written by the "
                    "EnergyPass runtime (see docs/formats/report.md)");
}

void JsonNode::wrongType(const char *Expected) const {
  fail("key " + Path + " must be " + Expected + ", found " + describe(Value));
}

void JsonNode::expectObject() const {
  if (!Value.is_object())
    wrongType("an object");
}

std::vector<std::string> JsonNode::memberNames() const {
  expectObject();
  std::vector<std::string> Names;
  for (const auto &Member : Value.items())
    Names.push_back(Member.key());
  return Names;
}

JsonNode JsonNode::operator[](const std::string &Key) const {
  expectObject();
  auto It = Value.find(Key);
  std::string Child = Path.empty() ? Key : Path + "." + Key;
  if (It == Value.end())
    fail("missing key " + Child);
  return JsonNode(*It, Origin, std::move(Child));
}

std::optional<JsonNode> JsonNode::nullable(const std::string &Key) const {
  JsonNode Member = (*this)[Key];
  if (Member.Value.is_null())
    return std::nullopt;
  return Member;
}

std::optional<JsonNode> JsonNode::optional(const std::string &Key) const {
  expectObject();
  if (!Value.contains(Key) || Value.at(Key).is_null())
    return std::nullopt;
  return (*this)[Key];
}

JsonNode JsonNode::element(size_t Index) const {
  return JsonNode(Value.at(Index), Origin, Path + "[" + std::to_string(Index) + "]");
}

size_t JsonNode::arraySize() const {
  if (!Value.is_array())
    wrongType("an array");
  return Value.size();
}

std::string JsonNode::string() const {
  if (!Value.is_string())
    wrongType("a string");
  return Value.get<std::string>();
}

bool JsonNode::boolean() const {
  if (!Value.is_boolean())
    wrongType("a boolean");
  return Value.get<bool>();
}

uint64_t JsonNode::unsignedInteger() const {
  if (!Value.is_number_integer() || isNegative(Value))
    wrongType("a non-negative integer");
  return Value.get<uint64_t>();
}

long long JsonNode::integer() const {
  if (!Value.is_number_integer())
    wrongType("an integer");
  if (Value.is_number_unsigned() && Value.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
    fail("key " + Path + " is out of range: " + Value.dump());
  return Value.get<long long>();
}

double JsonNode::nonNegative() const {
  if (!Value.is_number())
    wrongType("a number");
  double D = Value.get<double>();
  if (!std::isfinite(D) || D < 0)
    fail("key " + Path + " must be zero or positive, found " + Value.dump());
  return D;
}

} // namespace energy::report
