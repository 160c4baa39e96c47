// Writers: the output formats of energy-gpu besides the JSON document: CSV matrices and tables,
// the Graphviz CFG, the SVG heat map and SimPoint .bb files. Each writer is one function in its
// own source file (CsvWriter.cpp, DotWriter.cpp, SvgHeatmap.cpp, SimPointBb.cpp).
#pragma once

#include "energy/gpu/Analysis.h"

#include <Eigen/Dense>
#include <ostream>
#include <string>
#include <vector>

namespace energy::gpu {

// CSV with a header row and a label column.
void writeMatrixCsv(std::ostream &OS, const Eigen::MatrixXd &M,
                    const std::vector<std::string> &Labels);
void writeTransitionsCsv(std::ostream &OS, const KernelAnalysis &A);
void writeWarpsCsv(std::ostream &OS, const KernelAnalysis &A);
void writeBehavioursCsv(std::ostream &OS, const KernelAnalysis &A);
// Labels of the behaviours: "b0 (100 threads)".
std::vector<std::string> behaviourLabels(const KernelAnalysis &A);

// Graphviz: blocks coloured by heat (thread executions), edges labelled with probabilities.
void writeCfgDot(std::ostream &OS, const KernelAnalysis &A);
// SVG heat map of the behaviour similarity matrix (at most MAXCELLS behaviours, the most
// frequent), ordered by cluster, with axis labels and a colour legend; names are XML-escaped.
void writeSimilaritySvg(std::ostream &OS, const KernelAnalysis &A, size_t MaxCells = 200);
// SimPoint .bb: one line per thread, "T:block:instructions" with 1-based block ids.
void writeSimPointBb(std::ostream &OS, const Kernel &K);

} // namespace energy::gpu
