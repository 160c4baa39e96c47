//===- CallTreeTest.cpp - The report's call_tree: paths, recursion, bound -===//
#include "ChildProcess.h"
#include "FakeModule.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace energy::test;

namespace {

using Counters = ModuleCounters<6>;

struct Program {
  FakeModule M{"tree.cpp", &Counters::get};
  uint32_t Outer = M.region("outer");
  uint32_t Leaf = M.region("leaf");
  uint32_t Ping = M.region("ping");
  uint32_t Pong = M.region("pong");
  std::vector<uint32_t> Levels = levels(M, 40);
  energy_module *D = M.descriptor();

  static std::vector<uint32_t> levels(FakeModule &M, int N) {
    std::vector<uint32_t> Ids;
    for (int I = 0; I < N; ++I)
      Ids.push_back(M.region("level" + std::to_string(I)));
    return Ids;
  }
};

Program &program() {
  static Program P;
  __energy_register_module(P.D);
  return P;
}

[[gnu::noinline]] void leaf(Program &P, unsigned Micros) {
  ENERGY_TEST_ENTER(P.D, P.Leaf);
  usleep(Micros);
  ENERGY_TEST_EXIT(P.D, P.Leaf);
}

[[gnu::noinline]] void outer(Program &P) {
  ENERGY_TEST_ENTER(P.D, P.Outer);
  leaf(P, 20000);
  leaf(P, 1000);
  ENERGY_TEST_EXIT(P.D, P.Outer);
}

[[gnu::noinline]] void pong(Program &P, int Depth);
[[gnu::noinline]] void ping(Program &P, int Depth) {
  ENERGY_TEST_ENTER(P.D, P.Ping);
  if (Depth > 0)
    pong(P, Depth - 1);
  else
    leaf(P, 1000);
  ENERGY_TEST_EXIT(P.D, P.Ping);
}
[[gnu::noinline]] void pong(Program &P, int Depth) {
  ENERGY_TEST_ENTER(P.D, P.Pong);
  ping(P, Depth - 1);
  ENERGY_TEST_EXIT(P.D, P.Pong);
}

/// Levels 0..N-1 nested: N distinct paths, one per prefix.
[[gnu::noinline]] void chain(Program &P, size_t Level, size_t N) {
  ENERGY_TEST_ENTER(P.D, P.Levels[Level]);
  if (Level + 1 < N)
    chain(P, Level + 1, N);
  ENERGY_TEST_EXIT(P.D, P.Levels[Level]);
}

/// The call_tree node reached from the roots along region names.
const nlohmann::json *pathNode(const nlohmann::json &Report,
                               const std::vector<std::string> &Names) {
  const nlohmann::json *At = nullptr;
  for (const std::string &Name : Names) {
    uint64_t Region = regionNamed(Report, Name)["id"].get<uint64_t>();
    const nlohmann::json *Found = nullptr;
    for (const auto &Node : Report["call_tree"]) {
      bool ParentMatches = At ? Node["parent"] == (*At)["id"] : Node["parent"].is_null();
      if (ParentMatches && Node["region"].get<uint64_t>() == Region)
        Found = &Node;
    }
    if (!Found)
      return nullptr;
    At = Found;
  }
  return At;
}

TEST(CallTree, OneNodePerPathWithItsCallsAndTimes) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    Program &P = program();
    outer(P);
    outer(P);
    leaf(P, 1000);
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto *Outer = pathNode(R.Report, {"outer"});
  const auto *Nested = pathNode(R.Report, {"outer", "leaf"});
  const auto *Alone = pathNode(R.Report, {"leaf"});
  ASSERT_TRUE(Outer && Nested && Alone) << R.Report["call_tree"].dump();
  EXPECT_EQ((*Outer)["calls"], 2);
  EXPECT_EQ((*Nested)["calls"], 4);
  EXPECT_EQ((*Alone)["calls"], 1);
  EXPECT_GE((*Nested)["time_s"]["inclusive"].get<double>(), 0.040);
  EXPECT_GE((*Outer)["time_s"]["inclusive"].get<double>(),
            (*Nested)["time_s"]["inclusive"].get<double>());
  EXPECT_LT((*Outer)["time_s"]["self"].get<double>(),
            (*Nested)["time_s"]["inclusive"].get<double>() / 2);
  for (const auto &Node : R.Report["call_tree"])
    if (!Node["parent"].is_null())
      EXPECT_LT(Node["parent"].get<uint64_t>(), Node["id"].get<uint64_t>());
}

TEST(CallTree, DeepMutualRecursionCollapsesToItsOutermostPath) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] { ping(program(), 2000); });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["call_tree"].size(), 3u) << R.Report["call_tree"].dump();
  const auto *Ping = pathNode(R.Report, {"ping"});
  const auto *Pong = pathNode(R.Report, {"ping", "pong"});
  const auto *Leaf = pathNode(R.Report, {"ping", "leaf"});
  ASSERT_TRUE(Ping && Pong && Leaf) << R.Report["call_tree"].dump();
  EXPECT_EQ((*Ping)["calls"], 1001);
  EXPECT_EQ((*Pong)["calls"], 1000);
  EXPECT_EQ((*Leaf)["calls"], 1);
  EXPECT_LE((*Ping)["time_s"]["inclusive"].get<double>(),
            R.Report["program"]["wall_time_s"].get<double>());
  EXPECT_EQ(R.Report["diagnostics"]["untracked_call_paths"], 0);
}

TEST(CallTree, ThreadsMergeByPath) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    Program &P = program();
    std::thread A([&] { outer(P); }), B([&] { outer(P); });
    A.join();
    B.join();
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto *Nested = pathNode(R.Report, {"outer", "leaf"});
  ASSERT_TRUE(Nested) << R.Report["call_tree"].dump();
  EXPECT_EQ((*Nested)["calls"], 4);
  EXPECT_EQ(R.Report["call_tree"].size(), 2u);
}

TEST(CallTree, FullTableLeavesPathsOutAndSaysSo) {
  TempDir Dir;
  ChildResult R = runInChild(Dir,
                             [] {
                               Program &P = program();
                               chain(P, 0, 40);
                               chain(P, 0, 40);
                             },
                             {{"ENERGY_CALL_PATHS", "16"}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["call_tree"].size(), 16u);
  EXPECT_EQ(R.Report["diagnostics"]["untracked_call_paths"], 2 * 24);
  // Regions stay timed and counted whatever the tree keeps.
  EXPECT_EQ(regionNamed(R.Report, "level39")["calls"], 2);
  const auto *Deepest =
      pathNode(R.Report, {"level0", "level1", "level2", "level3", "level4", "level5", "level6",
                          "level7", "level8", "level9", "level10", "level11", "level12", "level13",
                          "level14", "level15"});
  ASSERT_TRUE(Deepest);
  EXPECT_EQ((*Deepest)["calls"], 2);
}

TEST(CallTree, BadBoundIsIgnoredWithOneLine) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] { outer(program()); }, {{"ENERGY_CALL_PATHS", "many"}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_NE(R.Stderr.find("energypass: ignoring ENERGY_CALL_PATHS=many (want an integer from 16 "
                          "to 1048576); using 4096"),
            std::string::npos)
      << R.Stderr;
}

} // namespace
