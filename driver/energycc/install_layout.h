//===- install_layout.h - Where energycc finds the plugin and the runtime -===//
//
// The build tree mirrors the install tree, so both are found relative to the
// energycc executable: <prefix>/bin/energycc, <prefix>/lib/libEnergyPass.so,
// <prefix>/lib/libenergyrt.so, <prefix>/lib/libenergympi.so and
// libenergympi-mpich.so (mpi_link.h), <prefix>/include/energy/.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_ENERGYCC_INSTALL_LAYOUT_H
#define ENERGY_DRIVER_ENERGYCC_INSTALL_LAYOUT_H

#include <string>

namespace energy::cc {

struct InstallLayout {
  std::string self;    // the energycc executable, symlinks resolved
  std::string prefix;  // parent of the directory holding it
  std::string plugin;  // <prefix>/lib/libEnergyPass.so
  std::string libDir;  // <prefix>/lib
  std::string runtime; // <prefix>/lib/libenergyrt.so
  /// The MPI layer for the MPI a link names (mpiLayerFile()); empty: none.
  std::string mpiLayer;
  std::string includeDir;
};

/// The layout around the running executable (/proc/self/exe).
InstallLayout locateInstallation();

} // namespace energy::cc

#endif
