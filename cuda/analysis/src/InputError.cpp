// InputError: formatting of the one-line input errors.
#include "energy/gpu/InputError.h"

namespace energy::gpu {

void failAt(const std::string &path, uint64_t line, const std::string &what) {
  if (line == 0)
    throw InputError(path + ": " + what);
  throw InputError(path + ":" + std::to_string(line) + ": " + what);
}

} // namespace energy::gpu
