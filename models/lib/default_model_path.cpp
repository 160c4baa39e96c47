//===- default_model_path.cpp - Where the shipped default model lives ----===//
//
// The build tree mirrors the install tree, so the model is found relative to
// the binary that asks for it: <prefix>/share/energypass/models/default.json,
// with <prefix> the parent of the directory holding that binary. The binary is
// the object containing `Anchor` (the runtime passes one of its own functions,
// so an instrumented program finds the model of the libenergyrt it loaded).
//
//===----------------------------------------------------------------------===//
#include "energy/model/analytic_model.h"
#include "support/Environment.h"

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <string>

namespace energy::model {

namespace {

// The main program's link map has an empty name (dladdr would report argv[0],
// possibly relative to a directory the program has left); /proc/self/exe is
// its real location. Shared objects carry the path they were loaded from.
std::string objectContaining(const void *Anchor) {
  Dl_info Info{};
  link_map *Map = nullptr;
  if (Anchor && dladdr1(Anchor, &Info, reinterpret_cast<void **>(&Map), RTLD_DL_LINKMAP) && Map &&
      Map->l_name && Map->l_name[0] != '\0')
    return Map->l_name;
  return "/proc/self/exe";
}

/// The directory holding `Path` ("." for a bare name, "/" for the root's
/// entries), as std::filesystem::path::parent_path() of a path without a
/// trailing slash.
std::string parentOf(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  if (Slash == std::string::npos)
    return ".";
  return Slash == 0 ? "/" : Path.substr(0, Slash);
}

} // namespace

std::string shippedModelPath(const void *Anchor) {
  // realpath(3) and string operations, not std::filesystem: the same answer
  // for a fifth of the instructions, which every instrumented program pays
  // at start-up.
  std::string Object = objectContaining(Anchor);
  if (char *Real = realpath(Object.c_str(), nullptr)) {
    Object = Real;
    std::free(Real);
  }
  return parentOf(parentOf(Object)) + "/share/energypass/models/default.json";
}

std::string defaultModelPath(const void *Anchor) {
  if (const char *Override = support::setting("ENERGY_MODEL"); Override && *Override)
    return Override;
  return shippedModelPath(Anchor);
}

} // namespace energy::model
