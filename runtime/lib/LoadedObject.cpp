//===- LoadedObject.cpp - Path and build id from the loader's object list -===//
#include "LoadedObject.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <elf.h>
#include <link.h>
#include <unistd.h>

namespace energy::rt {

namespace {

constexpr size_t alignUp4(size_t N) { return (N + 3) & ~size_t(3); }

/// The hexadecimal descriptor of a GNU build-id note in one PT_NOTE segment.
std::string buildIdIn(const dl_phdr_info &Info, const ElfW(Phdr) & Note) {
  auto *P = reinterpret_cast<const unsigned char *>(Info.dlpi_addr + Note.p_vaddr);
  const unsigned char *End = P + Note.p_memsz;
  while (P + sizeof(ElfW(Nhdr)) <= End) {
    auto *Header = reinterpret_cast<const ElfW(Nhdr) *>(P);
    const unsigned char *Name = P + sizeof(ElfW(Nhdr));
    const unsigned char *Desc = Name + alignUp4(Header->n_namesz);
    if (Desc + Header->n_descsz > End)
      break;
    if (Header->n_type == NT_GNU_BUILD_ID && Header->n_namesz == 4 &&
        std::memcmp(Name, "GNU", 4) == 0) {
      static constexpr char Hex[] = "0123456789abcdef";
      std::string Id;
      for (uint32_t I = 0; I < Header->n_descsz; ++I) {
        Id += Hex[Desc[I] >> 4];
        Id += Hex[Desc[I] & 15];
      }
      return Id;
    }
    P = Desc + alignUp4(Header->n_descsz);
  }
  return {};
}

bool holds(const dl_phdr_info &Info, uintptr_t Address) {
  for (int I = 0; I < Info.dlpi_phnum; ++I) {
    const ElfW(Phdr) &Segment = Info.dlpi_phdr[I];
    uintptr_t Start = Info.dlpi_addr + Segment.p_vaddr;
    if (Segment.p_type == PT_LOAD && Address >= Start && Address - Start < Segment.p_memsz)
      return true;
  }
  return false;
}

/// The loader names the executable "" (or argv[0]'s spelling); the kernel
/// knows its real path. Read once per process image: a program built from
/// many instrumented files asked it once per module at every report (xz's
/// 80 readlink calls per process). Its callers hold the runtime's lock. A
/// buffer, not a string: no destructor, since modules unloaded at exit ask
/// it after static destructors have run.
std::string executablePath() {
  static char Path[PATH_MAX];
  static ssize_t Length = -1;
  if (Length < 0)
    Length = std::max<ssize_t>(readlink("/proc/self/exe", Path, sizeof Path), 0);
  return std::string(Path, size_t(Length));
}

struct Search {
  uintptr_t Address;
  LoadedObject Found;
  bool First = true;
};

int describeIfHolding(dl_phdr_info *Info, size_t, void *Data) {
  auto &S = *static_cast<Search *>(Data);
  bool IsExecutable = S.First;
  S.First = false;
  if (!holds(*Info, S.Address))
    return 0;
  S.Found.Known = true;
  S.Found.Base = Info->dlpi_addr;
  // Nothing may unwind through the loader: out of memory, the names stay empty.
  try {
    S.Found.Path = IsExecutable || !Info->dlpi_name || !*Info->dlpi_name
                       ? executablePath()
                       : std::string(Info->dlpi_name);
    for (int I = 0; I < Info->dlpi_phnum && S.Found.BuildId.empty(); ++I)
      if (Info->dlpi_phdr[I].p_type == PT_NOTE)
        S.Found.BuildId = buildIdIn(*Info, Info->dlpi_phdr[I]);
  } catch (...) {
  }
  return 1;
}

struct Presence {
  const LoadedObject &Object;
  bool First = true;
};

int matchesObject(dl_phdr_info *Info, size_t, void *Data) {
  auto &P = *static_cast<Presence *>(Data);
  bool IsExecutable = P.First;
  P.First = false;
  if (Info->dlpi_addr != P.Object.Base)
    return 0;
  // The executable is listed under "" or argv[0]: its bias alone tells it.
  return IsExecutable || (Info->dlpi_name && P.Object.Path == Info->dlpi_name);
}

} // namespace

LoadedObject loadedObjectAt(const void *Address) noexcept {
  Search S{reinterpret_cast<uintptr_t>(Address), {}};
  dl_iterate_phdr(describeIfHolding, &S);
  return std::move(S.Found);
}

bool stillLoaded(const LoadedObject &Object) noexcept {
  if (!Object.Known)
    return false;
  Presence P{Object};
  return dl_iterate_phdr(matchesObject, &P) != 0;
}

} // namespace energy::rt
