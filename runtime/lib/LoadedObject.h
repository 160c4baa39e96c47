//===- LoadedObject.h - The executable or library that holds a module -----===//
//
// A module is named by its source file, which does not tell an executable's
// regions from those of a library built from files of the same names, nor two
// builds apart. The object it was loaded from does: its path and its GNU build
// id. Both are read from the loader's list of objects (dl_iterate_phdr), which
// costs nothing at start-up: they are looked up when the report is written, or
// when the module is about to go away.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_LOADEDOBJECT_H
#define ENERGY_RT_LOADEDOBJECT_H

#include <cstdint>
#include <string>

namespace energy::rt {

struct LoadedObject {
  std::string Path;    /// absolute for the executable; as the loader found it for libraries
  std::string BuildId; /// hexadecimal NT_GNU_BUILD_ID, empty when the object has none
  uintptr_t Base = 0;  /// load bias
  bool Known = false;  /// false: no loaded object holds the address
};

/// The object whose loaded segments hold `Address`. Never throws: out of
/// memory, the strings stay empty.
LoadedObject loadedObjectAt(const void *Address) noexcept;

/// Whether the loader still lists `Object` (same path, same load bias): an
/// object closed by the program is gone from the list, while the exit's own
/// finalisation of every object leaves them listed.
bool stillLoaded(const LoadedObject &Object) noexcept;

} // namespace energy::rt

#endif
