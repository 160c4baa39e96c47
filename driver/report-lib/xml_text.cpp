//===- xml_text.cpp - Text inside SVG, HTML and XML -----------------------===//
#include "energy/report/xml_text.h"

namespace energy::report {

std::string xmlEscape(const std::string &Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      if (static_cast<unsigned char>(C) >= 0x20 || C == '\t' || C == '\n')
        Out += C;
    }
  }
  return Out;
}

} // namespace energy::report
