//===- energy/report/xml_text.h - Text inside SVG, HTML and XML ------------===//
//
// Names of regions (C++ templates, operators) and meters go into the text and
// attributes of the SVG and HTML plots and of JUnit XML; they are escaped here,
// once for every tool.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace energy::report {

/// Escapes &, <, >, " and ' for XML text and attributes, and drops the
/// control characters XML 1.0 forbids even when escaped (all below 0x20 but
/// tab and newline).
std::string xmlEscape(const std::string &Text);

} // namespace energy::report
