//===- CallPaths.cpp - Mapping and unmapping a thread's path table --------===//
#include "CallPaths.h"

#include "PageMemory.h"

namespace energy::rt {

bool CallPaths::allocate(uint32_t Max) noexcept {
  uint32_t Slotted = 2;
  while (Slotted < 2 * Max)
    Slotted *= 2;
  MaxNodes = Max;
  SlotCount = Slotted;
  Nodes = static_cast<CallPathNode *>(allocatePages(Max * sizeof(CallPathNode)));
  Slots = static_cast<uint32_t *>(allocatePages(Slotted * sizeof(uint32_t)));
  if (!Nodes || !Slots) {
    release();
    return false;
  }
  return true;
}

void CallPaths::release() noexcept {
  freePages(Nodes, MaxNodes * sizeof(CallPathNode));
  freePages(Slots, SlotCount * sizeof(uint32_t));
  Nodes = nullptr;
  Slots = nullptr;
  MaxNodes = SlotCount = Count = 0;
}

void CallPaths::zeroFigures() noexcept {
  for (uint32_t I = 0; I < Count; ++I)
    Nodes[I].Calls = Nodes[I].SelfTicks = 0;
}

} // namespace energy::rt
