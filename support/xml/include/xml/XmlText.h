//===- xml/XmlText.h - Text inside SVG, HTML and XML ----------------------===//
//
// Names of regions and kernels (C++ templates such as mult_gpu<float>,
// operators) and of meters go into the text and attributes of SVG and HTML
// plots and of JUnit XML; they are escaped here, once for every tool.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_XML_XMLTEXT_H
#define ENERGY_XML_XMLTEXT_H

#include <string>

namespace energy::xml {

/// Escapes &, <, >, " and ' for XML text and attributes (' as &apos;, which
/// XML, SVG and HTML5 all know), and drops the control characters XML 1.0
/// forbids even when escaped (all below 0x20 but tab and newline).
std::string escape(const std::string &Text);

} // namespace energy::xml

#endif
