//===- Formats.h - Every versioned JSON format, named once ----------------===//
//
// Each file format the project writes and reads carries the envelope
// {"format": NAME, "version": N}. Its name, the version this build writes and
// the oldest version the readers still accept are listed here, once, and both
// the writer and the reader use them (readers through document/Envelope.h),
// so that a bumped version cannot reach one side only. Plain constexpr data:
// the runtime and the GPU collectors, which live in other people's programs,
// include it as freely as the tools do.
//
// A new version of a format: raise Version here, say in the format's page
// under docs/formats/ what changed, and raise OldestReadable only when the
// readers can no longer read the old files.
//
// Not listed: the kernel table that the pass hands to the GPU collectors
// (ENERGY_GPU_TABLE_FORMAT in include/energy_gpu/abi.h, a C ABI), the
// pass's text filter file (`energypass-filter 2`, pass/FilterFile.h) and the
// binary continuous counts file (its magic and version in
// runtime/lib/ContinuousFormat.h).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_SUPPORT_FORMATS_H
#define ENERGY_SUPPORT_FORMATS_H

namespace energy::format {

struct Format {
  /// The value of the document's "format" member.
  const char *Name;
  /// The version this build writes, and the newest its readers accept.
  long long Version;
  /// The oldest version the readers still accept.
  long long OldestReadable;
};

/// What the runtime writes at exit (docs/formats/report.md). Version 1 is
/// version 2 without sampled timing (no `timing`; integer `call_tree[].calls`;
/// wall-clock times), and the readers still take it.
inline constexpr Format Report{"energypass-report", 7, 1};
/// Energy models, analytic and learned (docs/formats/model.md).
inline constexpr Format Model{"energypass-model", 1, 1};
/// What energy-ceilings measured (docs/formats/machine-profile.md).
inline constexpr Format MachineProfile{"energypass-machine-profile", 1, 1};
/// The JSON sidecar of an energy-train data set (docs/formats/dataset.md).
inline constexpr Format Dataset{"energypass-dataset", 1, 1};
/// What the GPU collectors record (docs/formats/gpu-profile.md).
inline constexpr Format GpuProfile{"energypass-gpu-profile", 1, 1};
/// What energy-gpu analyze writes (docs/formats/gpu-analysis.md).
inline constexpr Format GpuAnalysis{"energypass-gpu-analysis", 1, 1};
/// Power over time, in reports and from external meters (docs/formats/timeline.md).
inline constexpr Format Timeline{"energypass-timeline", 1, 1};
/// energy-stat's JSON output (docs/formats/energy-stat.md).
inline constexpr Format EnergyStat{"energy-stat", 1, 1};
/// energy-report diff --format json (docs/formats/diff.md).
inline constexpr Format Diff{"energypass-diff", 1, 1};
/// energy-report show --format json (docs/tools.md).
inline constexpr Format Show{"energypass-show", 1, 1};

} // namespace energy::format

#endif
