//===- progress_bar.cpp - A one-line progress bar on stderr ---------------===//
#include "progress_bar.h"

#include <algorithm>

namespace energy::ceilings {

constexpr int BarWidth = 30;

ProgressBar::ProgressBar(int Total, bool Enabled, std::FILE *Stream)
    : Total(std::max(1, Total)), Enabled(Enabled), Stream(Stream) {}

void ProgressBar::step(const std::string &What) {
  Done = std::min(Total, Done + 1);
  draw(What);
}

void ProgressBar::draw(const std::string &What) {
  if (!Enabled)
    return;
  int Filled = Done * BarWidth / Total;
  std::fprintf(Stream, "\r[%s%s] %3d%% %-50.50s", std::string(Filled, '#').c_str(),
               std::string(BarWidth - Filled, ' ').c_str(), Done * 100 / Total, What.c_str());
  std::fflush(Stream);
}

void ProgressBar::finish() {
  if (!Enabled)
    return;
  std::fprintf(Stream, "\r%*s\r", BarWidth + 58, "");
  std::fflush(Stream);
}

} // namespace energy::ceilings
