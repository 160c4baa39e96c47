//===- document/View.h - A checked view of one value in a JSON document ---===//
//
// A value of a parsed document together with the file it came from, its key
// path ("regions[3].time_s.self") and its reader's Wording. Every accessor
// checks presence, type and range, and a value that fails throws the
// reader's own error naming the file and the path, so a reader states what it
// expects and never tests a type by hand. Views are cheap to copy; the
// document, the origin string and the wording must outlive them.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DOCUMENT_VIEW_H
#define ENERGY_DOCUMENT_VIEW_H

#include "document/Wording.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace energy::document {

class View {
public:
  View(const nlohmann::json &Value, const std::string &Origin, const Wording &Words,
       std::string Path = "")
      : Value(&Value), Origin(&Origin), Words(&Words), Path(std::move(Path)) {}

  /// A required member of this object.
  View operator[](const std::string &Key) const;
  /// A member that must be present but may be null; nullopt for null.
  std::optional<View> nullable(const std::string &Key) const;
  /// A member that may be absent: nullopt when it is absent or null.
  std::optional<View> optional(const std::string &Key) const;
  /// A member that may be absent, but that is what the reader asks of it
  /// when present: nullopt only when it is absent, so that a null where
  /// the format has an array or a number is refused by the accessor, not
  /// taken for absence.
  std::optional<View> ifPresent(const std::string &Key) const;
  /// An optional string member: Otherwise when it is absent or null.
  std::string stringOr(const std::string &Key, const std::string &Otherwise) const;
  /// True when this object has Key, and it is not null.
  bool has(const std::string &Key) const;
  /// An element of this array.
  View element(size_t Index) const;
  /// Every element of this array.
  std::vector<View> elements() const;

  void expectObject() const;
  void expectArray() const;
  /// The member names of this object, for objects whose names are data
  /// (perf event names, opcodes), not the format's.
  std::vector<std::string> memberNames() const;
  size_t arraySize() const;

  std::string string() const;
  bool boolean() const;
  long long integer() const;
  uint64_t unsignedInteger() const;
  /// Any finite number (coefficients, thresholds).
  double number() const;
  /// A finite number that is zero or positive (times, energies).
  double nonNegative() const;
  std::vector<std::string> strings() const;
  std::vector<double> numbers() const;

  const nlohmann::json &json() const { return *Value; }
  const std::string &path() const { return Path; }
  const std::string &origin() const { return *Origin; }
  /// This value's key as the reader's messages name it ("key regions[3]").
  std::string key() const;

  /// Throws Problem, worded by the caller, as a problem with this file's
  /// content: the origin before it, the reader's way out after it.
  [[noreturn]] void fail(const std::string &Problem) const;
  /// Throws "KEY PREDICATE" for this value: reject("is empty").
  [[noreturn]] void reject(const std::string &Predicate) const;
  /// Throws Line about the whole file, with the origin before it and nothing
  /// after it: for refusals that carry their own way out.
  [[noreturn]] void refuse(const std::string &Line) const;

private:
  View child(const nlohmann::json &Member, std::string ChildPath) const;
  std::string memberPath(const std::string &Key) const;
  [[noreturn]] void wrongType(const char *Expected) const;

  const nlohmann::json *Value;
  const std::string *Origin;
  const Wording *Words;
  std::string Path;
};

} // namespace energy::document

#endif
