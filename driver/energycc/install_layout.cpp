//===- install_layout.cpp - Where energycc finds the plugin and the runtime
//===//
#include "install_layout.h"

#include <filesystem>
#include <system_error>

namespace energy::cc {

InstallLayout locateInstallation() {
  namespace fs = std::filesystem;
  std::error_code Ec;
  // /proc/self/exe resolves symlinks, so energyc++ -> energycc, or a link in
  // /usr/local/bin to an installed energycc, still finds the real prefix.
  fs::path Self = fs::read_symlink("/proc/self/exe", Ec);
  InstallLayout L;
  L.self = Self.string();
  fs::path Prefix = Self.parent_path().parent_path();
  L.prefix = Prefix.string();
  L.libDir = (Prefix / "lib").string();
  L.plugin = (Prefix / "lib" / "libEnergyPass.so").string();
  L.runtime = (Prefix / "lib" / "libenergyrt.so").string();
  L.includeDir = (Prefix / "include").string();
  return L;
}

} // namespace energy::cc
