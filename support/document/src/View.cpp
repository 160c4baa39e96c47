//===- View.cpp - A checked view of one value in a JSON document ----------===//
#include "document/View.h"

#include <cmath>

namespace energy::document {

namespace {
// Parsed documents hold non-negative integers as unsigned, documents built in
// code as signed; both are fine where a count is expected.
bool isNegative(const nlohmann::json &V) {
  return V.is_number_integer() && !V.is_number_unsigned() && V.get<int64_t>() < 0;
}

const char *describeNumber(const nlohmann::json &V) {
  if (V.is_number_integer())
    return isNegative(V) ? "a negative integer" : "an integer";
  return "a fractional number";
}

std::string describe(const nlohmann::json &V, bool Bare) {
  if (V.is_number())
    return describeNumber(V);
  std::string Name = V.type_name();
  if (Bare || V.is_null())
    return Name;
  return (V.is_array() || V.is_object() ? "an " : "a ") + Name;
}
} // namespace

std::string View::key() const {
  return Path.empty() ? "the document" : fillIn(Words->Key, "path", Path);
}

void View::fail(const std::string &Problem) const { refuse(Problem + Words->WayOut); }

void View::reject(const std::string &Predicate) const { fail(key() + " " + Predicate); }

void View::refuse(const std::string &Line) const {
  std::string Message = Words->BeforeOrigin + *Origin + ": " + Line;
  Words->Raise(Message);
  // Raise throws the reader's own type; one that returned still must not let
  // bad input through.
  throw InputError(Message);
}

void View::wrongType(const char *Expected) const {
  reject(std::string("must be ") + Expected + ", found " + describe(*Value, Words->BareTypeNames));
}

View View::child(const nlohmann::json &Member, std::string ChildPath) const {
  return View(Member, *Origin, *Words, std::move(ChildPath));
}

std::string View::memberPath(const std::string &Key) const {
  return Path.empty() ? Key : Path + "." + Key;
}

void View::expectObject() const {
  if (!Value->is_object())
    wrongType("an object");
}

void View::expectArray() const {
  if (!Value->is_array())
    wrongType("an array");
}

View View::operator[](const std::string &Key) const {
  expectObject();
  auto It = Value->find(Key);
  if (It == Value->end())
    fail(fillIn(Words->Missing, "path", memberPath(Key)));
  return child(*It, memberPath(Key));
}

std::optional<View> View::nullable(const std::string &Key) const {
  View Member = (*this)[Key];
  if (Member.Value->is_null())
    return std::nullopt;
  return Member;
}

std::optional<View> View::optional(const std::string &Key) const {
  if (!has(Key))
    return std::nullopt;
  return (*this)[Key];
}

std::optional<View> View::ifPresent(const std::string &Key) const {
  expectObject();
  if (!Value->contains(Key))
    return std::nullopt;
  return (*this)[Key];
}

std::string View::stringOr(const std::string &Key, const std::string &Otherwise) const {
  std::optional<View> Member = optional(Key);
  return Member ? Member->string() : Otherwise;
}

bool View::has(const std::string &Key) const {
  expectObject();
  auto It = Value->find(Key);
  return It != Value->end() && !It->is_null();
}

View View::element(size_t Index) const {
  if (Index >= arraySize())
    reject("has no element " + std::to_string(Index));
  std::string Number = Words->NumberedElements ? std::to_string(Index) : "";
  return child((*Value)[Index], Path + "[" + Number + "]");
}

std::vector<View> View::elements() const {
  std::vector<View> All;
  for (size_t I = 0, N = arraySize(); I < N; ++I)
    All.push_back(element(I));
  return All;
}

std::vector<std::string> View::memberNames() const {
  expectObject();
  std::vector<std::string> Names;
  for (const auto &Member : Value->items())
    Names.push_back(Member.key());
  return Names;
}

size_t View::arraySize() const {
  expectArray();
  return Value->size();
}

std::string View::string() const {
  if (!Value->is_string())
    wrongType("a string");
  return Value->get<std::string>();
}

bool View::boolean() const {
  if (!Value->is_boolean())
    wrongType("a boolean");
  return Value->get<bool>();
}

long long View::integer() const {
  if (!Value->is_number_integer())
    wrongType("an integer");
  if (Value->is_number_unsigned() && Value->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
    reject("is out of range: " + Value->dump());
  return Value->get<long long>();
}

uint64_t View::unsignedInteger() const {
  if (!Value->is_number_integer() || isNegative(*Value))
    wrongType("a non-negative integer");
  return Value->get<uint64_t>();
}

double View::number() const {
  if (!Value->is_number())
    wrongType("a number");
  double D = Value->get<double>();
  if (!std::isfinite(D))
    reject("must be finite, found " + Value->dump());
  return D;
}

double View::nonNegative() const {
  double D = number();
  if (D < 0)
    reject("must be zero or positive, found " + Value->dump());
  return D;
}

std::vector<std::string> View::strings() const {
  std::vector<std::string> All;
  for (const View &E : elements())
    All.push_back(E.string());
  return All;
}

std::vector<double> View::numbers() const {
  std::vector<double> All;
  for (const View &E : elements())
    All.push_back(E.number());
  return All;
}

} // namespace energy::document
