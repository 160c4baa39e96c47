//===- listing_test.cpp - The table, CSV and JSON of energy-report show ---===//
#include "energy/report/reader.h"
#include "energy/report/region_listing.h"

#include "fixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <sstream>

using namespace energy::report;
using energy::report::test::daxpyDocument;

namespace {

std::string listing(const Report &R, ListingFormat Format, ListingOptions Options = {}) {
  std::ostringstream OS;
  printListing(R, Options, Format, OS);
  return OS.str();
}

std::vector<std::string> lines(const std::string &Text) {
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  for (std::string Line; std::getline(In, Line);)
    Lines.push_back(Line);
  return Lines;
}

} // namespace

TEST(Listing, HeaderSaysProgramWallTimeAndEnergySource) {
  Report R = parseReport(daxpyDocument(), "r.json");
  ListingOptions Options;
  Options.top = 1;
  EXPECT_EQ(listingHeader(R, Options), "program ./daxpy 1000 | wall 500 ms | 2 threads | energy "
                                       "modelled by "
                                       "default-analytic-v1 | 1 of 2 regions by energy");
}

TEST(Listing, TableListsRegionsByEnergyWithShortPaths) {
  Report R = parseReport(daxpyDocument(), "r.json");
  std::vector<std::string> Lines = lines(listing(R, ListingFormat::Table));
  ASSERT_EQ(Lines.size(), 7u); // header, titles, rule, 2 rows, rule, total
  EXPECT_NE(Lines[0].find("| files in /src/"), std::string::npos);
  EXPECT_EQ(Lines[1].find("region"), 0u);
  EXPECT_EQ(Lines[3].find("daxpy:loop@daxpy.c:4"), 0u);
  EXPECT_NE(Lines[3].find(" daxpy.c:4 "), std::string::npos);
  EXPECT_NE(Lines[3].find("8.00 kFLOP/s"), std::string::npos);
  EXPECT_NE(Lines[3].find("0.0833"), std::string::npos); // 2000 / 24000 B
  EXPECT_NE(Lines[3].find("1.50 J"), std::string::npos);
  EXPECT_NE(Lines[3].find("75.0%"), std::string::npos);
  EXPECT_EQ(Lines[4].find("main "), 0u);
  EXPECT_EQ(Lines[6].find("all 2 regions"), 0u);
  EXPECT_NE(Lines[6].find("100.0%"), std::string::npos);
  // Every row is as wide as the rule: the columns are aligned.
  for (size_t I : {1, 3, 4, 6})
    EXPECT_EQ(Lines[I].size(), Lines[2].size()) << Lines[I];
}

/// daxpy's report with a third region that was never entered: a vectorised
/// loop's remainder loop that the run's size never needed.
static nlohmann::json withIdleRegion() {
  nlohmann::json Doc = daxpyDocument();
  nlohmann::json Idle = Doc["regions"][1];
  Idle["id"] = Doc["regions"].size();
  Idle["name"] = Idle["demangled"] = "daxpy:loop#2@daxpy.c:4";
  Idle["calls"] = 0;
  Idle["time_s"] = {{"inclusive", 0.0}, {"self", 0.0}};
  std::function<void(nlohmann::json &)> Zero = [&](nlohmann::json &J) {
    if (J.is_number())
      J = 0;
    for (auto &Child : J)
      if (J.is_structured())
        Zero(Child);
  };
  Zero(Idle["counts"]);
  Idle["energy_j"]["modelled"] = 0.0;
  Doc["regions"].push_back(Idle);
  return Doc;
}

TEST(Listing, RegionsThatNeverRanAreLeftOutUnlessAsked) {
  Report R = parseReport(withIdleRegion(), "r.json");
  ListingOptions Options;
  EXPECT_EQ(listingHeader(R, Options).substr(listingHeader(R, Options).find("| 2 of")),
            "| 2 of 3 regions by energy (1 never ran; --all lists them)");
  EXPECT_EQ(listing(R, ListingFormat::Table).find("loop#2"), std::string::npos);
  Options.includeIdle = true;
  EXPECT_NE(listingHeader(R, Options).find("| 3 of 3 regions by energy"), std::string::npos);
  EXPECT_NE(listing(R, ListingFormat::Table, Options).find("loop#2"), std::string::npos);
}

TEST(Listing, HeaderSaysWhenTheReportNamesNoModel) {
  nlohmann::json Doc = daxpyDocument();
  Doc["model"] = nullptr;
  Report R = parseReport(Doc, "r.json");
  EXPECT_NE(listingHeader(R, ListingOptions{}).find("| no energy model in the report |"),
            std::string::npos);
}

TEST(Listing, MeasuredEnergyGetsItsOwnColumn) {
  nlohmann::json Doc = daxpyDocument();
  Doc["sources"][1]["used"] = true;
  Doc["regions"][1]["energy_j"]["measured"] = 1.25;
  Report R = parseReport(Doc, "r.json");
  std::string Table = listing(R, ListingFormat::Table);
  EXPECT_NE(Table.find("energy measured (rapl)"), std::string::npos);
  EXPECT_NE(Table.find("energy (measured)"), std::string::npos);
  EXPECT_NE(Table.find("1.25 J"), std::string::npos);
}

TEST(Listing, CsvHasOneRecordPerListedRegion) {
  Report R = parseReport(daxpyDocument(), "r.json");
  ListingOptions Options;
  Options.sort = SortKey::Name;
  std::vector<std::string> Lines = lines(listing(R, ListingFormat::Csv, Options));
  ASSERT_EQ(Lines.size(), 3u);
  EXPECT_EQ(Lines[0].rfind("id,name,demangled,kind,file,line,calls,", 0), 0u);
  EXPECT_EQ(Lines[1].rfind("1,daxpy:loop@daxpy.c:4,daxpy:loop@daxpy.c:4,loop,"
                           "/src/daxpy.c,4,4,0.29999999999999999,0.25,2000,"
                           "16000,8000,8000,",
                           0),
            0u)
      << Lines[1];
  EXPECT_EQ(Lines[2].rfind("0,main,", 0), 0u);
}

TEST(Listing, JsonCarriesRawValuesAndNullsForUndefinedRatios) {
  nlohmann::json Doc = daxpyDocument();
  Doc["regions"][0]["time_s"]["self"] = 0;
  Report R = parseReport(Doc, "r.json");
  ListingOptions Options;
  Options.top = 0;
  nlohmann::json Out = nlohmann::json::parse(listing(R, ListingFormat::Json, Options));
  EXPECT_EQ(Out["format"], "energypass-show");
  EXPECT_EQ(Out["energy"], "modelled");
  EXPECT_EQ(Out["regions_total"], 2);
  ASSERT_EQ(Out["regions"].size(), 2u);
  EXPECT_EQ(Out["regions"][0]["id"], 1);
  EXPECT_DOUBLE_EQ(Out["regions"][0]["flop_per_s"].get<double>(), 8000.0);
  EXPECT_DOUBLE_EQ(Out["regions"][0]["energy_share"].get<double>(), 0.75);
  EXPECT_TRUE(Out["regions"][1]["flop_per_s"].is_null());
}

TEST(Listing, FormatNames) {
  EXPECT_EQ(parseListingFormat("csv"), ListingFormat::Csv);
  EXPECT_EQ(parseListingFormat("table"), ListingFormat::Table);
  EXPECT_EQ(parseListingFormat("json"), ListingFormat::Json);
  EXPECT_FALSE(parseListingFormat("xml").has_value());
}

/// A sampled run whose samples stand for `Sampled` seconds of the `Timed`
/// seconds its sampled threads ran.
static Report sampledRun(double Sampled, double Timed) {
  nlohmann::json Doc = energy::report::test::sampledDaxpy(1);
  Doc["timing"]["sampled_cpu_time_s"] = Sampled;
  Doc["timing"]["timed_cpu_time_s"] = Timed;
  return parseReport(Doc, "r.json");
}

TEST(Listing, HeaderSaysWhenSamplesMissMostOfTheThreadsCpuTime) {
  // xz -T2: its worker, started by liblzma with every signal blocked, ran
  // 14.7 s of CPU time and took no sample.
  std::string Header = listingHeader(sampledRun(0.121, 14.8), ListingOptions{});
  EXPECT_NE(Header.find("| samples cover only 0.8% of the sampled threads' CPU time (121 ms of "
                        "14.8 s): threads that block the sampling signal"),
            std::string::npos)
      << Header;
  // A few percent lost to contention, or a few periods, is not worth saying.
  for (auto [Sampled, Timed] : {std::pair{0.95, 1.0}, std::pair{0.001, 0.015}})
    EXPECT_EQ(listingHeader(sampledRun(Sampled, Timed), ListingOptions{}).find("samples cover"),
              std::string::npos)
        << Sampled << " of " << Timed;
  // Reports from before these keys: nothing to say.
  EXPECT_EQ(
      listingHeader(parseReport(energy::report::test::sampledDaxpy(1), "r.json"), ListingOptions{})
          .find("samples cover"),
      std::string::npos);
}
