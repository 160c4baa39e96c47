//===- meters/Sources.h - Measurement sources and how they were probed -*- C++ -*-===//
//
// One entry per source the library knows (hardware and software counters,
// rdpmc, RAPL through powercap, the perf power PMU, NVML), whether it is
// present, whether it is used, and a one-line detail: what it read, or why it
// is missing and how to enable it. This is the report's `sources` array.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_SOURCES_H
#define ENERGY_METERS_SOURCES_H

#include "meters/PerfSys.h"
#include "meters/SysfsFiles.h"

#include <string>
#include <vector>

namespace energy::meters {

struct Source {
  std::string name; // perf-hardware, perf-software, rdpmc, rapl-powercap, perf-power, nvml
  std::string kind; // counters or energy (docs/formats/report.md)
  bool present = false;
  bool used = false;
  std::string detail;
};

/// Where the probe looks. Tests replace the roots, the file opener and the
/// perf system calls; the defaults are the real machine.
struct ProbeOptions {
  std::string sysfsRoot; // empty: $ENERGY_SYSFS_ROOT or /sys
  std::string procRoot = "/proc";
  FileOpener *files = nullptr; // null: the real open(2)
  PerfSys *perf = nullptr;     // null: the real perf_event_open
  std::string nvmlLibrary = "libnvidia-ml.so.1";
  /// Where the NVIDIA driver's device nodes are. NVML is loaded only where
  /// there is a driver (procRoot/driver/nvidia, devRoot/nvidiactl, or
  /// devRoot/dxg under WSL 2): without one the loader would search a dozen
  /// folders for the library, seventy failed system calls at the start of
  /// every measured process.
  std::string devRoot = "/dev";
  /// False: the counter probes create no event. They ask perf_event_open
  /// about an event that no PMU has, and the error says whether the call is
  /// allowed (ENOENT, EINVAL) and whether a CPU PMU answered (EINVAL). The
  /// first per-task event a machine opens after a quiet second waits for an
  /// RCU grace period in the kernel (10-25 ms on a VM): a program measured
  /// without per-region counters need not pay that to learn what is there.
  bool createEvents = true;
};

/// Opens `cycles` on the calling thread: present when the CPU's PMU is
/// reachable; otherwise says whether it is missing (a VM) or forbidden.
Source probeHardwareCounters(const ProbeOptions &options);
/// Opens `task-clock`: software events work wherever perf_event_open does.
Source probeSoftwareCounters(const ProbeOptions &options);
/// Whether user-space rdpmc is allowed (cap_user_rdpmc on a hardware event).
Source probeRdpmc(const ProbeOptions &options, bool hardwarePresent);

} // namespace energy::meters

#endif
