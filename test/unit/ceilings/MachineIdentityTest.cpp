//===- MachineIdentityTest.cpp - Caches from sysfs, the machine's hash ----===//
#include "TestSupport.h"

#include "energy/roofline/machine_identity.h"

#include <gtest/gtest.h>

using namespace energy;
namespace fs = std::filesystem;

static void writeIndex(const fs::path &Dir, int Level, const char *Type, const char *Size,
                       const char *Shared) {
  fs::create_directories(Dir);
  test::writeText(Dir / "level", std::to_string(Level) + "\n");
  test::writeText(Dir / "type", std::string(Type) + "\n");
  test::writeText(Dir / "size", std::string(Size) + "\n");
  test::writeText(Dir / "shared_cpu_list", std::string(Shared) + "\n");
}

TEST(MachineIdentity, ParsesSysfsSizes) {
  EXPECT_EQ(roofline::parseSysfsSize("48K"), 48u << 10);
  EXPECT_EQ(roofline::parseSysfsSize("260M"), 260u << 20);
  EXPECT_EQ(roofline::parseSysfsSize("1G"), 1u << 30);
  EXPECT_EQ(roofline::parseSysfsSize("512"), 512u);
  EXPECT_EQ(roofline::parseSysfsSize("garbage"), 0u);
}

TEST(MachineIdentity, ReadsDataAndUnifiedCachesInnermostFirst) {
  fs::path Dir = test::scratchDir("sysfs-cache");
  writeIndex(Dir / "index0", 1, "Data", "48K", "0");
  writeIndex(Dir / "index1", 1, "Instruction", "32K", "0");
  writeIndex(Dir / "index2", 3, "Unified", "266240K", "0-1,4-5");
  writeIndex(Dir / "index3", 2, "Unified", "2048K", "0");
  auto Caches = roofline::readSysfsCaches(Dir);
  ASSERT_EQ(Caches.size(), 3u);
  EXPECT_EQ(Caches[0].Level, 1);
  EXPECT_EQ(Caches[0].SizeBytes, 48u << 10);
  EXPECT_EQ(Caches[1].Level, 2);
  EXPECT_EQ(Caches[2].Level, 3);
  EXPECT_EQ(Caches[2].SizeBytes, 266240ull << 10);
  EXPECT_EQ(Caches[2].SharedCpus, 4);
}

TEST(MachineIdentity, MissingSysfsGivesNoCaches) {
  EXPECT_TRUE(roofline::readSysfsCaches("/nonexistent/cache").empty());
}

// Where a VM's kernel lists no caches (a CI runner's AMD EPYC did not),
// CPUID's leaves still give them. Leaf 4 as a Xeon Platinum 8180 returns it:
// 32 KiB L1 data (and an instruction cache, dropped), 1 MiB L2, 38.5 MiB L3
// shared by up to 64 IDs.
TEST(MachineIdentity, DecodesCpuidCacheLeaves) {
  std::vector<roofline::CpuidCacheLeaf> Leaves = {{0x7c004121, 0x01c0003f, 0x0000003f},
                                                  {0x7c004122, 0x01c0003f, 0x0000003f},
                                                  {0x7c004143, 0x03c0003f, 0x000003ff},
                                                  {0x7c0fc163, 0x0280003f, 0x0000dfff}};
  auto Caches = roofline::decodeCpuidCaches(Leaves, 112);
  ASSERT_EQ(Caches.size(), 3u);
  EXPECT_EQ(Caches[0].Level, 1);
  EXPECT_EQ(Caches[0].Type, "Data");
  EXPECT_EQ(Caches[0].SizeBytes, 32u << 10);
  EXPECT_EQ(Caches[0].SharedCpus, 2);
  EXPECT_EQ(Caches[1].Level, 2);
  EXPECT_EQ(Caches[1].SizeBytes, 1u << 20);
  EXPECT_EQ(Caches[2].Level, 3);
  EXPECT_EQ(Caches[2].Type, "Unified");
  EXPECT_EQ(Caches[2].SizeBytes, 40370176u);
  EXPECT_EQ(Caches[2].SharedCpus, 64);
  // A VM with two CPUs shares with no more than two.
  EXPECT_EQ(roofline::decodeCpuidCaches(Leaves, 2)[2].SharedCpus, 2);
}

// AMD's older leaves, as this project's 2-CPU AMD EPYC VM returns them: 48 KiB
// L1 data, 1 MiB L2, 32 MiB L3, the sizes its sysfs lists.
TEST(MachineIdentity, DecodesAmdCacheLeaves) {
  auto Caches = roofline::decodeAmdCacheLeaves(0x300c0140, 0x04006140, 0x01009140, 2);
  ASSERT_EQ(Caches.size(), 3u);
  EXPECT_EQ(Caches[0].SizeBytes, 48u << 10);
  EXPECT_EQ(Caches[1].SizeBytes, 1u << 20);
  EXPECT_EQ(Caches[2].SizeBytes, 32u << 20);
  EXPECT_EQ(Caches[2].SharedCpus, 2);
  EXPECT_TRUE(roofline::decodeAmdCacheLeaves(0, 0, 0, 2).empty());
}

TEST(MachineIdentity, HashChangesWithTheMachineAndNamesTheCachedProfile) {
  roofline::MachineIdentity A;
  A.CpuModel = "CPU";
  A.LogicalCpus = 2;
  A.Caches = {{1, "Data", 49152, 1}};
  roofline::MachineIdentity B = A;
  B.LogicalCpus = 4;
  EXPECT_EQ(roofline::machineHash(A).size(), 16u);
  EXPECT_EQ(roofline::machineHash(A), roofline::machineHash(A));
  EXPECT_NE(roofline::machineHash(A), roofline::machineHash(B));
  A.Hash = roofline::machineHash(A);
  setenv("XDG_CACHE_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(roofline::defaultProfilePath(A),
            fs::path("/tmp/xdg-test/energypass/machine-" + A.Hash + ".json"));
  unsetenv("XDG_CACHE_HOME");
}

TEST(MachineIdentity, DetectsThisMachine) {
  roofline::MachineIdentity Machine = roofline::detectMachine();
  EXPECT_GE(Machine.LogicalCpus, 1);
  EXPECT_FALSE(Machine.CpuModel.empty());
  EXPECT_EQ(Machine.Hash, roofline::machineHash(Machine));
}
