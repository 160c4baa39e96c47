//===- FilterFileTest.cpp - Parsing and matching of filter files ----------===//
//
// The filter file decides which functions are timed; a malformed one must be
// refused with a message naming the line, never half-applied.
//
//===----------------------------------------------------------------------===//
#include "FilterFile.h"

#include <gtest/gtest.h>

using energy::FilterFile;
using Verdict = energy::FilterFile::Verdict;

namespace {

FilterFile parseOrFail(llvm::StringRef Text) {
  llvm::Expected<FilterFile> Filter = FilterFile::parse(Text, "test.txt");
  if (!Filter) {
    ADD_FAILURE() << llvm::toString(Filter.takeError());
    return *FilterFile::parse("energypass-filter 1\n", "empty");
  }
  return std::move(*Filter);
}

std::string errorOf(llvm::StringRef Text) {
  llvm::Expected<FilterFile> Filter = FilterFile::parse(Text, "test.txt");
  if (Filter)
    return "";
  return llvm::toString(Filter.takeError());
}

TEST(FilterFile, LastMatchingRuleWins) {
  FilterFile Filter = parseOrFail("energypass-filter 1\n"
                                  "exclude function helper_*\n"
                                  "include function helper_keep\n");
  EXPECT_EQ(Filter.match("helper_drop", "helper_drop", "a.c"), Verdict::Exclude);
  EXPECT_EQ(Filter.match("helper_keep", "helper_keep", "a.c"), Verdict::Include);
  EXPECT_EQ(Filter.match("main", "main", "a.c"), Verdict::NoMatch);
}

TEST(FilterFile, FunctionGlobsMatchMangledOrDemangled) {
  FilterFile Filter = parseOrFail("energypass-filter 1\n"
                                  "exclude function std::*\n");
  EXPECT_EQ(Filter.match("_ZNSt6vectorIiE5clearEv", "std::vector<int>::clear()", "v.h"),
            Verdict::Exclude);
}

TEST(FilterFile, FileGlobsMatchTheSourceFile) {
  FilterFile Filter = parseOrFail("# vendored code\n\n"
                                  "energypass-filter 1\n"
                                  "exclude file */third_party/*\n");
  EXPECT_EQ(Filter.match("f", "f", "/src/third_party/z.c"), Verdict::Exclude);
  EXPECT_EQ(Filter.match("f", "f", "/src/main.c"), Verdict::NoMatch);
}

TEST(FilterFile, RefusesMissingHeaderAndOtherVersions) {
  EXPECT_NE(errorOf("exclude function f\n").find("test.txt:1: not an EnergyPass filter file"),
            std::string::npos);
  EXPECT_NE(errorOf("energypass-filter 2\n").find("filter format version 2 is not supported"),
            std::string::npos);
  EXPECT_NE(errorOf("").find("empty filter file"), std::string::npos);
}

TEST(FilterFile, RefusesMalformedRulesWithTheirLine) {
  EXPECT_NE(errorOf("energypass-filter 1\n\ninclude symbol f\n")
                .find("test.txt:3: expected 'include|exclude function|file "
                      "GLOB', got 'include symbol f'"),
            std::string::npos);
  EXPECT_NE(errorOf("energypass-filter 1\nexclude function [z-a]\n").find("test.txt:2: bad glob"),
            std::string::npos);
}

TEST(FilterFile, LoadNamesTheMissingFile) {
  llvm::Expected<FilterFile> Filter = FilterFile::load("/nonexistent/energy-filter.txt");
  ASSERT_FALSE(Filter);
  EXPECT_NE(llvm::toString(Filter.takeError())
                .find("cannot read filter file '/nonexistent/"
                      "energy-filter.txt'"),
            std::string::npos);
}

} // namespace
