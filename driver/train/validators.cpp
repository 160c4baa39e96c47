//===- validators.cpp - Option values refused while the line is parsed ----===//
//
// A fit cross-validates for minutes before it writes its model: an option it
// cannot use (an output it cannot write, a negative count that an unsigned
// conversion would turn into 2^64 - 3) must be refused before any work, in
// one line that names the option, the value and the way out.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include <charconv>
#include <filesystem>
#include <system_error>
#include <unistd.h>

namespace energy::train::cli {

namespace {

std::string checkOutputFile(const std::string &Path) {
  namespace fs = std::filesystem;
  fs::path Dir = fs::path(Path).parent_path();
  if (Dir.empty())
    Dir = ".";
  std::error_code Error;
  if (!fs::is_directory(Dir, Error))
    return "cannot write '" + Path + "': directory '" + Dir.string() +
           "' does not exist; create it or choose another path";
  if (::access(Dir.c_str(), W_OK | X_OK) != 0)
    return "cannot write '" + Path + "': directory '" + Dir.string() +
           "' is not writable; fix its permissions or choose another path";
  if (fs::is_directory(Path, Error))
    return "cannot write '" + Path + "': it is a directory; name a file";
  return "";
}

/// Parses all of Text as a double; false when anything is left over.
bool parseDouble(const std::string &Text, double &Value) {
  auto [End, Error] = std::from_chars(Text.data(), Text.data() + Text.size(), Value);
  return !Text.empty() && Error == std::errc() && End == Text.data() + Text.size();
}

} // namespace

CLI::Validator writableOutputFile() { return CLI::Validator(checkOutputFile, "FILE"); }

CLI::Validator wholeNumber(unsigned long long Least) {
  return CLI::Validator(
      [Least](const std::string &Text) -> std::string {
        unsigned long long N = 0;
        auto [End, Error] = std::from_chars(Text.data(), Text.data() + Text.size(), N);
        if (Text.empty() || Error != std::errc() || End != Text.data() + Text.size() || N < Least)
          return "'" + Text + "' is not a whole number of at least " + std::to_string(Least) +
                 "; give one";
        return "";
      },
      "N>=" + std::to_string(Least));
}

CLI::Validator numberAtLeastZero() {
  return CLI::Validator(
      [](const std::string &Text) -> std::string {
        double X = 0;
        if (!parseDouble(Text, X) || !(X >= 0))
          return "'" + Text + "' is not a number of at least 0; give one";
        return "";
      },
      "X>=0");
}

CLI::Validator shareOfOne() {
  return CLI::Validator(
      [](const std::string &Text) -> std::string {
        double X = 0;
        if (!parseDouble(Text, X) || !(X > 0 && X <= 1))
          return "'" + Text + "' is not a share in (0, 1]; give one, such as 0.8";
        return "";
      },
      "0<X<=1");
}

} // namespace energy::train::cli
