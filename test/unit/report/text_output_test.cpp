//===- text_output_test.cpp - Units, name elision, CSV and aligned tables -===//
#include "energy/report/text_table.h"
#include "energy/report/units.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace energy::report;

TEST(Units, SecondsPickAReadableUnit) {
  EXPECT_EQ(formatSeconds(0), "0 s");
  EXPECT_EQ(formatSeconds(2.5), "2.50 s");
  EXPECT_EQ(formatSeconds(125.0), "125 s");
  EXPECT_EQ(formatSeconds(0.0123), "12.3 ms");
  EXPECT_EQ(formatSeconds(0.9999), "1.00 s");
  EXPECT_EQ(formatSeconds(4.5e-5), "45.0 us");
  EXPECT_EQ(formatSeconds(7e-9), "7.00 ns");
}

TEST(Units, RatesEnergiesSharesAndCounts) {
  EXPECT_EQ(formatFlopRate(2.38e8), "238 MFLOP/s");
  EXPECT_EQ(formatFlopRate(1.5e9), "1.50 GFLOP/s");
  EXPECT_EQ(formatFlopRate(0), "0 FLOP/s");
  EXPECT_EQ(formatJoules(0.566), "566 mJ");
  EXPECT_EQ(formatJoules(12.0), "12.0 J");
  EXPECT_EQ(formatJoules(3.2e-6), "3.20 uJ");
  EXPECT_EQ(formatShare(0.9275), "92.8%");
  EXPECT_EQ(formatShare(0), "0.0%");
  EXPECT_EQ(formatRatio(0.125), "0.125");
  EXPECT_EQ(formatRatio(12.5), "12.5");
  EXPECT_EQ(formatRatio(0.0001), "0.0001");
  EXPECT_EQ(formatCount(999999), "999999");
  EXPECT_EQ(formatCount(12345678), "12.3 M");
}

TEST(Units, LongCppNamesLoseParametersThenTemplateArgumentsFirst) {
  std::string Name = "dense::kernel<double, 4>::checksum(std::vector<double, "
                     "std::allocator<double> > const&, bool&)";
  EXPECT_EQ(elideName(Name, 200), Name);
  EXPECT_EQ(elideName(Name, 40), "dense::kernel<double, 4>::checksum(...)");
  EXPECT_EQ(elideName(Name, 33), "dense::kernel<...>::checksum(...)");
  EXPECT_EQ(elideName(Name, 20), "dense::ke...checksum");
  EXPECT_EQ(elideName("abcdef", 2), "..");
}

TEST(Units, PathsKeepTheirEnd) {
  EXPECT_EQ(elidePath("src/a.c:12", 20), "src/a.c:12");
  EXPECT_EQ(elidePath("/very/long/directory/file.c:12", 15), "...ry/file.c:12");
  EXPECT_EQ(displayWidth("caf\xc3\xa9.c"), 6u);
  EXPECT_EQ(elidePath("/d/caf\xc3\xa9.c:1", 11), "/d/caf\xc3\xa9.c:1");
  EXPECT_EQ(elidePath("/d/caf\xc3\xa9.c:1", 9), "...f\xc3\xa9.c:1");
}

TEST(TextTable, ColumnsAreAlignedUnderTheirHeaders) {
  TextTable Table({{"name", Align::Left}, {"calls", Align::Right}});
  Table.addRow({"main", "1"});
  Table.addRow({"a_longer_name", "12345"});
  Table.setSummaryRow({"all", "12346"});
  std::ostringstream OS;
  Table.print(OS);
  EXPECT_EQ(OS.str(), "name           calls\n"
                      "--------------------\n"
                      "main               1\n"
                      "a_longer_name  12345\n"
                      "--------------------\n"
                      "all            12346\n");
}
