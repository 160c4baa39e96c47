//===- PfmEvents.cpp - Raw event names through libpfm4 ---------------------===//
//
// libpfm4 knows the model-specific event names of each CPU (INST_RETIRED:ANY_P,
// MEM_LOAD_RETIRED.L3_MISS...). Its perfmon/perf_event.h redefines the
// kernel's structures, so this file alone includes it and copies out the
// fields EventSpec carries.
//
//===----------------------------------------------------------------------===//
#include "meters/Events.h"

#ifdef ENERGY_HAVE_LIBPFM
#include <perfmon/pfmlib_perf_event.h>

#include <cstring>
#include <mutex>
#endif

namespace energy::meters {

#ifdef ENERGY_HAVE_LIBPFM
bool lookupPfmEvent(std::string_view name, EventSpec &out, std::string &error) {
  static std::once_flag once;
  static int initStatus = PFM_SUCCESS;
  std::call_once(once, [] { initStatus = pfm_initialize(); });
  if (initStatus != PFM_SUCCESS) {
    error = std::string("libpfm4: ") + pfm_strerror(initStatus);
    return false;
  }
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  pfm_perf_encode_arg_t arg;
  std::memset(&arg, 0, sizeof arg);
  arg.attr = &attr;
  arg.size = sizeof arg;
  std::string text(name);
  int status = pfm_get_os_event_encoding(text.c_str(), PFM_PLM0 | PFM_PLM3,
                                         PFM_OS_PERF_EVENT, &arg);
  if (status != PFM_SUCCESS) {
    error = std::string("libpfm4: ") + pfm_strerror(status);
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
  error = "libpfm4 not built in: install libpfm4-dev and rebuild";
  return false;
}
#endif

} // namespace energy::meters
