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
#include "tool/ToolMain.h"

#include <CLI/CLI.hpp>

#include <fstream>
#include <sstream>

namespace {

constexpr std::string_view ToolName = "energy-cuda-rewrite";

int refuse(const std::string &Message) {
  energy::tool::printError(ToolName, Message);
  return 2;
}

} // namespace

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
    return energy::tool::usageError(ToolName, e.what());
  }

  std::ifstream in(input, std::ios::binary);
  if (!in)
    return refuse("cannot read '" + input + "'; check the path and its permissions");
  std::ostringstream source;
  source << in.rdbuf();
  const auto result = energy_cuda_emu::rewrite_cuda_source(source.str(), input);
  for (const std::string &problem : result.errors)
    energy::tool::printError(ToolName, problem);
  if (!result.errors.empty())
    return 2;
  std::string error;
  if (!energy::support::writeFileSafely(output, result.text, {.Named = true}, error))
    return refuse("cannot write '" + output + "': " + error +
                  "; check that its folder exists and is writable");
  return 0;
}
