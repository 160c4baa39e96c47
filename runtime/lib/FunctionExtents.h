//===- FunctionExtents.h - Where a function's machine code ends -----------===//
//
// Sampled timing attributes a sample whose program counter lies in an
// unmarked function (one the pass counts but does not push: too small to
// pay for a push) to that function's region. The pass knows where such a
// function begins (its address) but not where it ends; the unwind tables
// do. Every object the program loads has its functions' call frame
// descriptions (.eh_frame) and a sorted index of them (.eh_frame_hdr, the
// PT_GNU_EH_FRAME segment) for the unwinder: each description holds its
// function's start and length. These are read at module registration, never
// in the signal handler.
//
// Only what GNU ld, gold and lld write is read: the index's table of
// 4-byte offsets from the index (DW_EH_PE_datarel | DW_EH_PE_sdata4), and
// descriptions whose pointers are 2-, 4- or 8-byte or LEB128 numbers.
// Anything else reads as no extent, and that function's samples go to the
// region below it on the stack, as they would without this.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_FUNCTIONEXTENTS_H
#define ENERGY_RT_FUNCTIONEXTENTS_H

#include <cstdint>

namespace energy::rt {

struct CodeExtent {
  uintptr_t Begin = 0;
  uintptr_t End = 0; /// one past the last byte; Begin == End: unknown
  bool known() const { return End > Begin; }
};

/// The unwind index of one loaded object.
class UnwindIndex {
public:
  /// The index of the loaded object whose code holds Code; empty when it
  /// has none this reader understands.
  static UnwindIndex ofObjectHolding(const void *Code) noexcept;
  /// An index at a given .eh_frame_hdr (tests read their own object's).
  explicit UnwindIndex(const uint8_t *Header) noexcept;
  UnwindIndex() = default;

  bool empty() const { return Count == 0; }
  /// The extent of the function that begins exactly at Start; unknown when
  /// no description begins there.
  CodeExtent functionAt(uintptr_t Start) const noexcept;

private:
  uintptr_t initialLocation(uint32_t Entry) const noexcept;
  /// The entry whose initial location is Start, or Count: the one after
  /// the last found first, since a module's functions are asked in the
  /// order its linker kept them (a binary search each cost Lua's start-up
  /// 0.1 M instructions), then a binary search.
  uint32_t entryAt(uintptr_t Start) const noexcept;
  CodeExtent extentOf(uint32_t Entry, uintptr_t Start) const noexcept;

  /// The pointer encoding of the CIE at Cie, remembered from the last
  /// call: a compiler writes one CIE for almost all of an object's FDEs.
  uint8_t encodingOfCie(const uint8_t *Cie) const noexcept;

  const uint8_t *Header = nullptr;
  const int32_t *Table = nullptr; /// Count pairs (initial location, description)
  uint32_t Count = 0;
  mutable uint32_t NextEntry = 0;
  mutable const uint8_t *LastCie = nullptr;
  mutable uint8_t LastEncoding = 0;
};

} // namespace energy::rt

#endif
