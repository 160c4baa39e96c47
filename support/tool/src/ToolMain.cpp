//===- ToolMain.cpp - How every tool ends on an error ---------------------===//
#include "tool/ToolMain.h"

#include "tool/InputError.h"

#include <cstdio>
#include <new>

namespace energy::tool {

namespace {

void printLine(std::string_view Tool, std::string_view Kind, std::string_view Message,
               std::string_view After = "") {
  std::string Line;
  Line.append(Tool).append(": ").append(Kind).append(": ");
  for (char C : Message)
    Line.push_back(C == '\n' ? ' ' : C);
  while (!Line.empty() && Line.back() == ' ')
    Line.pop_back();
  Line.append(After).push_back('\n');
  std::fwrite(Line.data(), 1, Line.size(), stderr);
}

} // namespace

void printError(std::string_view Tool, std::string_view Message) noexcept {
  try {
    printLine(Tool, "error", Message);
  } catch (...) {
    std::fputs("error: out of memory\n", stderr);
  }
}

int usageError(std::string_view Tool, std::string_view What) noexcept {
  try {
    printLine(Tool, "error", What, std::string(" (see ").append(Tool).append(" --help)"));
  } catch (...) {
    std::fputs("error: out of memory\n", stderr);
  }
  return BadInputStatus;
}

int runTool(std::string_view Tool, const std::function<int()> &Work) noexcept {
  try {
    return Work();
  } catch (const InputError &E) {
    printError(Tool, E.what());
    return BadInputStatus;
  } catch (const std::bad_alloc &) {
    printError(Tool, "out of memory");
  } catch (const std::exception &E) {
    try {
      printLine(Tool, "internal error", E.what(), "; please report it with the input");
    } catch (...) {
      std::fputs("internal error\n", stderr);
    }
  }
  return 1;
}

} // namespace energy::tool
