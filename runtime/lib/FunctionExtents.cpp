//===- FunctionExtents.cpp - Function extents from the unwind index -------===//
#include "FunctionExtents.h"

#include <cstring>
#include <elf.h>
#include <link.h>

namespace energy::rt {

namespace {

// Pointer encodings of the DWARF exception-handling tables (the LSB's
// "DWARF Extensions": DW_EH_PE_*).
constexpr uint8_t EncOmit = 0xff;
constexpr uint8_t EncFormat = 0x0f;
constexpr uint8_t EncAbsPtr = 0x00, EncUleb128 = 0x01, EncUdata2 = 0x02, EncUdata4 = 0x03,
                  EncUdata8 = 0x04, EncSleb128 = 0x09, EncSdata2 = 0x0a, EncSdata4 = 0x0b,
                  EncSdata8 = 0x0c;
constexpr uint8_t EncDatarelSdata4 = 0x3b;

template <typename T> T readAt(const void *P) {
  T Value;
  std::memcpy(&Value, P, sizeof(T));
  return Value;
}

uint64_t readUleb(const uint8_t *&P) {
  uint64_t Value = 0;
  unsigned Shift = 0;
  uint8_t Byte;
  do {
    Byte = *P++;
    if (Shift < 64)
      Value |= uint64_t(Byte & 0x7f) << Shift;
    Shift += 7;
  } while (Byte & 0x80);
  return Value;
}

/// Reads a number of Encoding's format (its application bits do not matter
/// to a length); false for a format this reader does not know.
bool readFormatted(const uint8_t *&P, uint8_t Encoding, uint64_t &Value) {
  switch (Encoding & EncFormat) {
  case EncAbsPtr:
  case EncUdata8:
  case EncSdata8:
    Value = readAt<uint64_t>(P);
    P += 8;
    return true;
  case EncUdata4:
    Value = readAt<uint32_t>(P);
    P += 4;
    return true;
  case EncSdata4:
    Value = uint64_t(int64_t(readAt<int32_t>(P)));
    P += 4;
    return true;
  case EncUdata2:
    Value = readAt<uint16_t>(P);
    P += 2;
    return true;
  case EncSdata2:
    Value = uint64_t(int64_t(readAt<int16_t>(P)));
    P += 2;
    return true;
  case EncUleb128:
  case EncSleb128: // a length, so never negative
    Value = readUleb(P);
    return true;
  default:
    return false;
  }
}

/// The 'R' encoding (of an FDE's pc_begin and pc_range) in the CIE at Cie;
/// EncOmit when it cannot be read.
uint8_t pointerEncoding(const uint8_t *Cie) {
  if (readAt<uint32_t>(Cie) == 0xffffffffu) // 64-bit DWARF: not written here
    return EncOmit;
  const uint8_t *P = Cie + 8; // length, CIE id
  uint8_t Version = *P++;
  const char *Augmentation = reinterpret_cast<const char *>(P);
  P += std::strlen(Augmentation) + 1;
  if (Augmentation[0] != 'z')
    return EncAbsPtr;
  readUleb(P); // code alignment
  readUleb(P); // data alignment (signed; only skipped)
  if (Version == 1)
    ++P; // return address register
  else
    readUleb(P);
  readUleb(P); // augmentation data length
  for (const char *A = Augmentation + 1; *A; ++A) {
    switch (*A) {
    case 'R':
      return *P;
    case 'P': {
      uint8_t Personality = *P++;
      uint64_t Ignored;
      if (!readFormatted(P, Personality, Ignored))
        return EncOmit;
      break;
    }
    case 'L':
      ++P;
      break;
    case 'S':
    case 'B':
    case 'G':
      break;
    default:
      return EncOmit;
    }
  }
  return EncAbsPtr;
}

struct Search {
  uintptr_t Code;
  const uint8_t *Header = nullptr;
};

int findHeader(dl_phdr_info *Info, size_t, void *Data) {
  auto &S = *static_cast<Search *>(Data);
  const ElfW(Phdr) *EhFrame = nullptr;
  bool Holds = false;
  for (ElfW(Half) I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &Ph = Info->dlpi_phdr[I];
    uintptr_t Start = Info->dlpi_addr + Ph.p_vaddr;
    if (Ph.p_type == PT_LOAD && S.Code >= Start && S.Code < Start + Ph.p_memsz)
      Holds = true;
    else if (Ph.p_type == PT_GNU_EH_FRAME)
      EhFrame = &Ph;
  }
  if (!Holds)
    return 0;
  if (EhFrame)
    S.Header = reinterpret_cast<const uint8_t *>(Info->dlpi_addr + EhFrame->p_vaddr);
  return 1;
}

} // namespace

UnwindIndex UnwindIndex::ofObjectHolding(const void *Code) noexcept {
  Search S{reinterpret_cast<uintptr_t>(Code)};
  dl_iterate_phdr(findHeader, &S);
  return S.Header ? UnwindIndex(S.Header) : UnwindIndex();
}

UnwindIndex::UnwindIndex(const uint8_t *Hdr) noexcept {
  // version, eh_frame_ptr_enc, fde_count_enc, table_enc, eh_frame_ptr, fde_count
  if (Hdr[0] != 1 || Hdr[3] != EncDatarelSdata4)
    return;
  const uint8_t *P = Hdr + 4;
  uint64_t Ignored, Entries;
  if (Hdr[1] == EncOmit || !readFormatted(P, Hdr[1], Ignored) || Hdr[2] == EncOmit ||
      !readFormatted(P, Hdr[2], Entries) || Entries > UINT32_MAX)
    return;
  Header = Hdr;
  Table = reinterpret_cast<const int32_t *>(P);
  Count = uint32_t(Entries);
}

uint8_t UnwindIndex::encodingOfCie(const uint8_t *Cie) const noexcept {
  if (Cie != LastCie) {
    LastEncoding = pointerEncoding(Cie);
    LastCie = Cie;
  }
  return LastEncoding;
}

uintptr_t UnwindIndex::initialLocation(uint32_t Entry) const noexcept {
  return reinterpret_cast<uintptr_t>(Header) + intptr_t(readAt<int32_t>(&Table[2 * Entry]));
}

uint32_t UnwindIndex::entryAt(uintptr_t Start) const noexcept {
  if (NextEntry < Count && initialLocation(NextEntry) == Start)
    return NextEntry;
  uint32_t Low = 0, High = Count;
  while (Low < High) {
    uint32_t Mid = Low + (High - Low) / 2;
    uintptr_t Initial = initialLocation(Mid);
    if (Initial == Start)
      return Mid;
    if (Initial < Start)
      Low = Mid + 1;
    else
      High = Mid;
  }
  return Count;
}

CodeExtent UnwindIndex::extentOf(uint32_t Entry, uintptr_t Start) const noexcept {
  const uint8_t *Fde = Header + readAt<int32_t>(&Table[2 * Entry + 1]);
  if (readAt<uint32_t>(Fde) == 0xffffffffu)
    return {};
  const uint8_t *CiePointer = Fde + 4;
  uint8_t Encoding = encodingOfCie(CiePointer - readAt<int32_t>(CiePointer));
  const uint8_t *P = CiePointer + 4;
  uint64_t Ignored, Length;
  if (Encoding == EncOmit || !readFormatted(P, Encoding, Ignored) ||
      !readFormatted(P, Encoding & EncFormat, Length))
    return {};
  return {Start, Start + uintptr_t(Length)};
}

CodeExtent UnwindIndex::functionAt(uintptr_t Start) const noexcept {
  uint32_t Entry = entryAt(Start);
  if (Entry == Count)
    return {};
  NextEntry = Entry + 1;
  return extentOf(Entry, Start);
}

} // namespace energy::rt
