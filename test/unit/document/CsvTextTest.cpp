//===- CsvTextTest.cpp - The one CSV quoting of every tool ----------------===//
#include "csv/CsvText.h"

#include <gtest/gtest.h>

#include <sstream>

namespace {

using energy::csv::field;

TEST(CsvText, FieldsAreQuotedOnlyWhenNeeded) {
  EXPECT_EQ(field("main"), "main");
  EXPECT_EQ(field("f(int, int)"), "\"f(int, int)\"");
  EXPECT_EQ(field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(field(""), "");
}

TEST(CsvText, CarriageReturnsAreQuotedAsRfc4180Asks) { EXPECT_EQ(field("a\rb"), "\"a\rb\""); }

TEST(CsvText, RecordsAreCommaSeparatedAndEndInLineFeed) {
  std::ostringstream OS;
  energy::csv::writeRecord(OS, {"1", "a,b", ""});
  EXPECT_EQ(OS.str(), "1,\"a,b\",\n");
}

} // namespace
