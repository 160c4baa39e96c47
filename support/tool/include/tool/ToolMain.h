//===- tool/ToolMain.h - How every tool ends on an error ------------------===//
//
// One shell for the tools' mains, so that they say what went wrong the same
// way: `TOOL: error: MESSAGE` on one line of stderr, exit status 2 for bad
// input and bad command lines alike; `TOOL: internal error: ...` and status
// 1 for what is a bug rather than the input's fault.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TOOL_TOOLMAIN_H
#define ENERGY_TOOL_TOOLMAIN_H

#include <functional>
#include <string>
#include <string_view>

namespace energy::tool {

/// Runs a tool's work and returns its exit status: Work's own, or, when it
/// throws, 2 for an energy::InputError (and every reader's error type
/// derived from it), 1 for running out of memory or any other exception.
int runTool(std::string_view Tool, const std::function<int()> &Work) noexcept;

/// A command line the tool cannot use: `TOOL: error: WHAT (see TOOL
/// --help)`, and the status to exit with (2).
int usageError(std::string_view Tool, std::string_view What) noexcept;

/// One error line of the tool: `TOOL: error: MESSAGE`, the message's
/// newlines made spaces (CLI11's messages can span lines).
void printError(std::string_view Tool, std::string_view Message) noexcept;

} // namespace energy::tool

#endif
