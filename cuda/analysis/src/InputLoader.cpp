// InputLoader: format detection by path and first meaningful line.
#include "energy/gpu/InputLoader.h"

#include "energy/gpu/AccelSimTrace.h"
#include "energy/gpu/GpuProfile.h"
#include "energy/gpu/InputError.h"
#include "energy/gpu/LineReader.h"

#include <filesystem>

namespace energy::gpu {
namespace {

std::string firstLine(const std::string &Path) {
  LineReader R(Path);
  std::string_view Line;
  while (R.next(Line)) {
    size_t B = Line.find_first_not_of(" \t");
    if (B != std::string_view::npos)
      return std::string(Line.substr(B, 200));
  }
  return "";
}

bool hasSuffix(const std::string &S, const std::string &Suffix) {
  return S.size() >= Suffix.size() &&
         S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

} // namespace

std::vector<Kernel> loadInput(const std::string &Path, const GpgpuSimOptions &Gpgpu) {
  namespace fs = std::filesystem;
  std::error_code Ec;
  if (fs::is_directory(Path, Ec)) {
    for (const char *List : {"kernelslist.g", "kernelslist"})
      if (fs::exists(fs::path(Path) / List))
        return readAccelSimKernelList((fs::path(Path) / List).string());
    failAt(Path, 0, "directory without kernelslist.g; pass an Accel-Sim trace directory or a file");
  }
  std::string Name = fs::path(Path).filename().string();
  if (hasSuffix(Name, ".xz"))
    Name.resize(Name.size() - 3);
  if (Name == "kernelslist.g" || Name == "kernelslist")
    return readAccelSimKernelList(Path);
  std::string First = firstLine(Path);
  if (First.starts_with("-kernel name") || First.starts_with("-") || hasSuffix(Name, ".traceg") ||
      hasSuffix(Name, ".trace"))
    return {readAccelSimKernel(Path)};
  if (First.starts_with("[thd="))
    return readGpgpuSimLog(Path, Gpgpu);
  if (First.starts_with("{"))
    return readGpuProfile(Path);
  failAt(Path, 0,
         "unknown input: expected an Accel-Sim trace (kernelslist.g, kernel-N.trace[g]), "
         "a GPGPU-Sim instruction log ([thd=N] lines) or an EnergyPass GPU profile (JSON); "
         "see docs/energy-gpu.md");
}

} // namespace energy::gpu
