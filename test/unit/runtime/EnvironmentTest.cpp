//===- EnvironmentTest.cpp - The ENERGY_* settings door -------------------===//
//
// A test process is not secure, so setting() must read what getenv reads;
// what a secure process withholds is shown by test/e2e/runtime/secure-process.test,
// which runs a set-user-ID program as another user.
//
//===----------------------------------------------------------------------===//
#include "support/Environment.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace energy::support;

namespace {

TEST(Environment, EnergyVariablesAreNamedSortedAndOnce) {
  const char *Environ[] = {"PATH=/bin",     "ENERGY_REPORT=/tmp/r.json",
                           "ENERGY_QUIET=", "ENERGY_REPORT=again",
                           "ENERGYX=1",     "MY_ENERGY_X=1",
                           "ENERGY_FLAG",   nullptr};
  EXPECT_EQ(energyVariables(Environ),
            (std::vector<std::string>{"ENERGY_FLAG", "ENERGY_QUIET", "ENERGY_REPORT"}));
}

TEST(Environment, NoVariablesInAnEmptyEnvironment) {
  const char *Environ[] = {nullptr};
  EXPECT_TRUE(energyVariables(Environ).empty());
  EXPECT_TRUE(energyVariables(nullptr).empty());
}

TEST(Environment, AnOrdinaryProcessReadsItsSettings) {
  ASSERT_FALSE(secureProcess());
  setenv("ENERGY_TEST_SETTING", "42", 1);
  ASSERT_NE(setting("ENERGY_TEST_SETTING"), nullptr);
  EXPECT_STREQ(setting("ENERGY_TEST_SETTING"), "42");
  EXPECT_TRUE(ignoredSettings().empty());
  unsetenv("ENERGY_TEST_SETTING");
  EXPECT_EQ(setting("ENERGY_TEST_SETTING"), nullptr);
}

} // namespace
