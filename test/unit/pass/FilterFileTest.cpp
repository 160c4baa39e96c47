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
    return std::move(*FilterFile::parse("energypass-filter 1\n", "empty"));
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
  EXPECT_NE(errorOf("energypass-filter 3\n")
                .find("filter format version 3 is not supported (this pass reads versions 1 to 2)"),
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

TEST(FilterFile, PatternsOutliveTheTextTheyWereReadFrom) {
  // A GlobPattern refers to its literal prefix; the file's buffer is gone
  // by the time functions are matched.
  std::string Text = "energypass-filter 1\nexclude function helper_drop\n";
  FilterFile Filter = parseOrFail(Text);
  Text.assign(Text.size(), '#');
  EXPECT_EQ(Filter.match("helper_drop", "helper_drop", "a.c"), Verdict::Exclude);
  FilterFile Moved = std::move(Filter);
  EXPECT_EQ(Moved.match("helper_drop", "helper_drop", "a.c"), Verdict::Exclude);
}

TEST(FilterFile, VersionTwoUnmarksFunctionsAndExcludesLoops) {
  FilterFile Filter = parseOrFail("energypass-filter 2\n"
                                  "unmark function luaD_precall\n"
                                  "exclude loop luaV_execute:*\n"
                                  "include loop luaV_execute:loop#1@*\n");
  EXPECT_EQ(Filter.match("luaD_precall", "luaD_precall", "ldo.c"), Verdict::Unmark);
  EXPECT_EQ(Filter.match("luaV_execute", "luaV_execute", "lvm.c"), Verdict::NoMatch);
  EXPECT_EQ(Filter.matchLoop("luaV_execute:loop#1.1@lvm.c", "luaV_execute:loop#1.1@lvm.c"),
            Verdict::Exclude);
  EXPECT_EQ(Filter.matchLoop("luaV_execute:loop#1@lvm.c", "luaV_execute:loop#1@lvm.c"),
            Verdict::Include);
  // Loop rules say nothing of functions, nor function rules of loops.
  EXPECT_EQ(Filter.matchLoop("luaD_precall:loop#1@ldo.c", "luaD_precall:loop#1@ldo.c"),
            Verdict::NoMatch);
}

TEST(FilterFile, LoopRulesAndUnmarkNeedVersionTwo) {
  EXPECT_NE(errorOf("energypass-filter 1\nexclude loop f:*\n")
                .find("test.txt:2: expected 'include|exclude function|file GLOB', got 'exclude "
                      "loop f:*'"),
            std::string::npos);
  EXPECT_NE(errorOf("energypass-filter 1\nunmark function f\n").find("test.txt:2: expected"),
            std::string::npos);
  EXPECT_NE(errorOf("energypass-filter 2\nunmark loop f:*\n")
                .find("test.txt:2: expected 'include|exclude|unmark function|file GLOB' or "
                      "'include|exclude loop GLOB', got 'unmark loop f:*'"),
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
