//===- cuda_build.cpp - The clang commands energyc++ runs for CUDA --------===//
#include "cuda_build.h"

#include "compiler_command.h"

#include "cuda_flow.h"

#include <algorithm>
#include <filesystem>
#include <string_view>

namespace energy::cc {

namespace {

namespace flow = energy::cuda_flow;
namespace fs = std::filesystem;

constexpr std::string_view DefaultGpuArch = "sm_90";

void append(Command &To, const std::vector<std::string> &More) {
  To.insert(To.end(), More.begin(), More.end());
}

flow::paths flowPaths(const CudaBuild &B) {
  return {B.compiler, B.layout.prefix, B.settings.toolkit.value_or(ENERGY_CUDA_DEFAULT_TOOLKIT)};
}

std::string collectorLibrary(const InstallLayout &Layout) {
  return Layout.libDir + "/libenergy_gpu_emu_collect.a";
}

// The collector of per-thread block counts on a real GPU (cuda/device/), which
// the host halves of instrumented CUDA sources call; before libcudart, which
// it calls, and after -x none, so that a -x cuda before it does not apply.
std::vector<std::string> gpuCollectorLinkFlags(const InstallLayout &Layout) {
  return {"-x", "none", Layout.libDir + "/libenergy_gpu_collect.a"};
}

// cuda_flow's device flags without its "-x cuda": the user's sources are
// CUDA by their .cu name or by their own -x cuda, and objects or plain C++
// sources on the same command line must keep their own language.
std::vector<std::string> withoutCudaLanguage(const std::vector<std::string> &Flags) {
  std::vector<std::string> Kept;
  for (size_t I = 0; I < Flags.size(); ++I) {
    if (Flags[I] == "-x" && I + 1 < Flags.size() && Flags[I + 1] == "cuda") {
      ++I;
      continue;
    }
    Kept.push_back(Flags[I]);
  }
  return Kept;
}

// The user's arguments with the inputs, -x and (optionally) -o taken out:
// the flags every compilation of one rewritten source shares.
std::vector<std::string> sharedFlags(const CudaBuild &B, bool KeepOutput) {
  std::vector<std::string> Flags;
  const std::vector<std::string> &Args = B.options.clangArguments;
  for (size_t I = 0; I < Args.size(); ++I) {
    ArgRole Role = B.inv.roles[I];
    if (Role == ArgRole::Other || (KeepOutput && Role == ArgRole::Output))
      Flags.push_back(Args[I]);
  }
  return Flags;
}

// The link libraries of an emulated program: the collector of per-thread
// counts first, since it calls the emulator's launch hooks.
std::vector<std::string> emulatedLinkFlags(const CudaBuild &B) {
  std::vector<std::string> Flags = flow::emulate_link_flags(flowPaths(B));
  Flags.insert(Flags.begin() + 2, collectorLibrary(B.layout));
  return Flags;
}

std::string objectSuffix(const std::vector<std::string> &Args) {
  for (const std::string &A : Args)
    if (A == "-S")
      return ".s";
  return ".o";
}

// The rest of an emulated command line, with every CUDA source replaced by
// `Replacements[k]` (or dropped where that is empty) and -x cuda undone.
std::vector<std::string> replaceCudaSources(const CudaBuild &B,
                                            const std::vector<std::string> &Replacements) {
  std::vector<std::string> Args;
  const std::vector<std::string> &Original = B.options.clangArguments;
  size_t Next = 0;
  for (size_t I = 0; I < Original.size(); ++I) {
    ArgRole Role = B.inv.roles[I];
    if (Role == ArgRole::CudaSource) {
      if (!Replacements[Next].empty())
        Args.push_back(Replacements[Next]);
      ++Next;
    } else if (Role == ArgRole::Language && Original[I] == "cuda") {
      Args.push_back("none");
    } else if (Role == ArgRole::Language && Original[I] == "-xcuda") {
      Args.push_back("-xnone");
    } else {
      Args.push_back(Original[I]);
    }
  }
  return Args;
}

// The clang command for the command line's other inputs (plain C++ sources,
// objects, libraries), which may include the emulator's cuda_runtime.h.
Command remainingCommand(const CudaBuild &B, std::vector<std::string> Args) {
  WrapperOptions Options = B.options;
  Options.clangArguments = std::move(Args);
  Invocation Inv = analyzeInvocation(Options.clangArguments);
  Command Cmd = compilerCommand(B.compiler, Options, Inv, B.layout);
  if (Inv.compilesSource)
    append(Cmd, {"-isystem", flow::emulator_include_dir(flowPaths(B))});
  // Compile flags the user gave for the CUDA sources are unused here once
  // those sources are objects.
  if (!Inv.compilesSource && B.inv.compilesSource)
    Cmd.push_back("-Wno-unused-command-line-argument");
  if (Inv.links())
    append(Cmd, emulatedLinkFlags(B));
  return Cmd;
}

} // namespace

CudaSettings takeCudaSettings(std::vector<std::string> &ClangArgs) {
  CudaSettings Settings;
  std::vector<std::string> Rest;
  for (const std::string &A : ClangArgs) {
    if (A.starts_with("--cuda-gpu-arch="))
      Settings.gpuArchs.push_back(A.substr(16));
    else if (A.starts_with("--offload-arch="))
      Settings.gpuArchs.push_back(A.substr(15));
    else if (A.starts_with("--cuda-path="))
      Settings.toolkit = A.substr(12);
    else
      Rest.push_back(A);
  }
  for (const std::string &Arch : Settings.gpuArchs)
    if (Arch.empty())
      throw UsageError("--cuda-gpu-arch needs an architecture, e.g. "
                       "--cuda-gpu-arch=sm_90");
  if (Settings.toolkit && Settings.toolkit->empty())
    throw UsageError("--cuda-path needs a folder, e.g. --cuda-path=/usr/local/cuda");
  ClangArgs = std::move(Rest);
  return Settings;
}

bool isCudaBuild(const WrapperOptions &Options, const CudaSettings &Settings,
                 const Invocation &Inv) {
  return Options.cudaEmulate || Settings.given() || Inv.hasCudaSources();
}

Command gpuCommand(const CudaBuild &B) {
  const flow::paths Paths = flowPaths(B);
  Command Cmd = compilerCommand(B.compiler, B.options, B.inv, B.layout);
  if (B.inv.hasCudaSources()) {
    std::string Why;
    const std::string Arch =
        B.settings.gpuArchs.empty() ? std::string(DefaultGpuArch) : B.settings.gpuArchs.front();
    std::optional<std::vector<std::string>> Flags = flow::device_cuda_flags(Paths, Arch, Why);
    if (!Flags)
      throw UsageError(Why);
    append(Cmd, withoutCudaLanguage(*Flags));
    for (size_t I = 1; I < B.settings.gpuArchs.size(); ++I)
      Cmd.push_back("--cuda-gpu-arch=" + B.settings.gpuArchs[I]);
  }
  if (B.inv.links()) {
    if (!flow::toolkit_version(Paths.toolkit))
      throw UsageError("no CUDA toolkit at '" + Paths.toolkit +
                       "' (include/cuda.h missing) to link libcudart from; "
                       "pass --cuda-path=DIR or build with --cuda-emulate");
    append(Cmd, gpuCollectorLinkFlags(B.layout));
    append(Cmd, flow::device_link_flags(Paths));
  }
  return Cmd;
}

std::vector<Command> emulatedCommands(const CudaBuild &B, const std::string &Scratch) {
  const flow::paths Paths = flowPaths(B);
  const std::vector<std::string> &Args = B.options.clangArguments;
  const bool Links = B.inv.links();
  const bool HasOutput =
      std::find(B.inv.roles.begin(), B.inv.roles.end(), ArgRole::Output) != B.inv.roles.end();
  if (!Links && HasOutput && B.inv.inputCount() > 1)
    throw UsageError("-o names one output but this step has " + std::to_string(B.inv.inputCount()) +
                     " inputs; compile one file at a time or drop -o");

  std::vector<Command> Commands;
  std::vector<std::string> Objects;
  const std::vector<std::string> Shared = sharedFlags(B, /*KeepOutput=*/!Links);
  const std::vector<std::string> Plugin = pluginFlags(B.options, B.inv, B.layout);
  for (size_t I = 0; I < Args.size(); ++I) {
    if (B.inv.roles[I] != ArgRole::CudaSource)
      continue;
    const std::string &Input = Args[I];
    if (Input == "-")
      throw UsageError("--cuda-emulate cannot read CUDA from standard input; "
                       "save it to a .cu file");
    // One folder per source keeps the rewritten file's name, so that clang
    // names objects after the original (-c a.cu gives a.o).
    const fs::path Folder = fs::path(Scratch) / std::to_string(Objects.size());
    fs::create_directories(Folder);
    const std::string Stem = fs::path(Input).stem().string();
    const std::string Rewritten = (Folder / (Stem + ".cpp")).string();
    Commands.push_back(flow::emulate_rewrite_command(Paths, Input, Rewritten));

    Command Compile = {B.compiler};
    append(Compile, flow::emulate_compile_flags(Paths, Input));
    append(Compile, Shared);
    append(Compile, Plugin);
    if (Links) {
      // Link flags the user gave for the final step are not for this one.
      Compile.push_back("-Wno-unused-command-line-argument");
      Objects.push_back((Folder / (Stem + objectSuffix(Args))).string());
      append(Compile, {"-c", Rewritten, "-o", Objects.back()});
    } else {
      Objects.emplace_back();
      Compile.push_back(Rewritten);
    }
    Commands.push_back(std::move(Compile));
  }

  std::vector<std::string> Rest = replaceCudaSources(B, Objects);
  if (Links || analyzeInvocation(Rest).hasInputs)
    Commands.push_back(remainingCommand(B, std::move(Rest)));
  return Commands;
}

std::string checkEmulatorSetup(const InstallLayout &Layout) {
  const flow::paths Paths{"", Layout.prefix, ""};
  for (const std::string &Part :
       {flow::rewriter(Paths), flow::emulator_library(Paths), collectorLibrary(Layout)})
    if (!fs::exists(Part))
      return "the CUDA emulator's " + Part +
             " is missing; build it (ninja energy-cuda-rewrite energy_cuda_emu "
             "energy_gpu_emu_collect) or reinstall EnergyPass";
  return "";
}

} // namespace energy::cc
