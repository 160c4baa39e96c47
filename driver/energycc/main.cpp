//===- main.cpp - energycc / energyc++: clang with EnergyPass -------------===//
//
// A drop-in replacement for clang-19 and clang++-19 (CC=energycc make,
// CMAKE_C_COMPILER=energycc): it adds the EnergyPass plugin to compilations
// and the runtime to links, leaves every other argument as it is, and
// exec()s the compiler, so exit status, output and signals are clang's own.
// The name it is called by decides the language driver: a name containing
// "++" runs clang++. CUDA builds always run clang++; emulated ones run
// several commands and wait for them (cuda_build.h).
//
//===----------------------------------------------------------------------===//
#include "compiler_command.h"
#include "cuda_build.h"
#include "install_layout.h"
#include "invocation.h"
#include "mpi_link.h"
#include "scratch_folder.h"
#include "wrapper_options.h"

#include "process/ExitStatus.h"
#include "process/Run.h"
#include "tool/ToolMain.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace {

using namespace energy::cc;
namespace process = energy::process;

// Usage errors are bad input (2); a broken installation is not (1).
constexpr int BadUsage = 2;
constexpr int BrokenSetup = 1;

struct Tool {
  std::string name; // energycc or energyc++, for messages
  bool cxx = false;
};

Tool identify(const char *Argv0) {
  Tool T;
  T.name = std::filesystem::path(Argv0 ? Argv0 : "energycc").filename();
  T.cxx = T.name.find("++") != std::string::npos;
  return T;
}

std::string chooseCompiler(bool Cxx) {
  const char *Override = std::getenv(Cxx ? "ENERGY_CLANGXX" : "ENERGY_CLANG");
  if (Override && *Override)
    return Override;
  return Cxx ? ENERGY_DEFAULT_CLANGXX : ENERGY_DEFAULT_CLANG;
}

int fail(const Tool &T, const std::string &Message, int Status) {
  energy::tool::printError(T.name, Message);
  return Status;
}

bool isSameFile(const std::string &A, const std::string &B) {
  std::error_code Ec;
  return std::filesystem::equivalent(A, B, Ec);
}

// Returns an error message, or "" when everything the command needs exists.
std::string checkSetup(const std::string &Compiler, const Invocation &Inv, const InstallLayout &L) {
  if (isSameFile(Compiler, L.self))
    return "the compiler to run (" + Compiler +
           ") is energycc itself; point ENERGY_CLANG / ENERGY_CLANGXX at "
           "clang-19";
  namespace fs = std::filesystem;
  if (Inv.compilesSource && !fs::exists(L.plugin))
    return "the EnergyPass plugin " + L.plugin +
           " is missing; build it (ninja EnergyPass) or reinstall EnergyPass";
  if (Inv.links() && !fs::exists(L.runtime))
    return "the EnergyPass runtime " + L.runtime +
           " is missing; build it (ninja energyrt) or reinstall EnergyPass";
  return "";
}

// Returns an error message, or "" when the filter file (if any) is readable.
std::string checkFilterFile(const WrapperOptions &O) {
  if (!O.filterFile || std::ifstream(*O.filterFile))
    return "";
  return "--energy-filter: cannot read " + *O.filterFile + " (" + std::strerror(errno) + ")";
}

std::string compilerOverrideHint(bool Cxx) {
  return std::string("install clang-19 or set ") + (Cxx ? "ENERGY_CLANGXX" : "ENERGY_CLANG") +
         " to a clang-19 compiler";
}

[[noreturn]] void execute(const Tool &T, const std::vector<std::string> &Cmd) {
  int Error = process::execute(Cmd);
  energy::tool::printError(T.name, process::execFailureMessage(Cmd.front(), Error) + "; " +
                                       compilerOverrideHint(T.cxx));
  std::exit(process::execFailureStatus(Error));
}

// Runs the commands of an emulated CUDA build in order, stopping at the
// first that fails; returns its status.
int runInOrder(const Tool &T, const std::vector<Command> &Commands, bool Print) {
  for (const Command &Cmd : Commands) {
    if (Print)
      std::cerr << shellQuoted(Cmd) << std::endl;
    std::string Why;
    std::optional<int> Status = process::runAndWait(Cmd, Why);
    if (!Status) {
      fail(T, Why + "; " + compilerOverrideHint(/*Cxx=*/true), 127);
      return 127;
    }
    if (*Status != 0)
      return *Status;
  }
  return 0;
}

int buildEmulatedCuda(const Tool &T, const CudaBuild &Build) {
  if (std::string Problem = checkEmulatorSetup(Build.layout); !Problem.empty())
    return fail(T, Problem, BrokenSetup);
  std::string Why;
  std::optional<std::string> Scratch = makeScratchFolder("energycc-cuda", Why);
  if (!Scratch)
    return fail(T, Why, BrokenSetup);
  int Status;
  try {
    Status = runInOrder(T, emulatedCommands(Build, *Scratch), Build.options.printCommand);
  } catch (const UsageError &E) {
    Status = fail(T, E.what(), BadUsage);
  }
  std::error_code Ignored;
  std::filesystem::remove_all(*Scratch, Ignored);
  return Status;
}

/// The MPI layer for the MPI library a link names; none for a command that
/// links no MPI, or, with a warning, when EnergyPass was built without it.
std::string chooseMpiLayer(const Tool &T, const WrapperOptions &Options, const Invocation &Inv,
                           const InstallLayout &Layout) {
  std::optional<MpiLibrary> Mpi = mpiLibrary(Options.clangArguments);
  if (!Mpi || !Inv.links())
    return "";
  std::string Layer = mpiLayerFile(Layout.libDir, Mpi->family);
  if (std::filesystem::exists(Layer))
    return Layer;
  std::cerr << T.name << ": warning: " << Layer
            << " is missing (EnergyPass was built without this MPI); the "
               "program's MPI calls are not measured\n";
  return "";
}

int buildCuda(const Tool &T, const CudaBuild &Build) {
  if (std::string Problem = checkSetup(Build.compiler, Build.inv, Build.layout); !Problem.empty())
    return fail(T, Problem, BrokenSetup);
  if (std::string Problem = checkFilterFile(Build.options); !Problem.empty())
    return fail(T, Problem, BadUsage);
  if (Build.options.cudaEmulate)
    return buildEmulatedCuda(T, Build);
  Command Cmd;
  try {
    Cmd = gpuCommand(Build);
  } catch (const UsageError &E) {
    return fail(T, E.what(), BadUsage);
  }
  if (Build.options.printCommand)
    std::cerr << shellQuoted(Cmd) << std::endl;
  execute(Tool{T.name, /*cxx=*/true}, Cmd);
}

} // namespace

int main(int argc, char **argv) {
  Tool T = identify(argv[0]);
  WrapperOptions Options;
  try {
    Options = parseWrapperOptions(std::vector<std::string>(argv + 1, argv + argc),
                                  verboseRequested(std::getenv("ENERGY_VERBOSE")));
  } catch (const UsageError &E) {
    return fail(T, E.what(), BadUsage);
  }
  if (Options.help) {
    std::cout << helpText(T.name);
    return 0;
  }

  std::string Compiler = chooseCompiler(T.cxx);
  InstallLayout Layout = locateInstallation();
  if (Options.version) {
    std::cout << T.name << " (EnergyPass " ENERGY_VERSION "), running " << Compiler << " with "
              << Layout.plugin << "\n";
    std::cout.flush();
    execute(T, {Compiler, "--version"});
  }

  CudaSettings Cuda;
  try {
    Cuda = takeCudaSettings(Options.clangArguments);
  } catch (const UsageError &E) {
    return fail(T, E.what(), BadUsage);
  }
  Invocation Inv = analyzeInvocation(Options.clangArguments);
  Layout.mpiLayer = chooseMpiLayer(T, Options, Inv, Layout);
  if (isCudaBuild(Options, Cuda, Inv))
    return buildCuda(T, {chooseCompiler(/*Cxx=*/true), Options, Inv, Layout, Cuda});
  if (std::string Problem = checkSetup(Compiler, Inv, Layout); !Problem.empty())
    return fail(T, Problem, BrokenSetup);
  if (std::string Problem = checkFilterFile(Options); !Problem.empty())
    return fail(T, Problem, BadUsage);

  std::vector<std::string> Command = compilerCommand(Compiler, Options, Inv, Layout);
  if (Options.printCommand)
    std::cerr << shellQuoted(Command) << std::endl;
  execute(T, Command);
}
