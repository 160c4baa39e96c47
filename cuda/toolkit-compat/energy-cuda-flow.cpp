//===- energy-cuda-flow.cpp - Build a CUDA program for the GPU or the CPU --===//
//
//   energy-cuda-flow [--emulate] [--cuda-gpu-arch sm_90] [--cuda-path DIR]
//                    [-c] [-v] [--dry-run] INPUT... -o OUTPUT [-- CLANG-FLAGS...]
//
// Runs the flow of cuda_flow.h with clang-19, without instrumentation: each
// .cu input is compiled (for the GPU, host and device in one clang call; or
// rewritten and compiled for the CPU emulator), then everything is linked.
// Other inputs (.o, .cpp, .a) go to the link unchanged. Flags after `--` go
// to every clang command. energyc++ runs the same flow with the plugin added.
// Exit status: that of the failing command, or 2 for bad usage.
//
//===----------------------------------------------------------------------===//
#include "cuda_flow.h"

#include "process/Run.h"
#include "tool/ToolMain.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace flow = energy::cuda_flow;
using command = std::vector<std::string>;

constexpr std::string_view tool_name = "energy-cuda-flow";

// One line `energy-cuda-flow: error: MESSAGE`, as every tool says it; the
// status to exit with.
int refuse(const std::string &message, int status = 2) {
  energy::tool::printError(tool_name, message);
  return status;
}

struct options {
  bool emulate = false;
  bool compile_only = false;
  bool verbose = false;
  bool dry_run = false;
  std::string gpu_arch = "sm_90";
  std::string toolkit = ENERGY_CUDA_DEFAULT_TOOLKIT;
  std::string clangxx = ENERGY_CUDA_CLANGXX;
  std::vector<std::string> inputs;
  std::string output;
  std::vector<std::string> extra;
};

std::string quoted(const command &cmd) {
  std::string line;
  for (const std::string &word : cmd)
    line += (line.empty() ? "" : " ") +
            (word.find_first_of(" \"'\\$") == std::string::npos ? word : "'" + word + "'");
  return line;
}

// Runs `cmd`, returning its exit status (127 if it could not start).
int run(const command &cmd, const options &opt) {
  if (opt.verbose || opt.dry_run)
    std::cerr << quoted(cmd) << '\n';
  if (opt.dry_run)
    return 0;
  std::string why;
  if (std::optional<int> status = energy::process::runAndWait(cmd, why))
    return *status;
  return refuse(why + "; is it installed and on PATH?", 127);
}

command concat(command head, const std::vector<std::string> &tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

fs::path own_prefix() {
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::current_path() : exe.parent_path().parent_path();
}

bool is_cuda_source(const std::string &input) { return fs::path(input).extension() == ".cu"; }

// Compiles one .cu file to `object`; returns the exit status.
int compile_cuda(const flow::paths &paths, const options &opt, const std::string &input,
                 const std::string &object, const fs::path &scratch) {
  if (opt.emulate) {
    const std::string rewritten =
        (scratch / (fs::path(input).stem().string() + ".emu.cpp")).string();
    if (int status = run(flow::emulate_rewrite_command(paths, input, rewritten), opt))
      return status;
    return run(concat(concat({opt.clangxx}, flow::emulate_compile_flags(paths, input)),
                      concat(opt.extra, {"-c", rewritten, "-o", object})),
               opt);
  }
  std::string why;
  const auto flags = flow::device_cuda_flags(paths, opt.gpu_arch, why);
  if (!flags)
    return refuse(why);
  return run(concat(concat({opt.clangxx}, *flags), concat(opt.extra, {"-c", input, "-o", object})),
             opt);
}

int build(const options &opt) {
  const flow::paths paths{opt.clangxx, own_prefix().string(), opt.toolkit};
  std::string scratch_template = (fs::temp_directory_path() / "energy-cuda-flow-XXXXXX").string();
  if (mkdtemp(scratch_template.data()) == nullptr)
    return refuse("cannot create a scratch folder in " + fs::temp_directory_path().string() +
                  "; set TMPDIR to a writable folder");
  const fs::path scratch = scratch_template;
  std::vector<std::string> objects;
  int status = 0;
  for (const std::string &input : opt.inputs) {
    if (!is_cuda_source(input)) {
      objects.push_back(input);
      continue;
    }
    const std::string object = opt.compile_only
                                   ? opt.output
                                   : (scratch / (fs::path(input).stem().string() + ".o")).string();
    if ((status = compile_cuda(paths, opt, input, object, scratch)) != 0)
      break;
    objects.push_back(object);
  }
  if (status == 0 && !opt.compile_only) {
    const auto libraries =
        opt.emulate ? flow::emulate_link_flags(paths) : flow::device_link_flags(paths);
    status = run(concat(concat(concat({opt.clangxx}, objects), opt.extra),
                        concat({"-o", opt.output}, libraries)),
                 opt);
  }
  std::error_code ignored;
  fs::remove_all(scratch, ignored);
  return status;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Build a CUDA program with clang-19 for the GPU, or for EnergyPass's CPU emulator"};
  options opt;
  app.add_flag("--emulate", opt.emulate,
               "Run the kernels on the CPU (no GPU or CUDA toolkit needed)");
  app.add_option("--cuda-gpu-arch", opt.gpu_arch, "GPU architecture")->capture_default_str();
  app.add_option("--cuda-path", opt.toolkit, "CUDA toolkit")->capture_default_str();
  app.add_option("--clang", opt.clangxx, "clang++ to use")->capture_default_str();
  app.add_flag("-c", opt.compile_only, "Compile one .cu file to an object; do not link");
  app.add_flag("-v", opt.verbose, "Print each command before running it");
  app.add_flag("--dry-run", opt.dry_run, "Print the commands without running them");
  app.add_option("inputs", opt.inputs, ".cu files, and objects or libraries to link")->required();
  app.add_option("-o", opt.output, "Output file")->required();
  app.footer("Flags after -- go to every clang command, e.g. -- -O2 -g");
  // CLI11 would take the words after `--` as more inputs, so they are split off first.
  int own_argc = argc;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--") {
      own_argc = i;
      opt.extra.assign(argv + i + 1, argv + argc);
      break;
    }
  try {
    app.parse(own_argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    return energy::tool::usageError(tool_name, e.what());
  }
  if (opt.compile_only && (opt.inputs.size() != 1 || !is_cuda_source(opt.inputs[0])))
    return refuse("-c takes exactly one .cu input");
  for (const std::string &input : opt.inputs)
    if (!fs::exists(input))
      return refuse("no such input '" + input + "'");
  return build(opt);
}
