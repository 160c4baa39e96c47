//===- reader_fuzz_test.cpp - Damaged reports give ReportError, nothing else
//===//
//
// A fixed-seed mutation fuzzer over the daxpy fixture: byte flips, cuts,
// deletions and splices of troublesome JSON values. Every mutant must either
// be read or be refused with a one-line ReportError; any other exception (or
// a crash) fails the test. Deterministic, and fast enough for every CI run.
//
//===----------------------------------------------------------------------===//
#include "energy/report/reader.h"
#include "energy/report/region_listing.h"
#include "energy/report/report_merge.h"

#include "fixture.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <sstream>

using namespace energy::report;

namespace {

std::string mutate(std::string Text, std::mt19937 &Rng) {
  auto Pick = [&Rng](size_t N) { return std::uniform_int_distribution<size_t>(0, N - 1)(Rng); };
  static const std::array<const char *, 10> Splices = {
      "-1", "1e999", "null",       "\"x\"", "[]", "{}", "18446744073709551616",
      "-0", "1.5",   "\"\\u0000\""};
  switch (Pick(4)) {
  case 0:
    for (size_t I = 0, N = 1 + Pick(5); I < N; ++I)
      Text[Pick(Text.size())] = static_cast<char>(Pick(256));
    break;
  case 1:
    Text.resize(Pick(Text.size()));
    break;
  case 2:
    Text.insert(Pick(Text.size()), Splices[Pick(Splices.size())]);
    break;
  default:
    Text.erase(Pick(Text.size()), 1 + Pick(50));
  }
  return Text;
}

} // namespace

TEST(ReportReaderFuzz, MutantsAreReadOrRefusedWithOneLine) {
  std::string Original = test::daxpyDocument().dump(1);
  std::mt19937 Rng(20261130);
  int Refused = 0;
  for (int Round = 0; Round < 1500; ++Round) {
    std::string Mutant = mutate(Original, Rng);
    try {
      Report R = parseReportText(Mutant, "fuzzed.json");
      std::ostringstream Sink;
      for (ListingFormat F : {ListingFormat::Table, ListingFormat::Csv, ListingFormat::Json})
        printListing(R, ListingOptions{}, F, Sink);
    } catch (const ReportError &E) {
      ++Refused;
      ASSERT_EQ(std::string(E.what()).find('\n'), std::string::npos) << E.what();
    } catch (const std::exception &E) {
      FAIL() << "round " << Round << ": unexpected " << E.what() << "\nmutant: " << Mutant;
    }
  }
  // Most mutants break something; a fuzzer that never refuses tests nothing.
  EXPECT_GT(Refused, 500);
}

// Merging reads sections the reader does not (modules, diagnostics): a
// mutant merged into a good report is merged into a valid report or refused
// with one line, as the tools merge it.
TEST(ReportReaderFuzz, MutantsAreMergedOrRefusedWithOneLine) {
  nlohmann::json Good = test::sampledDaxpy(1);
  std::string Original = test::sampledDaxpy(2).dump(1);
  std::mt19937 Rng(20261202);
  int Refused = 0;
  for (int Round = 0; Round < 1500; ++Round) {
    std::string Mutant = mutate(Original, Rng);
    ReportMerger Merger;
    Merger.add(Good, "good.json");
    nlohmann::json Doc;
    try {
      Doc = nlohmann::json::parse(Mutant);
    } catch (const nlohmann::json::exception &) {
      ++Refused; // the reader's own refusal, tested above
      continue;
    }
    try {
      parseReport(Doc, "fuzzed.json");
      Merger.add(Doc, "fuzzed.json");
    } catch (const ReportError &E) {
      ++Refused;
      ASSERT_EQ(std::string(E.what()).find('\n'), std::string::npos) << E.what();
      continue;
    } catch (const std::exception &E) {
      FAIL() << "round " << Round << ": unexpected " << E.what() << "\nmutant: " << Mutant;
    }
    try {
      parseReport(Merger.result(), "merged.json");
    } catch (const std::exception &E) {
      FAIL() << "round " << Round << ": merged an invalid report: " << E.what()
             << "\nmutant: " << Mutant;
    }
  }
  EXPECT_GT(Refused, 500);
}
