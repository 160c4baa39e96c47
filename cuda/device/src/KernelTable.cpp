//===- KernelTable.cpp - The static kernel table of a device module -------===//
#include "KernelTable.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace energy::gpu {
namespace {

using nlohmann::json;

/// Thrown with the JSON path and the rule it breaks.
struct TableError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const json &field(const json &object, const char *name, const std::string &path) {
  auto it = object.find(name);
  if (it == object.end())
    throw TableError(path + "." + name + ": missing");
  return *it;
}

uint32_t unsignedField(const json &object, const char *name, const std::string &path) {
  const json &value = field(object, name, path);
  if (!value.is_number_unsigned() || value.get<uint64_t>() > UINT32_MAX)
    throw TableError(path + "." + name + ": not an unsigned 32-bit integer");
  return value.get<uint32_t>();
}

std::vector<uint32_t> edgeTriples(const json &edges, uint32_t numBlocks, uint32_t numSlots,
                                  const std::string &path) {
  if (!edges.is_array())
    throw TableError(path + ": not an array");
  std::vector<uint32_t> triples;
  for (size_t e = 0; e < edges.size(); ++e) {
    const json &edge = edges[e];
    const std::string at = path + "[" + std::to_string(e) + "]";
    if (!edge.is_array() || edge.size() != 3)
      throw TableError(at + ": not a [from, to, slot] triple");
    for (const json &number : edge)
      if (!number.is_number_unsigned())
        throw TableError(at + ": not a [from, to, slot] triple");
    const uint32_t from = edge[0], to = edge[1], slot = edge[2];
    if (from >= numBlocks || to >= numBlocks || slot >= numSlots)
      throw TableError(at + ": block or slot out of range");
    triples.insert(triples.end(), {from, to, slot});
  }
  return triples;
}

} // namespace

std::optional<KernelTable> KernelTable::parse(std::string_view text, std::string &error) {
  try {
    const json doc = json::parse(text);
    if (!doc.is_object() || doc.value("format", "") != ENERGY_GPU_TABLE_FORMAT)
      throw TableError("not an EnergyPass kernel table (format is not \"" ENERGY_GPU_TABLE_FORMAT
                       "\")");
    if (doc.value("version", json()) != ENERGY_GPU_TABLE_VERSION)
      throw TableError("kernel table version " + doc.value("version", json()).dump() +
                       " is not the supported " + std::to_string(ENERGY_GPU_TABLE_VERSION) +
                       "; rebuild the program with this EnergyPass");
    const json &kernels = field(doc, "kernels", "table");
    if (!kernels.is_array())
      throw TableError("table.kernels: not an array");
    KernelTable table;
    for (size_t k = 0; k < kernels.size(); ++k) {
      const json &kernel = kernels[k];
      const std::string path = "table.kernels[" + std::to_string(k) + "]";
      if (!kernel.is_object() || !field(kernel, "name", path).is_string())
        throw TableError(path + ".name: not a string");
      auto entry = std::make_unique<Entry>();
      energy_gpu_kernel &d = entry->descriptor;
      d.abi_version = ENERGY_GPU_ABI_VERSION;
      d.mode = unsignedField(kernel, "mode", path);
      d.sample_every = unsignedField(kernel, "sample_every", path);
      d.num_blocks = unsignedField(kernel, "num_blocks", path);
      d.num_slots = unsignedField(kernel, "num_slots", path);
      if (d.mode > ENERGY_GPU_MODE_SAMPLE)
        throw TableError(path + ".mode: unknown mode " + std::to_string(d.mode));
      if (d.sample_every == 0 || d.num_slots < d.num_blocks)
        throw TableError(path + ": sample_every is 0 or num_slots < num_blocks");
      const json &blocks = field(kernel, "blocks", path);
      if (!blocks.is_array() || blocks.size() != d.num_blocks)
        throw TableError(path + ".blocks: not an array of num_blocks blocks");
      entry->name = kernel["name"].get<std::string>();
      entry->blocksJson = blocks.dump();
      entry->edges =
          edgeTriples(field(kernel, "edges", path), d.num_blocks, d.num_slots, path + ".edges");
      d.num_edges = uint32_t(entry->edges.size() / 3);
      d.name = entry->name.c_str();
      d.blocks_json = entry->blocksJson.c_str();
      d.edges = entry->edges.empty() ? nullptr : entry->edges.data();
      table.entries.push_back(std::move(entry));
    }
    return table;
  } catch (const json::exception &e) {
    error = std::string("kernel table is not valid JSON: ") + e.what();
  } catch (const TableError &e) {
    error = e.what();
  }
  return std::nullopt;
}

const energy_gpu_kernel *KernelTable::find(std::string_view name) const {
  for (const auto &entry : entries)
    if (entry->name == name)
      return &entry->descriptor;
  return nullptr;
}

} // namespace energy::gpu
