//===- command.h - How energy-report subcommands plug into the tool -------===//
//
// Each subcommand lives in its own <name>_command.cpp and is listed once in
// commands.def. Its register function adds a CLI11 subcommand with its
// options; when the user picks it, the subcommand stores in `Run` the work to
// do, which main() runs after parsing and whose result is the exit status.
// A ReportError thrown by that work becomes one line on stderr and exit 2.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_REPORT_COMMAND_H
#define ENERGY_DRIVER_REPORT_COMMAND_H

#include <functional>

namespace CLI {
class App;
} // namespace CLI

namespace energy::report::cli {

using CommandAction = std::function<int()>;

#define ENERGY_REPORT_COMMAND(Name)                                                                \
  void register##Name##Command(CLI::App &Tool, CommandAction &Run);
#include "commands.def"
#undef ENERGY_REPORT_COMMAND

} // namespace energy::report::cli

#endif
