// InputError: the one exception type the energy-gpu readers throw for bad input. Its message is
// a single line naming the file, the line when there is one, the problem and the way out, so the
// command-line tool can print it as is and exit with status 2.
#pragma once

#include "tool/InputError.h"
#include <cstdint>

#include <stdexcept>
#include <string>

namespace energy::gpu {

class InputError : public ::energy::InputError {
public:
  explicit InputError(const std::string &message) : ::energy::InputError(message) {}
};

// Throws "PATH:LINE: WHAT" (or "PATH: WHAT" when LINE is 0).
[[noreturn]] void failAt(const std::string &path, uint64_t line, const std::string &what);

} // namespace energy::gpu
