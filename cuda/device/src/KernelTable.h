//===- KernelTable.h - The static kernel table of a device module ---------===//
//
// On a GPU the static facts of a module's instrumented kernels travel in
// the module itself, as the JSON text `__energy_gpu_table`
// (pass/DeviceNvptxRows.h): per kernel its mode, the number of blocks and
// counter slots, the critical-edge slots and the blocks' static facts. The
// host collector reads it from device memory once per module and turns each
// kernel into the same `energy_gpu_kernel` descriptor (abi.h) that emulated
// builds carry as a constant, so both feed one profile writer.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_GPU_KERNELTABLE_H
#define ENERGY_GPU_KERNELTABLE_H

#include "energy_gpu/abi.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace energy::gpu {

class KernelTable {
public:
  /// Parses the table's text; nullopt with a one-line `error` naming the
  /// problem when it is not a table of a known version or breaks its rules.
  static std::optional<KernelTable> parse(std::string_view text, std::string &error);

  /// The descriptor of the kernel with this (mangled) name, or null.
  const energy_gpu_kernel *find(std::string_view name) const;

private:
  /// A descriptor and the storage its pointers point into; never moved once
  /// built, hence held by pointer.
  struct Entry {
    std::string name, blocksJson;
    std::vector<uint32_t> edges;
    energy_gpu_kernel descriptor{};
  };
  std::vector<std::unique_ptr<Entry>> entries;
};

} // namespace energy::gpu

#endif
