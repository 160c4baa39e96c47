//===- progress_bar.h - A one-line progress bar on stderr -----------------===//
//
// Measuring takes up to a minute; the bar says what is being measured and how
// far along it is. It redraws one line with '\r', so it is drawn only on a
// terminal (or when forced) and never pollutes logs or test output.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdio>
#include <string>

namespace energy::ceilings {

class ProgressBar {
public:
  ProgressBar(int Total, bool Enabled, std::FILE *Stream = stderr);
  /// Marks one more step done; What names the next one.
  void step(const std::string &What);
  /// Clears the line.
  void finish();

private:
  void draw(const std::string &What);
  int Total, Done = 0;
  bool Enabled;
  std::FILE *Stream;
};

} // namespace energy::ceilings
