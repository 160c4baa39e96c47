// InputError: formatting of the one-line input errors.
#include "energygpu/InputError.h"

namespace energygpu {

void failAt(const std::string &path, uint64_t line, const std::string &what) {
  if (line == 0)
    throw InputError(path + ": " + what);
  throw InputError(path + ":" + std::to_string(line) + ": " + what);
}

} // namespace energygpu
