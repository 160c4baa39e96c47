// Commands: the energy-gpu subcommands; each registers its flags and returns its action.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace energy::gpu::cli {

using Action = std::function<int()>;
Action addAnalyzeCommand(CLI::App &Parent);
Action addClassifyCommand(CLI::App &Parent);
Action addSummaryCommand(CLI::App &Parent);

} // namespace energy::gpu::cli
