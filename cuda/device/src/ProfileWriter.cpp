//===- ProfileWriter.cpp - The GPU profile of one process -----------------===//
#include "ProfileWriter.h"

#include "RowGrouper.h"
#include "support/Environment.h"
#include "support/Formats.h"
#include "support/SafeFile.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <unistd.h>

namespace energy::gpu {
namespace {

struct Profile {
  std::mutex mutex;
  nlohmann::json kernels = nlohmann::json::array();
  std::map<const energy_gpu_kernel *, nlohmann::json> staticBlocks;
  bool atExitRegistered = false;
};

/// Never destroyed: launches may end while other static objects go away.
Profile &profile() {
  static Profile *instance = new Profile;
  return *instance;
}

const nlohmann::json &blocksOf(Profile &p, const energy_gpu_kernel &kernel) {
  auto [it, added] = p.staticBlocks.try_emplace(&kernel);
  if (added)
    it->second = nlohmann::json::parse(kernel.blocks_json);
  return it->second;
}

/// Called with p.mutex held.
void registerAtExit(Profile &p) {
  if (p.atExitRegistered)
    return;
  p.atExitRegistered = true;
  std::atexit([] { writeProfile(); });
}

uint64_t product(Shape s) { return uint64_t(s[0]) * s[1] * s[2]; }

} // namespace

void addLaunch(const energy_gpu_kernel &kernel, uint64_t launch, Shape grid, Shape block,
               uint64_t *rows) {
  const uint64_t threads = product(grid) * product(block);
  if (kernel.mode == ENERGY_GPU_MODE_WARP)
    foldWarps(rows, threads, kernel.num_slots, product(block));
  nlohmann::json groups = groupRows(kernel, rows, threads);

  Profile &p = profile();
  std::lock_guard lock(p.mutex);
  p.kernels.push_back({{"name", kernel.name},
                       {"launch", launch},
                       {"grid", grid},
                       {"block", block},
                       {"warp_size", 32},
                       {"blocks", blocksOf(p, kernel)},
                       {"threads", std::move(groups)}});
  registerAtExit(p);
}

void writeProfileAtExit() {
  Profile &p = profile();
  std::lock_guard lock(p.mutex);
  registerAtExit(p);
}

std::string profilePath() {
  if (const char *path = support::setting("ENERGY_GPU_PROFILE"); path != nullptr && *path != '\0')
    return path;
  return "energy-gpu-" + std::string(program_invocation_short_name) + "." +
         std::to_string(getpid()) + ".json";
}

bool writeProfile() {
  Profile &p = profile();
  std::lock_guard lock(p.mutex);
  if (p.kernels.empty())
    return true;
  const nlohmann::json doc{{"format", format::GpuProfile.Name},
                           {"version", format::GpuProfile.Version},
                           {"kernels", p.kernels}};
  const std::string path = profilePath();
  std::string error;
  if (!support::writeFileSafely(path, doc.dump() + "\n",
                                support::guestFileOptions("ENERGY_GPU_PROFILE"), error)) {
    std::fprintf(stderr,
                 "energy-gpu: cannot write the GPU profile %s: %s; set ENERGY_GPU_PROFILE to a "
                 "writable file\n",
                 path.c_str(), error.c_str());
    return false;
  }
  return true;
}

} // namespace energy::gpu
