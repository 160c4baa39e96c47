//===- XmlText.cpp - Text inside SVG, HTML and XML ------------------------===//
#include "xml/XmlText.h"

namespace energy::xml {

namespace {
bool allowedInXml(char C) {
  return static_cast<unsigned char>(C) >= 0x20 || C == '\t' || C == '\n';
}
} // namespace

std::string escape(const std::string &Text) {
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
      Out += "&apos;";
      break;
    default:
      if (allowedInXml(C))
        Out += C;
    }
  }
  return Out;
}

} // namespace energy::xml
