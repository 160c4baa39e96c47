//===- energy-cuda-rewrite.cpp - The .cu to host C++ step of --cuda-emulate ===//
//
//   energy-cuda-rewrite INPUT.cu -o OUTPUT.cpp
//
// Writes INPUT with its kernel launches and dynamic shared memory arrays
// rewritten for the CPU emulator (see source_rewriter.h); the result is
// compiled as C++ with the emulator's cuda_runtime.h force-included.
// Exit status: 0 on success, 2 on bad input (unreadable file, a launch it
// cannot parse), each problem named on one line.
//
//===----------------------------------------------------------------------===//
#include "source_rewriter.h"
#include "support/SafeFile.h"

#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char **argv) {
  CLI::App app{"Rewrite a CUDA source file (.cu) into host C++ for the EnergyPass CPU emulator"};
  std::string input, output;
  app.add_option("input", input, "CUDA source file")->required();
  app.add_option("-o,--output", output, "C++ file to write")->required();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    std::cerr << "energy-cuda-rewrite: " << e.what() << "; see --help\n";
    return 2;
  }

  std::ifstream in(input, std::ios::binary);
  if (!in) {
    std::cerr << "energy-cuda-rewrite: cannot read '" << input
              << "'; check the path and its permissions\n";
    return 2;
  }
  std::ostringstream source;
  source << in.rdbuf();
  const auto result = energy_cuda_emu::rewrite_cuda_source(source.str(), input);
  for (const std::string &problem : result.errors)
    std::cerr << "energy-cuda-rewrite: " << problem << '\n';
  if (!result.errors.empty())
    return 2;
  std::string error;
  if (!energy::support::writeFileSafely(output, result.text, {.Named = true}, error)) {
    std::cerr << "energy-cuda-rewrite: cannot write '" << output << "': " << error
              << "; check that its folder exists and is writable\n";
    return 2;
  }
  return 0;
}
