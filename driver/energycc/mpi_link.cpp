//===- mpi_link.cpp - Linking the MPI layer into MPI programs -------------===//
#include "mpi_link.h"

#include <array>
#include <filesystem>
#include <string_view>
#include <system_error>

namespace energy::cc {
namespace {

/// Open MPI's and MPICH's C and C++ libraries.
constexpr std::array<std::string_view, 5> MpiLibraries = {"mpi", "mpich", "mpi_cxx", "mpicxx",
                                                          "mpichcxx"};

bool isMpiLibraryName(std::string_view Name) {
  for (std::string_view Library : MpiLibraries)
    if (Name == Library)
      return true;
  return false;
}

/// The library name of a file such as libmpich.so.12 or libmpi.a ("mpich",
/// "mpi"), or "" when it is no library file.
std::string_view libraryName(std::string_view Path) {
  std::string_view File = Path.substr(Path.rfind('/') + 1);
  if (!File.starts_with("lib"))
    return "";
  File.remove_prefix(3);
  size_t Suffix = File.find(".so");
  if (Suffix == std::string_view::npos && File.ends_with(".a"))
    Suffix = File.size() - 2;
  if (Suffix == std::string_view::npos)
    return "";
  std::string_view Rest = File.substr(Suffix);
  bool Shared = Rest == ".so" || Rest.starts_with(".so.");
  return Shared || Rest == ".a" ? File.substr(0, Suffix) : "";
}

/// A file such as /usr/lib/x86_64-linux-gnu/openmpi/lib/libmpi.so or libmpich.so.12.
bool isMpiLibraryFile(std::string_view Path) {
  std::string_view Name = libraryName(Path);
  return !Name.empty() && isMpiLibraryName(Name);
}

/// MPICH names its C++ library libmpicxx when built from source, libmpichcxx
/// in Debian.
bool isMpichName(std::string_view Name) {
  return Name == "mpich" || Name == "mpichcxx" || Name == "mpicxx";
}

/// The family of the library file at Path, once its symbolic links are
/// resolved: Debian's /usr/lib/<triple>/libmpi.so may be MPICH's.
MpiFamily familyOfFile(const std::string &Path) {
  std::error_code Ec;
  std::filesystem::path Real = std::filesystem::canonical(Path, Ec);
  std::string_view Name = libraryName(Ec ? Path : Real.string());
  return isMpichName(Name) ? MpiFamily::Mpich : MpiFamily::OpenMpi;
}

/// The -L directories of a link, in the order the linker searches them.
std::vector<std::string> libraryDirectories(const std::vector<std::string> &Args) {
  std::vector<std::string> Dirs;
  for (size_t I = 0; I < Args.size(); ++I) {
    std::string_view Arg = Args[I];
    if (Arg == "-L" && I + 1 < Args.size())
      Dirs.push_back(Args[++I]);
    else if (Arg.starts_with("-L") && Arg.size() > 2)
      Dirs.emplace_back(Arg.substr(2));
  }
  return Dirs;
}

/// The family of `-lName`: the first of the link's directories holding the
/// library decides.
MpiFamily familyOfName(const std::string &Name, const std::vector<std::string> &Args) {
  if (isMpichName(Name))
    return MpiFamily::Mpich;
  std::error_code Ec;
  for (const std::string &Dir : libraryDirectories(Args))
    for (const char *Suffix : {".so", ".a"})
      if (std::string File = Dir + "/lib" + Name + Suffix; std::filesystem::exists(File, Ec))
        return familyOfFile(File);
  return MpiFamily::OpenMpi;
}

} // namespace

std::optional<MpiLibrary> mpiLibrary(const std::vector<std::string> &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    std::string_view Arg = Args[I];
    if (Arg == "-l" && I + 1 < Args.size() && isMpiLibraryName(Args[I + 1]))
      return MpiLibrary{I, familyOfName(Args[I + 1], Args)};
    if (Arg.starts_with("-l") && isMpiLibraryName(Arg.substr(2)))
      return MpiLibrary{I, familyOfName(std::string(Arg.substr(2)), Args)};
    if (!Arg.starts_with("-") && isMpiLibraryFile(Arg))
      return MpiLibrary{I, familyOfFile(Args[I])};
  }
  return std::nullopt;
}

std::string mpiLayerFile(const std::string &LibDir, MpiFamily Family) {
  return LibDir + (Family == MpiFamily::Mpich ? "/libenergympi-mpich.so" : "/libenergympi.so");
}

std::vector<std::string> withMpiLayer(std::vector<std::string> Args, const std::string &Layer) {
  if (std::optional<MpiLibrary> Library = mpiLibrary(Args))
    Args.insert(Args.begin() + long(Library->argument), Layer);
  return Args;
}

} // namespace energy::cc
