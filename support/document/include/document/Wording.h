//===- document/Wording.h - How one reader's errors read ------------------===//
//
// Every reader of a versioned JSON format reports bad input the same way: one
// line naming the file, the key path of the bad field and the way out, thrown
// as the reader's own subclass of energy::InputError. The phrasing is the
// reader's (its tools, tests and users know it), so it is data given once per
// reader; the checks that produce it are the library's (View.h, Envelope.h).
//
// Templates name their blanks in braces: {path} is a key path such as
// regions[3].time_s.self.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DOCUMENT_WORDING_H
#define ENERGY_DOCUMENT_WORDING_H

#include "tool/InputError.h"

#include <string>
#include <type_traits>

namespace energy::document {

struct Wording {
  /// What comes before the file's name ("energy model " for models); the
  /// name is followed by ": ".
  const char *BeforeOrigin;
  /// How a problem names a key: "key {path}", "'{path}'", "{path}:".
  const char *Key;
  /// A required key that is absent: "missing key {path}".
  const char *Missing;
  /// What follows a problem with a field: how to get a good file.
  const char *WayOut;
  /// Types found named as JSON names them ("found string"), not with an
  /// article ("found a string"); numbers are described alike in both.
  bool BareTypeNames;
  /// Array elements in key paths as "[3]", or as "[]" for readers whose
  /// messages name the field of every element at once.
  bool NumberedElements;
  /// Throws the reader's own error type: raise<ReportError>.
  void (*Raise)(const std::string &Message);
};

template <typename Error> [[noreturn]] void raise(const std::string &Message) {
  static_assert(std::is_base_of_v<InputError, Error>,
                "bad input is thrown as a subclass of energy::InputError (tool/InputError.h)");
  throw Error(Message);
}

/// Template with each {name} replaced by its value.
std::string fillIn(std::string Template, const std::string &Name, const std::string &Value);

} // namespace energy::document

#endif
