//===- energy/roofline/html_renderer.h - The roofline as a web page -------===//
//
// One self-contained HTML file (no network, no external script or font): the
// SVG roofline inline, a tooltip with each region's figures on hover, a
// filter by name and by binding level, and a sortable-by-size region table.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "energy/roofline/svg_renderer.h"

namespace energy::roofline {

std::string renderHtml(const RooflineAnalysis &Analysis, const SvgOptions &Options = {});

} // namespace energy::roofline
