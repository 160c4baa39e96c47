//===- source_lines_test.cpp - Reading `lines` and summing them per line --===//
#include "fixture.h"

#include "energy/report/line_table.h"
#include "energy/report/reader.h"
#include "energy/report/report_error.h"
#include "energy/report/source_lines.h"

#include <gtest/gtest.h>

namespace energy::report {
namespace {

nlohmann::json lineEntry(const std::string &File, uint64_t Line, uint64_t Region, uint64_t Flops,
                         const nlohmann::json &Joules) {
  nlohmann::json Counts = test::daxpyDocument()["regions"][0]["counts"];
  Counts["flops"] = Flops;
  Counts["instructions"] = 10 * Flops;
  return {
      {"file", File}, {"line", Line}, {"region", Region}, {"counts", Counts}, {"energy_j", Joules}};
}

TEST(SourceLines, OneLineInTwoRegionsIsTheirSum) {
  nlohmann::json Doc = test::daxpyDocument();
  Doc["lines"] = {lineEntry("b.c", 3, 0, 5, 0.25), lineEntry("a.c", 9, 1, 7, 0.5),
                  lineEntry("b.c", 3, 1, 2, 0.125)};
  std::vector<SourceLineCost> Lines = costsBySourceLine(parseReport(Doc, "t.json"));
  ASSERT_EQ(Lines.size(), 2u);
  EXPECT_EQ(Lines[0].file, "a.c");
  EXPECT_EQ(Lines[1].file, "b.c");
  EXPECT_EQ(Lines[1].line, 3u);
  EXPECT_EQ(Lines[1].flops, 7u);
  EXPECT_EQ(Lines[1].counts.instructions, 70u);
  EXPECT_DOUBLE_EQ(*Lines[1].energyJoules, 0.375);
  EXPECT_EQ(hottestLines(Lines, 1), std::vector<size_t>{0});
}

TEST(SourceLines, AnUnknownShareMakesTheLinesEnergyUnknown) {
  nlohmann::json Doc = test::daxpyDocument();
  Doc["lines"] = {lineEntry("a.c", 1, 0, 1, 0.5), lineEntry("a.c", 1, 1, 1, nullptr),
                  lineEntry("a.c", 2, 0, 3, 0.1)};
  std::vector<SourceLineCost> Lines = costsBySourceLine(parseReport(Doc, "t.json"));
  ASSERT_EQ(Lines.size(), 2u);
  EXPECT_FALSE(Lines[0].energyJoules.has_value());
  // Without every energy the hottest are by instructions.
  EXPECT_EQ(hottestLines(Lines, 1), std::vector<size_t>{1});
}

/// Line k.h:2 inlined at two call sites (twice at the second) and once not
/// inlined, as versions 4 to 6 wrote lines.
nlohmann::json inlinedParts() {
  nlohmann::json AtFirst = lineEntry("k.h", 2, 0, 4, 0.5),
                 AtSecond = lineEntry("k.h", 2, 1, 8, 1.0);
  AtFirst["inlined_at"] = {{{"file", "a.c"}, {"line", 10}, {"function", "first"}}};
  AtSecond["inlined_at"] = {{{"file", "a.c"}, {"line", 20}, {"function", "second"}}};
  return {AtSecond, lineEntry("k.h", 2, 0, 1, 0.25), AtFirst, AtSecond};
}

TEST(SourceLines, InlinedPartsAreKeptApartByTheirCallSites) {
  nlohmann::json Doc = test::daxpyDocument();
  Doc["version"] = 4;
  Doc["lines"] = inlinedParts();
  Report R = parseReport(Doc, "t.json");
  ASSERT_TRUE(hasInliningChains(R));
  std::vector<SourceLineCost> Lines = costsBySourceLine(R);
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_EQ(Lines[0].flops, 21u);
  ASSERT_EQ(Lines[0].inlined.size(), 2u);
  EXPECT_EQ(Lines[0].inlined[0].sites.front().function, "first");
  EXPECT_EQ(Lines[0].inlined[0].flops, 4u);
  EXPECT_EQ(Lines[0].inlined[1].sites.front().line, 20u);
  EXPECT_EQ(Lines[0].inlined[1].flops, 16u);
  EXPECT_DOUBLE_EQ(*Lines[0].inlined[1].energyJoules, 2.0);
}

TEST(SourceLines, ReportsBeforeVersion4HaveNoInliningChains) {
  nlohmann::json Doc = test::daxpyDocument();
  Doc["lines"] = nlohmann::json::array({lineEntry("a.c", 1, 0, 1, 0.5)});
  EXPECT_FALSE(hasInliningChains(parseReport(Doc, "t.json")));
}

TEST(SourceLines, AReportWithoutLinesIsRefused) {
  Report R = parseReport(test::daxpyDocument(), "old.json");
  EXPECT_FALSE(R.lines.has_value());
  EXPECT_THROW(costsBySourceLine(R), ReportError);
}

/// A line without floating-point work as the runtime writes it since
/// version 4: the FLOP breakdowns left out.
nlohmann::json lineWithoutBreakdowns(uint64_t Flops) {
  nlohmann::json Line = lineEntry("a.c", 4, 0, Flops, 0.5);
  for (const char *Key : {"flops_by_precision", "flops_by_kind", "flops_by_width", "flops_detail"})
    Line["counts"].erase(Key);
  return Line;
}

TEST(SourceLines, ALineWithoutFlopsNeedsNoBreakdowns) {
  nlohmann::json Doc = test::daxpyDocument();
  Doc["lines"] = nlohmann::json::array({lineWithoutBreakdowns(0)});
  Report R = parseReport(Doc, "t.json");
  ASSERT_EQ(R.lines->size(), 1u);
  EXPECT_EQ((*R.lines)[0].flops, 0u);
  EXPECT_EQ((*R.lines)[0].counts.totalFlops(), 0u);
  EXPECT_EQ((*R.lines)[0].counts.instructions, 0u);
}

TEST(SourceLines, ALineWithFlopsButNoBreakdownsIsRefused) {
  nlohmann::json Doc = test::daxpyDocument();
  Doc["lines"] = nlohmann::json::array({lineWithoutBreakdowns(3)});
  EXPECT_THROW(parseReport(Doc, "t.json"), ReportError);
}

TEST(SourceLines, ALineWithoutEnergySharesItsRegionsByTheModelsJoulesPerOperation) {
  nlohmann::json Doc = test::daxpyDocument();
  nlohmann::json Flop = nlohmann::json::object();
  for (const char *P : {"half", "float", "double"})
    for (const char *K : {"addsub", "mul", "div", "sqrt", "fma", "minmax", "other"})
      Flop[P][K] = 0.0;
  Flop["double"]["fma"] = 4e-9;
  Doc["model"]["work_joules"] = {{"instruction", 1e-9},
                                 {"branch", 0.0},
                                 {"byte_loaded", 0.0},
                                 {"byte_stored", 0.0},
                                 {"flop", Flop}};
  Report Base = parseReport(Doc, "t.json");
  const Region &Owner = Base.regions[0];
  double RegionWork = 1e-9 * double(Owner.counts.instructions) +
                      4e-9 * double(Owner.counts.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_FMA]);
  ASSERT_GT(RegionWork, 0);
  nlohmann::json Line = lineWithoutBreakdowns(0);
  Line["region"] = 0;
  Line["counts"]["instructions"] = 25;
  Line.erase("energy_j");
  Doc["lines"] = nlohmann::json::array({Line});
  Report R = parseReport(Doc, "t.json");
  ASSERT_TRUE((*R.lines)[0].energyJoules.has_value());
  EXPECT_DOUBLE_EQ(*(*R.lines)[0].energyJoules, Owner.energy.modelledJoules * 25e-9 / RegionWork);
  Doc["model"].erase("work_joules"); // a learned model: no share to compute
  EXPECT_FALSE((*parseReport(Doc, "t.json").lines)[0].energyJoules.has_value());
}

TEST(SourceLines, ADamagedWorkJoulesIsRefusedByName) {
  nlohmann::json Doc = test::daxpyDocument();
  Doc["model"]["work_joules"] = {{"instruction", 1e-9}, {"branch", -1.0}};
  try {
    parseReport(Doc, "t.json");
    ADD_FAILURE() << "a damaged model.work_joules was read";
  } catch (const ReportError &E) {
    EXPECT_NE(std::string(E.what()).find("work_joules.branch"), std::string::npos) << E.what();
  }
}

TEST(SourceLines, ALineOfARegionThatDoesNotExistIsRefused) {
  nlohmann::json Doc = test::daxpyDocument();
  Doc["lines"] = {lineEntry("a.c", 1, 99, 1, 0.5)};
  EXPECT_THROW(parseReport(Doc, "t.json"), ReportError);
}

/// inlinedParts() as the runtime writes lines since version 7: a table of
/// rows, without energies.
nlohmann::json inlinedPartsAsTable() {
  nlohmann::json Doc = test::daxpyDocument();
  Doc["version"] = 7;
  nlohmann::json Objects = inlinedParts();
  for (nlohmann::json &Line : Objects)
    Line.erase("energy_j");
  Doc["lines"] = lineTable(Objects);
  return Doc;
}

TEST(SourceLines, AVersion7TableReadsAsItsLines) {
  nlohmann::json Doc = inlinedPartsAsTable();
  EXPECT_EQ(Doc["lines"]["files"], nlohmann::json::array({"k.h"}));
  EXPECT_EQ(Doc["lines"]["inline_chains"].size(), 2u);
  EXPECT_EQ(Doc["lines"]["rows"][1][3], nullptr);
  std::vector<SourceLineCost> Lines = costsBySourceLine(parseReport(Doc, "t.json"));
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_EQ(Lines[0].file, "k.h");
  EXPECT_EQ(Lines[0].flops, 21u);
  EXPECT_EQ(Lines[0].counts.instructions, 210u);
  ASSERT_EQ(Lines[0].inlined.size(), 2u);
  EXPECT_EQ(Lines[0].inlined[0].sites.front().function, "first");
  EXPECT_EQ(Lines[0].inlined[1].flops, 16u);
  EXPECT_EQ(lineObjects(Doc["lines"]).size(), 4u);
}

/// The one-line error parseReport() gives Doc.
std::string errorOf(const nlohmann::json &Doc) {
  try {
    parseReport(Doc, "t.json");
  } catch (const ReportError &E) {
    return E.what();
  }
  return "no error";
}

TEST(SourceLines, ADamagedTableIsRefusedByThePlaceItIsDamaged) {
  nlohmann::json Doc = inlinedPartsAsTable();
  Doc["lines"]["rows"][2][1] = 5;
  EXPECT_NE(errorOf(Doc).find("lines.rows[2][1] is 5, but lines.files has 1 entries"),
            std::string::npos)
      << errorOf(Doc);
  Doc = inlinedPartsAsTable();
  Doc["lines"]["rows"][0].erase(4);
  EXPECT_NE(errorOf(Doc).find("lines.rows[0][10] must be a non-negative integer, found an object"),
            std::string::npos)
      << errorOf(Doc);
  Doc["lines"]["rows"][0].erase(4);
  EXPECT_NE(errorOf(Doc).find("lines.rows[0] has 10 elements"), std::string::npos) << errorOf(Doc);
  Doc = inlinedPartsAsTable();
  Doc["lines"]["columns"][5] = "cycles";
  EXPECT_NE(errorOf(Doc).find("lines.columns does not list the columns"), std::string::npos)
      << errorOf(Doc);
  Doc = inlinedPartsAsTable();
  Doc["lines"]["rows"][0][0] = 99;
  EXPECT_NE(errorOf(Doc).find("names region 99"), std::string::npos) << errorOf(Doc);
}

} // namespace
} // namespace energy::report
