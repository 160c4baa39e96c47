//===- cuda_flow.h - How EnergyPass compiles CUDA: on the GPU, or emulated --===//
//
// Header-only, for energyc++ and energy-cuda-flow: the clang command lines
// that build a .cu file, either for a real GPU (host x86_64 + device nvptx64
// in one clang call) or for the CPU emulator. Nothing here runs a process;
// the caller adds its own flags (the pass plugin, -O, -g, -D, -I) and runs
// the commands in order.
//
// Real GPU:   clang++ -x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version
//                     [-isystem <toolkit>/include/cccl] --cuda-path=P [-isystem SHIM]
//                     -c in.cu -o in.o
//             clang++ in.o -L<toolkit>/lib64 -lcudart -Wl,-rpath,<toolkit>/lib64
//   P is the toolkit itself when clang supports its version (up to 12.5 for
//   clang 19); for a newer toolkit, P is EnergyPass's overlay of it and SHIM
//   the folder with an empty texture_fetch_functions.h (docs/cuda.md says why).
//
// Emulated:   energy-cuda-rewrite in.cu -o T.cpp
//             clang++ -x c++ -std=c++20 -fstack-clash-protection
//                     -isystem <prefix>/include/energy_cuda_emu
//                     -include cuda_runtime.h -iquote <dir of in.cu> -c T.cpp -o in.o
//             clang++ in.o <prefix>/lib/libenergy_cuda_emu.a -lboost_context -pthread
//
// <prefix> is the EnergyPass build or install root (bin/, lib/, include/,
// share/energypass/): the build tree mirrors the install tree.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_CUDA_FLOW_H
#define ENERGY_CUDA_FLOW_H

#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <string>
#include <system_error>
#include <vector>

namespace energy::cuda_flow {

// The newest CUDA version clang 19 knows (CUDA_VERSION encoding: 12050 = 12.5).
inline constexpr int newest_cuda_for_clang19 = 12050;

struct paths {
  std::string clangxx; // clang++-19
  std::string prefix;  // EnergyPass build or install root
  std::string toolkit; // the real CUDA toolkit, e.g. /usr/local/cuda
};

inline std::string overlay_dir(const paths &p) {
  return p.prefix + "/share/energypass/cuda-overlay";
}
inline std::string shim_dir(const paths &p) { return p.prefix + "/share/energypass/cuda-shim"; }
inline std::string emulator_include_dir(const paths &p) {
  return p.prefix + "/include/energy_cuda_emu";
}
inline std::string emulator_library(const paths &p) {
  return p.prefix + "/lib/libenergy_cuda_emu.a";
}
inline std::string rewriter(const paths &p) { return p.prefix + "/bin/energy-cuda-rewrite"; }

// CUDA_VERSION from <toolkit>/include/cuda.h (13000 for 13.0); nullopt if absent.
inline std::optional<int> toolkit_version(const std::string &toolkit) {
  std::ifstream header(toolkit + "/include/cuda.h");
  const std::regex define(R"(^\s*#\s*define\s+CUDA_VERSION\s+(\d+))");
  std::smatch match;
  for (std::string line; std::getline(header, line);)
    if (std::regex_search(line, match, define))
      return std::stoi(match[1].str());
  return std::nullopt;
}

// True when clang needs the overlay and the shim to use this toolkit.
inline bool needs_overlay(int version) { return version > newest_cuda_for_clang19; }

// True when the overlay in `prefix` was made for `toolkit` (its include/ is the toolkit's).
inline bool overlay_matches(const paths &p) {
  std::error_code error;
  return std::filesystem::equivalent(overlay_dir(p) + "/include", p.toolkit + "/include", error);
}

// Flags that make clang compile CUDA for `gpu_arch` against the toolkit; nullopt with
// `why` set when this toolkit cannot be used (not found, or no matching overlay).
inline std::optional<std::vector<std::string>>
device_cuda_flags(const paths &p, const std::string &gpu_arch, std::string &why) {
  const std::optional<int> version = toolkit_version(p.toolkit);
  if (!version) {
    why = "no CUDA toolkit at '" + p.toolkit +
          "' (include/cuda.h missing); pass --cuda-path or "
          "build with --cuda-emulate";
    return std::nullopt;
  }
  std::vector<std::string> flags{"-x", "cuda", "--cuda-gpu-arch=" + gpu_arch,
                                 "-Wno-unknown-cuda-version"};
  // CUDA 13 moved CCCL (libcu++, CUB, Thrust) to include/cccl, which nvcc adds by itself.
  std::error_code missing;
  if (std::filesystem::is_directory(p.toolkit + "/include/cccl", missing)) {
    flags.push_back("-isystem");
    flags.push_back(p.toolkit + "/include/cccl");
  }
  if (!needs_overlay(*version)) {
    flags.push_back("--cuda-path=" + p.toolkit);
    return flags;
  }
  if (!overlay_matches(p)) {
    why = "CUDA " + std::to_string(*version / 1000) + "." + std::to_string(*version % 1000 / 10) +
          " at '" + p.toolkit +
          "' is newer than clang 19 supports and EnergyPass was configured "
          "for another toolkit; reconfigure with -DENERGY_CUDA_TOOLKIT=" +
          p.toolkit;
    return std::nullopt;
  }
  flags.push_back("--cuda-path=" + overlay_dir(p));
  flags.push_back("-isystem");
  flags.push_back(shim_dir(p));
  return flags;
}

inline std::vector<std::string> device_link_flags(const paths &p) {
  return {"-L" + p.toolkit + "/lib64", "-lcudart", "-Wl,-rpath," + p.toolkit + "/lib64"};
}

// energy-cuda-rewrite's command line: `input` (.cu) to `rewritten` (C++).
inline std::vector<std::string> emulate_rewrite_command(const paths &p, const std::string &input,
                                                        const std::string &rewritten) {
  return {rewriter(p), input, "-o", rewritten};
}

// Flags that compile the rewritten file as host C++ with the emulator's headers; the
// original file's folder stays on the quoted include path, for its local headers. Stack clash
// protection makes a kernel frame larger than the fiber stack hit the guard page below it
// instead of jumping over it into a neighbouring stack.
inline std::vector<std::string> emulate_compile_flags(const paths &p, const std::string &input) {
  const std::string source_dir =
      std::filesystem::absolute(std::filesystem::path(input)).parent_path().string();
  return {"-x",         "c++",
          "-std=c++20", "-fstack-clash-protection",
          "-isystem",   emulator_include_dir(p),
          "-include",   "cuda_runtime.h",
          "-iquote",    source_dir};
}

// Libraries to link after the objects of an emulated program (-x none first, so
// that a preceding -x c++ does not apply to them).
inline std::vector<std::string> emulate_link_flags(const paths &p) {
  return {"-x", "none", emulator_library(p), "-lboost_context", "-pthread"};
}

} // namespace energy::cuda_flow

#endif
