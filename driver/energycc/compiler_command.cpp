//===- compiler_command.cpp - The clang command energycc runs -------------===//
#include "compiler_command.h"
#include "mpi_link.h"

namespace energy::cc {

std::vector<std::string> pluginFlags(const WrapperOptions &Options, const Invocation &Inv,
                                     const InstallLayout &Layout) {
  std::vector<std::string> Flags = {"-fpass-plugin=" + Layout.plugin};
  // Pass options are parsed before -fpass-plugin loads the plugin; -load
  // loads it early enough for clang to know them.
  if (Options.filterFile || !Options.regionPassOptions.empty() || Options.timingPassOption ||
      Options.footprint || Options.continuous || Inv.setsEnergyPassOption)
    Flags.insert(Flags.end(), {"-Xclang", "-load", "-Xclang", Layout.plugin});
  if (Options.filterFile)
    Flags.insert(Flags.end(), {"-mllvm", "-energy-filter=" + *Options.filterFile});
  for (const std::string &PassOption : Options.regionPassOptions)
    Flags.insert(Flags.end(), {"-mllvm", PassOption});
  if (Options.timingPassOption)
    Flags.insert(Flags.end(), {"-mllvm", *Options.timingPassOption});
  if (Options.footprint)
    Flags.insert(Flags.end(), {"-mllvm", "-energy-footprint"});
  if (Options.continuous)
    Flags.insert(Flags.end(), {"-mllvm", "-energy-continuous"});
  // energy/regions.h's markers become calls that the pass lowers.
  Flags.insert(Flags.end(), {"-D__ENERGYPASS__=1", "-I" + Layout.includeDir});
  return Flags;
}

std::vector<std::string> runtimeLinkFlags(const InstallLayout &Layout) {
  return {"-L" + Layout.libDir, "-Wl,-rpath," + Layout.libDir, "-lenergyrt", "-lpthread"};
}

std::vector<std::string> compilerCommand(const std::string &Compiler, const WrapperOptions &Options,
                                         const Invocation &Inv, const InstallLayout &Layout) {
  std::vector<std::string> Cmd = {Compiler};
  std::vector<std::string> Arguments = Inv.links() && !Layout.mpiLayer.empty()
                                           ? withMpiLayer(Options.clangArguments, Layout.mpiLayer)
                                           : Options.clangArguments;
  Cmd.insert(Cmd.end(), Arguments.begin(), Arguments.end());
  if (Inv.compilesSource) {
    std::vector<std::string> Plugin = pluginFlags(Options, Inv, Layout);
    Cmd.insert(Cmd.end(), Plugin.begin(), Plugin.end());
  }
  if (Inv.links()) {
    std::vector<std::string> Runtime = runtimeLinkFlags(Layout);
    Cmd.insert(Cmd.end(), Runtime.begin(), Runtime.end());
  }
  return Cmd;
}

std::string shellQuoted(const std::vector<std::string> &Command) {
  std::string Line;
  for (const std::string &Arg : Command) {
    if (!Line.empty())
      Line += ' ';
    bool Plain = !Arg.empty() && Arg.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                                       "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                       "0123456789-_=+./,:@%") == std::string::npos;
    if (Plain) {
      Line += Arg;
      continue;
    }
    Line += '\'';
    for (char C : Arg)
      Line += C == '\'' ? std::string("'\\''") : std::string(1, C);
    Line += '\'';
  }
  return Line;
}

} // namespace energy::cc
