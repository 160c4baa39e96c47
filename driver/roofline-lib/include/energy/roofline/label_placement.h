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
// Bandwidth ceilings are parallel lines (one slope on log-log axes), each
// labelled along itself; two close ceilings (L2 96.7 and L3 82.7 GB/s are a
// few pixels apart) would print their labels on top of each other, so each
// label goes above its line, or below it, at the first place along the line
// where its box, in the lines' own frame, is clear of the labels placed
// before it and of the other lines.
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
/// labels avoid, as they avoid Obstacles (other labels already drawn); Bounds
/// is where labels may go.
std::vector<PlacedLabel> placeLabels(const std::vector<LabelRequest> &Requests,
                                     const std::vector<LabelRequest> &Circles,
                                     const LabelBox &Bounds,
                                     const std::vector<LabelBox> &Obstacles = {});

/// A label written along the segment from (X1, Y1) to (X2, Y2), rotated
/// with it, just above it (on the side of smaller Y for a rising line) or
/// just below it.
struct LineLabel {
  double X1 = 0, Y1 = 0, X2 = 0, Y2 = 0;
  double Width = 0, Height = 0; // the text's extent along and across the line
};

struct PlacedLineLabel {
  double X = 0, Y = 0; // the text's baseline start
  double Angle = 0;    // degrees, as SVG's rotate() about (X, Y)
  LabelBox Bounds;     // the rotated box's axis-aligned bounding box
  bool Clear = true;   // false when no place along its line was free
};

/// Places each label (in order) at the first place along its line, 10 px in
/// and then every 4 px, above and then below it, whose box neither covers a
/// box placed before it nor is crossed by another of the lines; else where
/// it collides least. The lines must be parallel. The box spans Height - 2
/// above the baseline and 2 below it, the text's extent.
std::vector<PlacedLineLabel> placeLineLabels(const std::vector<LineLabel> &Labels);

/// Width in pixels of Text in the plot's 11 px bold sans-serif: an estimate
/// from the average advance of DejaVu Sans Bold, which is wide enough for
/// Helvetica and Arial too.
double estimateLabelWidth(const std::string &Text);

} // namespace energy::roofline
