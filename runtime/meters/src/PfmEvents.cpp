//===- PfmEvents.cpp - Raw event names through libpfm4 ---------------------===//
//
// libpfm4 knows the model-specific event names of each CPU (INST_RETIRED:ANY_P,
// MEM_LOAD_RETIRED.L3_MISS...). It is loaded with dlopen on the first name
// that needs it, so that libenergyrt, which links this library into every
// measured program, does not depend on it. Its perfmon/perf_event.h
// redefines the kernel's structures, so this file alone includes it and
// copies out the fields EventSpec carries.
//
//===----------------------------------------------------------------------===//
#include "meters/Events.h"

#ifdef ENERGY_HAVE_LIBPFM
#include <perfmon/pfmlib_perf_event.h>

#include <cstring>
#include <dlfcn.h>
#include <mutex>
#endif

namespace energy::meters {

#ifdef ENERGY_HAVE_LIBPFM
namespace {

struct Libpfm {
  decltype(&pfm_initialize) initialize = nullptr;
  decltype(&pfm_get_os_event_encoding) encode = nullptr;
  decltype(&pfm_strerror) strerror = nullptr;
  std::string failure; // why it cannot be used, empty when it can
};

const Libpfm &libpfm() {
  static Libpfm lib;
  static std::once_flag once;
  std::call_once(once, [] {
    void *handle = dlopen("libpfm.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      lib.failure = "libpfm4 not installed (apt-get install libpfm4)";
      return;
    }
    lib.initialize = reinterpret_cast<decltype(lib.initialize)>(dlsym(handle, "pfm_initialize"));
    lib.encode = reinterpret_cast<decltype(lib.encode)>(dlsym(handle, "pfm_get_os_event_encoding"));
    lib.strerror = reinterpret_cast<decltype(lib.strerror)>(dlsym(handle, "pfm_strerror"));
    if (!lib.initialize || !lib.encode || !lib.strerror) {
      lib.failure = "libpfm.so.4 lacks pfm_get_os_event_encoding (libpfm4 older than 4.2)";
      return;
    }
    if (int status = lib.initialize(); status != PFM_SUCCESS)
      lib.failure = std::string("libpfm4: ") + lib.strerror(status);
  });
  return lib;
}

} // namespace

bool lookupPfmEvent(std::string_view name, EventSpec &out, std::string &error) {
  const Libpfm &pfm = libpfm();
  if (!pfm.failure.empty()) {
    error = pfm.failure;
    return false;
  }
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  pfm_perf_encode_arg_t arg;
  std::memset(&arg, 0, sizeof arg);
  arg.attr = &attr;
  arg.size = sizeof arg;
  std::string text(name);
  int status = pfm.encode(text.c_str(), PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT, &arg);
  if (status != PFM_SUCCESS) {
    error = std::string("libpfm4: ") + pfm.strerror(status);
    return false;
  }
  out.type = attr.type;
  out.config = attr.config;
  out.config1 = attr.config1;
  out.config2 = attr.config2;
  out.excludeUser = attr.exclude_user;
  out.excludeKernel = attr.exclude_kernel;
  out.excludeHv = attr.exclude_hv;
  return true;
}
#else
bool lookupPfmEvent(std::string_view, EventSpec &, std::string &error) {
  error = "libpfm4 headers were missing at build time: install libpfm4-dev and rebuild";
  return false;
}
#endif

} // namespace energy::meters
