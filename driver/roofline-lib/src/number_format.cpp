//===- number_format.cpp - Figures, byte sizes, XML escaping --------------===//
#include "energy/roofline/number_format.h"

#include <cmath>
#include <cstdio>

namespace energy::roofline {

std::string formatFigure(double Value) {
  char Text[64];
  if (!std::isfinite(Value))
    return Value > 0 ? "inf" : "n/a";
  if (std::fabs(Value) >= 10 || Value == 0)
    std::snprintf(Text, sizeof Text, "%.0f", Value);
  else
    std::snprintf(Text, sizeof Text, "%.2g", Value);
  return Text;
}

std::string formatBytes(double Bytes) {
  static const char *Units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int Unit = 0;
  while (Bytes >= 1024 && Unit < 4) {
    Bytes /= 1024;
    ++Unit;
  }
  return formatFigure(Bytes) + " " + Units[Unit];
}

std::string escapeXml(const std::string &Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default: Out += C;
    }
  }
  return Out;
}

} // namespace energy::roofline
