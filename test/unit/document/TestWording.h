//===- TestWording.h - A reader's wording for the document tests ----------===//
#ifndef ENERGY_TEST_DOCUMENT_TESTWORDING_H
#define ENERGY_TEST_DOCUMENT_TESTWORDING_H

#include "document/View.h"

#include <functional>
#include <string>

namespace energy::document::test {

/// A reader's own error type, as ReportError or ModelError are.
class TestError : public InputError {
public:
  using InputError::InputError;
};

inline const Wording TestWording = {
    .BeforeOrigin = "test ",
    .Key = "key {path}",
    .Missing = "missing key {path}",
    .WayOut = "; fix it",
    .BareTypeNames = false,
    .NumberedElements = true,
    .Raise = raise<TestError>,
};

/// What Read threw as TestError, or "no error".
inline std::string errorOf(const std::function<void()> &Read) {
  try {
    Read();
  } catch (const TestError &E) {
    return E.what();
  }
  return "no error";
}

} // namespace energy::document::test

#endif
