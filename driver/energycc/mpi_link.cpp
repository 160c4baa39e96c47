//===- mpi_link.cpp - Linking the MPI layer into MPI programs -------------===//
#include "mpi_link.h"

#include <array>
#include <string_view>

namespace energy::cc {
namespace {

/// Open MPI's and MPICH's C and C++ libraries.
constexpr std::array<std::string_view, 5> MpiLibraries = {"mpi", "mpich", "mpi_cxx",
                                                          "mpicxx", "mpichcxx"};

bool isMpiLibraryName(std::string_view Name) {
  for (std::string_view Library : MpiLibraries)
    if (Name == Library)
      return true;
  return false;
}

/// A file such as /usr/lib/x86_64-linux-gnu/openmpi/lib/libmpi.so or libmpich.so.12.
bool isMpiLibraryFile(std::string_view Path) {
  std::string_view File = Path.substr(Path.rfind('/') + 1);
  if (!File.starts_with("lib"))
    return false;
  File.remove_prefix(3);
  size_t Suffix = File.find(".so");
  if (Suffix == std::string_view::npos && File.ends_with(".a"))
    Suffix = File.size() - 2;
  if (Suffix == std::string_view::npos)
    return false;
  std::string_view Rest = File.substr(Suffix);
  bool Shared = Rest == ".so" || Rest.starts_with(".so.");
  return (Shared || Rest == ".a") && isMpiLibraryName(File.substr(0, Suffix));
}

} // namespace

std::optional<size_t> mpiLibraryArgument(const std::vector<std::string> &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    std::string_view Arg = Args[I];
    if (Arg == "-l" && I + 1 < Args.size() && isMpiLibraryName(Args[I + 1]))
      return I;
    if (Arg.starts_with("-l") && isMpiLibraryName(Arg.substr(2)))
      return I;
    if (!Arg.starts_with("-") && isMpiLibraryFile(Arg))
      return I;
  }
  return std::nullopt;
}

std::vector<std::string> withMpiLayer(std::vector<std::string> Args,
                                      const std::string &Layer) {
  if (std::optional<size_t> At = mpiLibraryArgument(Args))
    Args.insert(Args.begin() + long(*At), Layer);
  return Args;
}

} // namespace energy::cc
