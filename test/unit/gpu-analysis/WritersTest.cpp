// Writers on the vecAdd analysis: DOT edge labels, SimPoint lines, CSV, SVG and the JSON header.
#include "TestFiles.h"

#include "energy/gpu/Analysis.h"
#include "energy/gpu/InputLoader.h"
#include "energy/gpu/JsonWriter.h"
#include "energy/gpu/Writers.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace energy::gpu;

namespace {

KernelAnalysis vecAdd() {
  std::vector<Kernel> Ks = loadInput(test::vecAddDir(), GpgpuSimOptions());
  return analyseKernel(std::move(Ks.front()), AnalysisOptions());
}

TEST(Writers, DotHasProbabilitiesAndHeat) {
  std::ostringstream OS;
  writeCfgDot(OS, vecAdd());
  std::string S = OS.str();
  EXPECT_NE(S.find("B0 -> B1 [label=\"0.098 (100)\""), std::string::npos) << S;
  EXPECT_NE(S.find("B0 -> exit [label=\"0.902\""), std::string::npos) << S;
  EXPECT_NE(S.find("B0 [label=\"B0 0x0008\\n9 instructions, 1024 thread runs"), std::string::npos)
      << S;
}

TEST(Writers, SimPointLinesCountInstructionsPerThread) {
  std::ostringstream OS;
  writeSimPointBb(OS, vecAdd().K);
  std::istringstream In(OS.str());
  std::vector<std::string> Lines;
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  ASSERT_EQ(Lines.size(), 1024u);
  EXPECT_EQ(Lines[0], "T:1:9 :2:14 ");
  EXPECT_EQ(Lines[99], "T:1:9 :2:14 ");
  EXPECT_EQ(Lines[100], "T:1:9 ");
}

TEST(Writers, CsvAndSvg) {
  KernelAnalysis A = vecAdd();
  std::ostringstream Csv, Svg;
  writeMatrixCsv(Csv, A.Similarity.Similarity, behaviourLabels(A));
  EXPECT_EQ(Csv.str(),
            ",b0 (100 threads),b1 (924 threads)\nb0 (100 threads),1,0\nb1 (924 threads),0,1\n");
  writeSimilaritySvg(Svg, A);
  // One cell per pair of the two behaviours (the legend's bar is a rect of its own class).
  size_t Cells = 0;
  for (size_t P = Svg.str().find("<rect class=\"cell\""); P != std::string::npos;
       P = Svg.str().find("<rect class=\"cell\"", P + 1))
    ++Cells;
  EXPECT_EQ(Cells, 4u);
}

TEST(Writers, SvgAndDotEscapeEveryName) {
  KernelAnalysis A = vecAdd();
  A.K.Name = "mult_gpu<float>&\"'";
  A.K.Blocks[0].Label = "L<&>\"'";
  std::ostringstream Svg, Dot;
  writeSimilaritySvg(Svg, A);
  EXPECT_NE(Svg.str().find(
                "<title>Behaviour similarity of mult_gpu&lt;float&gt;&amp;&quot;&apos;</title>"),
            std::string::npos)
      << Svg.str();
  EXPECT_EQ(Svg.str().find("<float>"), std::string::npos);
  writeCfgDot(Dot, A);
  EXPECT_NE(Dot.str().find("digraph \"mult_gpu<float>&\\\"'\" {"), std::string::npos) << Dot.str();
  EXPECT_NE(Dot.str().find("label=\"B0 L<&>\\\"'\\n"), std::string::npos) << Dot.str();
}

TEST(Writers, SvgOrdersByClusterAndLabelsItsScale) {
  KernelAnalysis A = vecAdd();
  std::ostringstream Svg;
  writeSimilaritySvg(Svg, A);
  std::string S = Svg.str();
  // Two behaviours in two clusters: one boundary line each way, both axes and the legend.
  size_t Boundaries = 0;
  for (size_t P = S.find("class=\"cluster-boundary\""); P != std::string::npos;
       P = S.find("class=\"cluster-boundary\"", P + 1))
    ++Boundaries;
  EXPECT_EQ(Boundaries, 2u) << S;
  EXPECT_NE(S.find("behaviour (ordered by cluster; threads in brackets)"), std::string::npos);
  EXPECT_NE(S.find(">b0 (100)</text>"), std::string::npos) << S;
  // Every pair off the diagonal is 0 apart here: the scale stays 0..1 rather than stretching.
  EXPECT_NE(S.find(">every pair off the diagonal alike</text>"), std::string::npos) << S;
  EXPECT_NE(S.find("fill=\"url(#scale)\""), std::string::npos);
}

TEST(Writers, JsonIsVersioned) {
  std::vector<KernelAnalysis> All;
  All.push_back(vecAdd());
  nlohmann::ordered_json J = analysisToJson(All, AnalysisOptions(), {});
  EXPECT_EQ(J.begin().key(), "format");
  EXPECT_EQ(J["format"], AnalysisFormat);
  EXPECT_EQ(J["version"], 1);
  EXPECT_EQ(J["kernels"][0]["behaviours"][0]["thread_ranges"][0], nlohmann::ordered_json({0, 99}));
  EXPECT_EQ(J["kernels"][0]["divergence"]["divergent_branches"], 1);
}

} // namespace
