//===- xml_text.cpp - Text inside SVG and HTML ----------------------------===//
#include "energy/roofline/xml_text.h"

namespace energy::roofline {

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
