// SvgHeatmap: the behaviour similarity matrix as an SVG heat map, cells sized by nothing but
// labelled with each behaviour's thread count, most frequent behaviours first.
#include "energygpu/Writers.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace energygpu {

void writeSimilaritySvg(std::ostream &OS, const KernelAnalysis &A, size_t MaxCells) {
  const size_t Cell = 14, Margin = 150;
  std::vector<size_t> Order(A.K.Behaviours.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(), [&](size_t X, size_t Y) {
    return A.K.Behaviours[X].Threads > A.K.Behaviours[Y].Threads;
  });
  if (Order.size() > MaxCells)
    Order.resize(MaxCells);
  size_t N = A.Similarity.Computed ? Order.size() : 0;
  size_t Size = Margin + N * Cell + 20;
  OS << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Size << "\" height=\"" << Size + 40
     << "\" font-family=\"sans-serif\" font-size=\"10\">\n"
     << "<title>Thread similarity of "
     << demangle(A.K.Name) << "</title>\n"
     << "<text x=\"4\" y=\"14\" font-size=\"12\">similarity of behaviours (1 = identical)</text>\n";
  if (!A.Similarity.Computed)
    OS << "<text x=\"4\" y=\"34\">matrix omitted: " << A.Similarity.OmittedReason << "</text>\n";
  for (size_t R = 0; R < N; ++R) {
    size_t Y = Margin + R * Cell;
    OS << "<text x=\"" << Margin - 4 << "\" y=\"" << Y + Cell - 3 << "\" text-anchor=\"end\">b"
       << Order[R] << " (" << A.K.Behaviours[Order[R]].Threads << ")</text>\n";
    for (size_t C = 0; C < N; ++C) {
      double S = std::clamp(A.Similarity.Similarity(Order[R], Order[C]), 0.0, 1.0);
      int Level = int(255 * (1 - S));
      char Colour[16];
      std::snprintf(Colour, sizeof Colour, "#ff%02x%02x", Level, Level);
      OS << "<rect x=\"" << Margin + C * Cell << "\" y=\"" << Y << "\" width=\"" << Cell
         << "\" height=\"" << Cell << "\" fill=\"" << Colour << "\"><title>b" << Order[R] << " / b"
         << Order[C] << ": " << S << "</title></rect>\n";
    }
  }
  OS << "</svg>\n";
}

} // namespace energygpu
