//===- NvmlMeter.cpp - NVIDIA GPU energy through NVML ---------------------===//
//
// NVML is loaded with dlopen at run time so that nothing links against the
// driver: machines without an NVIDIA GPU run the same binaries and the source
// says why there is no GPU energy. nvmlDeviceGetTotalEnergyConsumption gives
// millijoules since the driver loaded (Volta and newer); older GPUs answer
// NVML_ERROR_NOT_SUPPORTED and are listed as such.
//
//===----------------------------------------------------------------------===//
#include "meters/EnergyMeter.h"

#include <dlfcn.h>
#include <unistd.h>

// NVML's opaque device type, declared as nvml.h does (global, C linkage
// names), so that the function pointers below have NVML's exact types.
struct nvmlDevice_st;

namespace energy::meters {
namespace {

// The few NVML declarations used, from nvml.h (stable C ABI).
using nvmlReturn_t = int;
using nvmlDevice_t = ::nvmlDevice_st *;
constexpr nvmlReturn_t kNvmlSuccess = 0;
constexpr nvmlReturn_t kNvmlNotSupported = 3;

struct NvmlApi {
  void *handle = nullptr;
  nvmlReturn_t (*init)() = nullptr;
  nvmlReturn_t (*shutdown)() = nullptr;
  nvmlReturn_t (*deviceCount)(unsigned *) = nullptr;
  nvmlReturn_t (*deviceByIndex)(unsigned, nvmlDevice_t *) = nullptr;
  nvmlReturn_t (*totalEnergy)(nvmlDevice_t, unsigned long long *) = nullptr;
  const char *(*errorString)(nvmlReturn_t) = nullptr;

  template <typename F> bool bind(F &fn, const char *symbol) {
    fn = reinterpret_cast<F>(dlsym(handle, symbol));
    return fn != nullptr;
  }

  std::string describe(nvmlReturn_t status) const {
    return errorString ? errorString(status) : "NVML error " + std::to_string(status);
  }
};

// Shared by the meters of one discovery; shuts NVML down with the last one.
struct NvmlSession {
  NvmlApi api;
  ~NvmlSession() {
    if (api.shutdown)
      api.shutdown();
    if (api.handle)
      dlclose(api.handle);
  }
};

class NvmlMeter final : public EnergyMeter {
public:
  NvmlMeter(std::string name, std::shared_ptr<NvmlSession> session, nvmlDevice_t device,
            unsigned long long first)
      : EnergyMeter(std::move(name), "nvml"), session(std::move(session)), device(device),
        first(first) {}

  std::string domain() const override { return "gpu"; }

  bool read(double &joules) override {
    unsigned long long millijoules;
    if (session->api.totalEnergy(device, &millijoules) != kNvmlSuccess)
      return false;
    joules = static_cast<double>(millijoules - first) * 1e-3;
    return true;
  }

private:
  std::shared_ptr<NvmlSession> session;
  nvmlDevice_t device;
  unsigned long long first;
};

bool bindAll(NvmlApi &api) {
  return api.bind(api.init, "nvmlInit_v2") && api.bind(api.shutdown, "nvmlShutdown") &&
         api.bind(api.deviceCount, "nvmlDeviceGetCount_v2") &&
         api.bind(api.deviceByIndex, "nvmlDeviceGetHandleByIndex_v2") &&
         api.bind(api.totalEnergy, "nvmlDeviceGetTotalEnergyConsumption");
}

/// Whether there is an NVIDIA driver for NVML to talk to: its kernel
/// module (/proc/driver/nvidia, which exists before the device nodes do:
/// NVML has nvidia-modprobe make those on first use), its control device,
/// or WSL 2's GPU device, through which NVML talks to the Windows driver.
bool driverPresent(const ProbeOptions &options) {
  for (const std::string &path : {options.procRoot + "/driver/nvidia",
                                  options.devRoot + "/nvidiactl", options.devRoot + "/dxg"})
    if (access(path.c_str(), F_OK) == 0)
      return true;
  return false;
}

} // namespace

MeterDiscovery discoverNvml(const ProbeOptions &options) {
  MeterDiscovery found;
  found.source = Source{"nvml", "energy", false, false, ""};
  if (!driverPresent(options)) {
    found.source.detail = "no NVIDIA driver on this machine (no " + options.procRoot +
                          "/driver/nvidia, no " + options.devRoot +
                          "/nvidiactl); install the NVIDIA driver to measure GPU energy";
    return found;
  }
  auto session = std::make_shared<NvmlSession>();
  NvmlApi &api = session->api;
  api.handle = dlopen(options.nvmlLibrary.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!api.handle) {
    found.source.detail = options.nvmlLibrary +
                          " not found: no NVIDIA driver on this machine (install the NVIDIA "
                          "driver to measure GPU energy)";
    return found;
  }
  api.bind(api.errorString, "nvmlErrorString");
  if (!bindAll(api)) {
    api.shutdown = nullptr; // never initialised
    found.source.detail = options.nvmlLibrary + " lacks nvmlDeviceGetTotalEnergyConsumption "
                                                "(driver older than R410): update the driver";
    return found;
  }
  if (nvmlReturn_t status = api.init(); status != kNvmlSuccess) {
    api.shutdown = nullptr;
    found.source.detail = "nvmlInit failed: " + api.describe(status) +
                          " (is the NVIDIA kernel module loaded? try nvidia-smi)";
    return found;
  }
  unsigned count = 0;
  api.deviceCount(&count);
  found.source.present = count > 0;
  std::string names, unsupported;
  for (unsigned i = 0; i < count; ++i) {
    nvmlDevice_t device;
    unsigned long long first;
    if (api.deviceByIndex(i, &device) != kNvmlSuccess)
      continue;
    nvmlReturn_t status = api.totalEnergy(device, &first);
    std::string name = "nvml:gpu" + std::to_string(i);
    if (status != kNvmlSuccess) {
      unsupported += (unsupported.empty() ? "" : ", ") + name +
                     (status == kNvmlNotSupported ? " (energy counter needs Volta or newer)"
                                                  : " (" + api.describe(status) + ")");
      continue;
    }
    names += (names.empty() ? "" : ", ") + name;
    found.meters.push_back(std::make_unique<NvmlMeter>(name, session, device, first));
  }
  found.source.used = !found.meters.empty();
  if (count == 0)
    found.source.detail = "NVML loaded but reports no GPU";
  else if (found.meters.empty())
    found.source.detail = "no GPU energy counter: " + unsupported;
  else
    found.source.detail = "reads nvmlDeviceGetTotalEnergyConsumption of " + names +
                          (unsupported.empty() ? "" : "; not " + unsupported);
  return found;
}

} // namespace energy::meters
