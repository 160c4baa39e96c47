//===- energy/roofline/label_placement.h - Labels that do not collide -----===//
//
// Where each region's name goes on the plot. Regions often sit close
// together (dot and laplacian in the cg demo land on top of each other), so
// labels are placed greedily, largest region first: the first of eight
// positions around the point (then the same ring farther out, with a leader
// line back to the point) whose box stays inside the plot and overlaps
// neither a label already placed nor another region's circle. When every
// candidate collides, the one overlapping least wins.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace energy::roofline {

/// An axis-aligned box in SVG pixels: X, Y is the top-left corner.
struct LabelBox {
  double X = 0, Y = 0, Width = 0, Height = 0;
  double overlap(const LabelBox &Other) const; // area in common
};

struct LabelRequest {
  double Cx = 0, Cy = 0, Radius = 0; // the point the label names
  double Width = 0, Height = 0;      // the text's extent
};

struct PlacedLabel {
  LabelBox Box;
  bool Leader = false; // far from its point: draw a line back to it
};

/// Places every request in order (the most important first). Circles are the
/// regions' discs (as Cx, Cy, Radius in a LabelRequest with no text) that
/// labels avoid; Bounds is where labels may go.
std::vector<PlacedLabel> placeLabels(const std::vector<LabelRequest> &Requests,
                                     const std::vector<LabelRequest> &Circles,
                                     const LabelBox &Bounds);

/// Width in pixels of Text in the plot's 11 px bold sans-serif: an estimate
/// from the average advance of DejaVu Sans Bold, which is wide enough for
/// Helvetica and Arial too.
double estimateLabelWidth(const std::string &Text);

} // namespace energy::roofline
