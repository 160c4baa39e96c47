//===- energy/report/report_error.h - Why a report cannot be used ---------===//
#ifndef ENERGY_REPORT_REPORT_ERROR_H
#define ENERGY_REPORT_REPORT_ERROR_H

#include "tool/InputError.h"

namespace energy::report {

/// A report that cannot be read: unreadable, not JSON, truncated, of another
/// format or version, or with missing or mistyped keys. what() is one line,
/// starting with the file's name, that names the problem and the way out;
/// tools print it after their own name and exit with status 2.
class ReportError : public InputError {
public:
  using InputError::InputError;
};

} // namespace energy::report

#endif
