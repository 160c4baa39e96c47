//===- energy/roofline/input_error.h - Bad input, said in one line --------===//
//
// Every reader in energy_roofline reports bad input (missing file, corrupt or
// truncated JSON, unknown format version, missing field) by throwing
// InputError with one line that names the problem and the way out. Tools catch
// it, print it and exit with status 2.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "tool/InputError.h"

#include <string>

namespace energy::roofline {

class InputError : public ::energy::InputError {
public:
  explicit InputError(const std::string &Message);
};

} // namespace energy::roofline
