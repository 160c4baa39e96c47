// SvgHeatmap: the behaviour similarity matrix as an SVG heat map that can be read at a glance.
//   - Behaviours are ordered by cluster, then by thread count, so that similar behaviours form
//     blocks along the diagonal; lines mark the cluster boundaries.
//   - The colour scale (viridis: perceptually even, readable in grey) spans the range of the
//     similarities shown off the diagonal, not 0..1: when every pair lies between 0.9 and 1,
//     a 0..1 scale paints one colour, and the structure is in those last tenths.
//   - A legend gives the scale's end values; both axes are labelled.
//   - Every name is XML-escaped: kernel names such as mult_gpu<float> hold '<' and '&'.
#include "energy/gpu/Writers.h"

#include "xml/XmlText.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

namespace energy::gpu {
namespace {

constexpr size_t MapPixels = 640, MinCell = 3, MaxCell = 24, LabelledCell = 9;
constexpr size_t Left = 190, Top = 70, LegendWidth = 16, LegendHeight = 200;

// Viridis at five stops; linear between them.
std::string viridis(double T) {
  static const std::array<std::array<double, 3>, 5> Stops = {
      {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};
  T = std::clamp(T, 0.0, 1.0) * (Stops.size() - 1);
  size_t I = std::min(size_t(T), Stops.size() - 2);
  double F = T - double(I);
  char Buf[8];
  std::snprintf(Buf, sizeof Buf, "#%02x%02x%02x",
                int(std::lround(Stops[I][0] + F * (Stops[I + 1][0] - Stops[I][0]))),
                int(std::lround(Stops[I][1] + F * (Stops[I + 1][1] - Stops[I][1]))),
                int(std::lround(Stops[I][2] + F * (Stops[I + 1][2] - Stops[I][2]))));
  return Buf;
}

uint32_t clusterOf(const KernelAnalysis &A, size_t Behaviour) {
  return A.Clusters.BehaviourCluster.empty() ? 0 : A.Clusters.BehaviourCluster[Behaviour];
}

// The MAXCELLS most frequent behaviours, then grouped by cluster.
std::vector<size_t> displayOrder(const KernelAnalysis &A, size_t MaxCells) {
  std::vector<size_t> Order(A.K.Behaviours.size());
  std::iota(Order.begin(), Order.end(), 0);
  auto ByThreads = [&](size_t X, size_t Y) {
    return A.K.Behaviours[X].Threads > A.K.Behaviours[Y].Threads;
  };
  std::stable_sort(Order.begin(), Order.end(), ByThreads);
  if (Order.size() > MaxCells)
    Order.resize(MaxCells);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t X, size_t Y) { return clusterOf(A, X) < clusterOf(A, Y); });
  return Order;
}

// The colours' range: the off-diagonal similarities shown, or 0..1 when they are all equal
// (a stretched scale would then paint them like the diagonal).
struct Scale {
  double Lo = 0, Hi = 1;
  bool Stretched = false;
  double position(double S) const { return (S - Lo) / (Hi - Lo); }
};

Scale colourScale(const Eigen::MatrixXd &M, const std::vector<size_t> &Order) {
  double Lo = std::numeric_limits<double>::infinity(), Hi = -Lo;
  for (size_t I : Order)
    for (size_t J : Order)
      if (I != J) {
        Lo = std::min(Lo, M(I, J));
        Hi = std::max(Hi, M(I, J));
      }
  if (Hi - Lo < 1e-9)
    return Scale{};
  return Scale{Lo, Hi, true};
}

std::string number(double X) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.3g", X);
  return Buf;
}

void writeAxes(std::ostream &OS, const KernelAnalysis &A, const std::vector<size_t> &Order,
               size_t Cell) {
  size_t Side = Order.size() * Cell;
  OS << "<text x=\"" << Left + Side / 2 << "\" y=\"" << Top - 8
     << "\" text-anchor=\"middle\">behaviour (ordered by cluster; threads in brackets)</text>\n"
     << "<text transform=\"translate(12," << Top + Side / 2
     << ") rotate(-90)\" text-anchor=\"middle\">behaviour (same order)</text>\n";
  for (size_t R = 0; R < Order.size(); ++R) {
    bool FirstOfCluster = R == 0 || clusterOf(A, Order[R]) != clusterOf(A, Order[R - 1]);
    if (Cell < LabelledCell && !FirstOfCluster)
      continue;
    std::string Label = Cell >= LabelledCell
                            ? "b" + std::to_string(Order[R]) + " (" +
                                  std::to_string(A.K.Behaviours[Order[R]].Threads) + ")"
                            : "cluster " + std::to_string(clusterOf(A, Order[R]));
    OS << "<text x=\"" << Left - 4 << "\" y=\"" << Top + R * Cell + std::min(Cell, LabelledCell) - 1
       << "\" text-anchor=\"end\">" << xml::escape(Label) << "</text>\n";
  }
}

void writeClusterBoundaries(std::ostream &OS, const KernelAnalysis &A,
                            const std::vector<size_t> &Order, size_t Cell) {
  size_t Side = Order.size() * Cell;
  for (size_t R = 1; R < Order.size(); ++R)
    if (clusterOf(A, Order[R]) != clusterOf(A, Order[R - 1])) {
      size_t At = R * Cell;
      OS << "<line class=\"cluster-boundary\" x1=\"" << Left + At << "\" y1=\"" << Top << "\" x2=\""
         << Left + At << "\" y2=\"" << Top + Side << "\" stroke=\"white\" stroke-width=\"2\"/>\n"
         << "<line class=\"cluster-boundary\" x1=\"" << Left << "\" y1=\"" << Top + At << "\" x2=\""
         << Left + Side << "\" y2=\"" << Top + At << "\" stroke=\"white\" stroke-width=\"2\"/>\n";
    }
}

void writeLegend(std::ostream &OS, const Scale &S, size_t X) {
  OS << "<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">";
  for (int I = 0; I <= 4; ++I)
    OS << "<stop offset=\"" << I * 25 << "%\" stop-color=\"" << viridis(I / 4.0) << "\"/>";
  OS << "</linearGradient></defs>\n"
     << "<text x=\"" << X << "\" y=\"" << Top - 8 << "\">similarity</text>\n"
     << "<rect class=\"legend\" x=\"" << X << "\" y=\"" << Top << "\" width=\"" << LegendWidth
     << "\" height=\"" << LegendHeight << "\" fill=\"url(#scale)\"/>\n"
     << "<text x=\"" << X + LegendWidth + 4 << "\" y=\"" << Top + 8 << "\">" << number(S.Hi)
     << "</text>\n<text x=\"" << X + LegendWidth + 4 << "\" y=\"" << Top + LegendHeight << "\">"
     << number(S.Lo) << "</text>\n<text x=\"" << X << "\" y=\"" << Top + LegendHeight + 18 << "\">"
     << (S.Stretched ? "from the least to the most similar pair"
                     : "every pair off the diagonal alike")
     << "</text>\n<text x=\"" << X << "\" y=\"" << Top + LegendHeight + 32
     << "\">1 = identical, 0 = farthest apart; diagonal 1</text>\n";
}

} // namespace

void writeSimilaritySvg(std::ostream &OS, const KernelAnalysis &A, size_t MaxCells) {
  std::vector<size_t> Order =
      A.Similarity.Computed ? displayOrder(A, MaxCells) : std::vector<size_t>();
  size_t Cell = Order.empty() ? MaxCell : std::clamp(MapPixels / Order.size(), MinCell, MaxCell);
  size_t Side = Order.size() * Cell, LegendX = Left + Side + 30;
  OS << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << LegendX + 260 << "\" height=\""
     << Top + std::max(Side, LegendHeight + 30) + 20
     << "\" font-family=\"sans-serif\" font-size=\"10\">\n"
     << "<title>Behaviour similarity of " << xml::escape(demangle(A.K.Name)) << "</title>\n"
     << "<text x=\"4\" y=\"16\" font-size=\"13\">Behaviour similarity of "
     << xml::escape(demangle(A.K.Name)) << "</text>\n";
  if (!A.Similarity.Computed) {
    OS << "<text x=\"4\" y=\"36\">matrix omitted: " << xml::escape(A.Similarity.OmittedReason)
       << "</text>\n</svg>\n";
    return;
  }
  if (Order.size() < A.K.Behaviours.size())
    OS << "<text x=\"4\" y=\"32\">the " << Order.size() << " most frequent of "
       << A.K.Behaviours.size() << " behaviours</text>\n";
  Scale S = colourScale(A.Similarity.Similarity, Order);
  writeAxes(OS, A, Order, Cell);
  for (size_t R = 0; R < Order.size(); ++R)
    for (size_t C = 0; C < Order.size(); ++C) {
      double V = A.Similarity.Similarity(Order[R], Order[C]);
      OS << "<rect class=\"cell\" x=\"" << Left + C * Cell << "\" y=\"" << Top + R * Cell
         << "\" width=\"" << Cell << "\" height=\"" << Cell << "\" fill=\""
         << viridis(R == C ? 1.0 : S.position(V)) << "\"><title>b" << Order[R] << " / b" << Order[C]
         << ": " << number(V) << "</title></rect>\n";
    }
  writeClusterBoundaries(OS, A, Order, Cell);
  writeLegend(OS, S, LegendX);
  OS << "</svg>\n";
}

} // namespace energy::gpu
