//===- energy/roofline/xml_text.h - Text inside SVG and HTML --------------===//
//
// Names of regions (C++ templates, operators) go into SVG and HTML text and
// attributes; they are escaped here. Figures are formatted by
// energy_report_lib (energy/report/units.h), as in every other tool.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace energy::roofline {

/// Escapes &, <, >, " and ' for XML text and attributes.
std::string escapeXml(const std::string &Text);

} // namespace energy::roofline
