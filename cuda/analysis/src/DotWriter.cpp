// DotWriter: the CFG as Graphviz, blocks filled by heat, edges labelled with probabilities.
#include "energy/gpu/Writers.h"

#include <algorithm>
#include <cstdio>

namespace energy::gpu {
namespace {

// White (cold) to red (hot), as an HSV colour Graphviz understands.
std::string heatColour(double Heat) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "0.000 %.3f 1.000", std::clamp(Heat, 0.0, 1.0) * 0.85);
  return Buf;
}

// Inside a quoted DOT string only '"', '\\' and line ends are special; '<', '>', '&' and '\''
// are plain there (they matter only in HTML labels, which this writer does not use).
std::string escape(const std::string &S) {
  std::string Out;
  for (char C : S)
    if (C == '"' || C == '\\')
      Out += std::string("\\") + C;
    else if (C == '\n')
      Out += "\\n";
    else if (C != '\r')
      Out += C;
  return Out;
}

} // namespace

void writeCfgDot(std::ostream &OS, const KernelAnalysis &A) {
  const Kernel &K = A.K;
  uint64_t Hottest = 1;
  for (uint64_t E : A.BlockExecutions)
    Hottest = std::max(Hottest, E);
  OS << "digraph \"" << escape(demangle(K.Name)) << "\" {\n"
     << "  node [shape=box, style=filled, fontname=\"monospace\"];\n";
  for (const BasicBlock &B : K.Blocks) {
    std::string Mix;
    std::vector<std::pair<uint32_t, std::string>> Top;
    for (const auto &[Name, N] : B.OpcodeMix)
      Top.emplace_back(N, Name);
    std::sort(Top.rbegin(), Top.rend());
    for (size_t I = 0; I < Top.size() && I < 3; ++I)
      Mix += (I ? " " : "") + Top[I].second + ":" + std::to_string(Top[I].first);
    OS << "  B" << B.Id << " [label=\"B" << B.Id << " " << escape(B.Label) << "\\n"
       << B.Instructions << " instructions, " << A.BlockExecutions[B.Id] << " thread runs\\n"
       << escape(Mix) << "\", fillcolor=\""
       << heatColour(double(A.BlockExecutions[B.Id]) / double(Hottest)) << "\"];\n";
  }
  bool AnyExit = false;
  for (const Transition &T : A.Transitions) {
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, "%.3f", T.Probability);
    OS << "  B" << T.From << " -> B" << T.To << " [label=\"" << Buf << " (" << T.Count
       << ")\", penwidth=" << 1 + 3 * T.Probability << "];\n";
  }
  for (size_t B = 0; B < A.ExitProbability.size(); ++B)
    if (A.ExitProbability[B] > 0) {
      char Buf[32];
      std::snprintf(Buf, sizeof Buf, "%.3f", A.ExitProbability[B]);
      OS << "  B" << B << " -> exit [label=\"" << Buf << "\", style=dashed];\n";
      AnyExit = true;
    }
  if (AnyExit)
    OS << "  exit [shape=doublecircle, style=solid];\n";
  OS << "}\n";
}

} // namespace energy::gpu
