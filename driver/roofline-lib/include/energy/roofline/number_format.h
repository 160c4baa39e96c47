//===- energy/roofline/number_format.h - Figures as people read them ------===//
//
// Two significant digits below 10 and whole numbers above ("0.083", "2.1",
// "38", "1200"): the precision a roofline point deserves, used identically by
// the text, the SVG labels and the HTML so that they say the same numbers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace energy::roofline {

std::string formatFigure(double Value);
/// "48 KiB", "2 MiB", "1 GiB".
std::string formatBytes(double Bytes);
/// Escapes &, <, >, " and ' for XML text and attributes.
std::string escapeXml(const std::string &Text);

} // namespace energy::roofline
