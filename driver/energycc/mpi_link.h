//===- mpi_link.h - Linking the MPI layer into MPI programs ---------------===//
//
// An MPI compiler wrapper (OMPI_CC=energycc mpicc, MPICH_CC=energycc mpicc)
// calls energycc with the MPI library on the link line (-lmpi, -lmpich, or
// the library's path, as CMake's MPI::MPI_C gives it). energycc then links
// the MPI layer built for that MPI just before it, so that the program's MPI
// calls resolve to the layer, which calls the library's PMPI functions
// (docs/mpi.md). Open MPI and MPICH differ in ABI, so each has its layer.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_ENERGYCC_MPI_LINK_H
#define ENERGY_DRIVER_ENERGYCC_MPI_LINK_H

#include <optional>
#include <string>
#include <vector>

namespace energy::cc {

/// The MPI ABIs a layer is built for.
enum class MpiFamily { OpenMpi, Mpich };

/// The MPI library a link names.
struct MpiLibrary {
  size_t argument; /// its first argument (for `-l NAME`, the index of `-l`)
  MpiFamily family;
};

/// The first MPI library `Args` links, or nothing when it links none. The
/// family is MPICH's for its names (-lmpich, -lmpichcxx, -lmpicxx) and for
/// a libmpi that resolves, through the link's -L directories and symbolic
/// links, to a libmpich (Debian's libmpi.so alternative); Open MPI's
/// otherwise.
std::optional<MpiLibrary> mpiLibrary(const std::vector<std::string> &Args);

/// The layer's file in the library directory: libenergympi.so for Open MPI,
/// libenergympi-mpich.so for MPICH.
std::string mpiLayerFile(const std::string &LibDir, MpiFamily Family);

/// `Args` with `Layer` inserted before its first MPI library; unchanged when
/// it links none.
std::vector<std::string> withMpiLayer(std::vector<std::string> Args, const std::string &Layer);

} // namespace energy::cc

#endif
