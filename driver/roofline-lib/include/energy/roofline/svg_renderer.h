//===- energy/roofline/svg_renderer.h - The roofline as an SVG picture ----===//
//
// A standalone SVG: log-log axes (FLOP/byte, GFLOP/s), every in-core and
// bandwidth ceiling labelled with its value, ridge points, regions as circles
// whose area shows modelled energy (or self time) and whose colour says which
// memory level binds them, the largest regions labelled, locality walls.
// Each circle carries its figures as data- attributes and a <title> tooltip.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "energy/roofline/roofline_model.h"

#include <cstddef>
#include <string>

namespace energy::roofline {

struct SvgOptions {
  std::size_t LabelTop = 5; // regions labelled by name, largest first
  std::string Title;        // defaults to "Roofline: <program>"
};

std::string renderSvg(const RooflineAnalysis &Analysis, const SvgOptions &Options = {});

/// The colour of a level ("L1".."DRAM") or of "compute", shared with the HTML.
std::string colourOf(const std::string &Key);

} // namespace energy::roofline
