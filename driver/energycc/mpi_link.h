//===- mpi_link.h - Linking the MPI layer into MPI programs ---------------===//
//
// An MPI compiler wrapper (OMPI_CC=energycc mpicc, MPICH_CC=energycc mpicc)
// calls energycc with the MPI library on the link line (-lmpi, -lmpich, or
// the library's path, as CMake's MPI::MPI_C gives it). energycc then links
// libenergympi just before it, so that the program's MPI calls resolve to
// the layer, which calls the library's PMPI functions (docs/mpi.md).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_ENERGYCC_MPI_LINK_H
#define ENERGY_DRIVER_ENERGYCC_MPI_LINK_H

#include <optional>
#include <string>
#include <vector>

namespace energy::cc {

/// The index of the first argument that links an MPI library (for `-l NAME`,
/// the index of `-l`), or nothing when the command links none.
std::optional<size_t> mpiLibraryArgument(const std::vector<std::string> &Args);

/// `Args` with `Layer` inserted before its first MPI library; unchanged when
/// it links none.
std::vector<std::string> withMpiLayer(std::vector<std::string> Args,
                                      const std::string &Layer);

} // namespace energy::cc

#endif
