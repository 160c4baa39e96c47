//===- default_model_path_test.cpp - Finding the shipped model
//-------------===//
#include "energy/model/analytic_model.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace {

void anchor() {}

class DefaultModelPath : public ::testing::Test {
protected:
  void SetUp() override { unsetenv("ENERGY_MODEL"); }
  void TearDown() override { unsetenv("ENERGY_MODEL"); }
};

} // namespace

TEST_F(DefaultModelPath, EnvironmentOverrides) {
  setenv("ENERGY_MODEL", "/somewhere/else.json", 1);
  EXPECT_EQ(energy::model::defaultModelPath(reinterpret_cast<void *>(&anchor)),
            "/somewhere/else.json");
}

TEST_F(DefaultModelPath, EmptyEnvironmentValueIsIgnored) {
  setenv("ENERGY_MODEL", "", 1);
  EXPECT_NE(energy::model::defaultModelPath(reinterpret_cast<void *>(&anchor)), "");
}

// The test binary lives in <build>/bin, like the tools, so the model it finds
// is the one the build copied to <build>/share/energypass/models.
TEST_F(DefaultModelPath, FoundRelativeToTheCallingBinary) {
  namespace fs = std::filesystem;
  fs::path Found = energy::model::defaultModelPath(reinterpret_cast<void *>(&anchor));
  fs::path Expected = fs::path(ENERGY_BUILD_SHARE_DIR) / "models/default.json";
  ASSERT_TRUE(fs::exists(Found)) << Found;
  EXPECT_TRUE(fs::equivalent(Found, Expected)) << Found << " vs " << Expected;
}
