//===- KernelsTest.cpp - The ceilings' kernels compute what they claim ----===//
//
// A peak figure is only as good as its FLOP count, and a bandwidth figure
// only as good as the bytes it claims to move: check both against arithmetic.
//
//===----------------------------------------------------------------------===//
#include "kernels.h"
#include "thread_team.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <string>
#include <vector>

using namespace energy::ceilings;

static int lanesOf(const FlopKernel &K) {
  int Bits = std::strcmp(K.Isa, "scalar") == 0 ? 0
             : std::strcmp(K.Isa, "sse") == 0  ? 128
             : std::strcmp(K.Isa, "avx2") == 0 ? 256
                                               : 512;
  int Element = std::strcmp(K.Precision, "double") == 0 ? 64 : 32;
  return Bits == 0 ? 1 : Bits / Element;
}

TEST(FlopKernels, CountTwoFlopsPerFmaLanePerChainAndIteration) {
  auto Kernels = availableFlopKernels();
  ASSERT_FALSE(Kernels.empty());
  for (const auto &K : Kernels) {
    double Flops = K.Run(1000);
    double PerIteration = Flops / 1000;
    // Each iteration runs a whole number of chains of Lanes-wide operations
    // worth two FLOPs (one FMA, or one multiply plus one add).
    double Chains = PerIteration / (2.0 * lanesOf(K));
    EXPECT_GE(Chains, 8) << K.Isa << " " << K.Precision << " fma=" << K.Fma;
    EXPECT_EQ(Chains, static_cast<int>(Chains)) << K.Isa << " " << K.Precision;
  }
}

TEST(FlopKernels, EveryIsaThePrecisionsAndFmaVariantsArePresent) {
  __builtin_cpu_init();
  std::vector<std::string> Names;
  for (const auto &K : availableFlopKernels())
    Names.push_back(std::string(K.Isa) + "/" + K.Precision + (K.Fma ? "/fma" : ""));
  auto Has = [&](const std::string &Name) {
    return std::find(Names.begin(), Names.end(), Name) != Names.end();
  };
  EXPECT_TRUE(Has("scalar/double"));
  EXPECT_TRUE(Has("sse/float"));
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    EXPECT_TRUE(Has("avx2/double/fma"));
    EXPECT_TRUE(Has("avx2/double"));
  }
  if (__builtin_cpu_supports("avx512f")) {
    EXPECT_TRUE(Has("avx512/double/fma"));
    EXPECT_TRUE(Has("avx512/float"));
  }
}

TEST(StreamKernels, CopyAndTriadWriteTheRightValues) {
  StreamKernels K = bestStreamKernels();
  const std::size_t N = 4 * StreamBlock;
  alignas(64) static double A[N], B[N], C[N], D[N];
  for (std::size_t I = 0; I < N; ++I) {
    B[I] = static_cast<double>(I);
    C[I] = 2;
    D[I] = 1;
  }
  K.Load(B, N);
  K.Copy(A, B, N);
  for (std::size_t I = 0; I < N; ++I)
    ASSERT_EQ(A[I], B[I]);
  std::fill(A, A + N, 0);
  K.CopyNonTemporal(A, B, N);
  for (std::size_t I = 0; I < N; ++I)
    ASSERT_EQ(A[I], B[I]);
  K.Triad(A, B, C, D, N);
  for (std::size_t I = 0; I < N; ++I)
    ASSERT_EQ(A[I], 2.0 * I + 1);
  std::fill(A, A + N, 0);
  K.TriadNonTemporal(A, B, C, D, N);
  for (std::size_t I = 0; I < N; ++I)
    ASSERT_EQ(A[I], 2.0 * I + 1);
}

TEST(ThreadTeam, RunsEveryThreadEveryRepetitionAndTimesEach) {
  std::vector<int> Cpus = allowedCpus();
  ASSERT_FALSE(Cpus.empty());
  ThreadTeam Team(2, Cpus);
  std::atomic<int> Calls{0}, Mask{0};
  std::vector<double> Seconds = Team.run(
      [&](int Thread) {
        ++Calls;
        Mask |= 1 << Thread;
      },
      5);
  EXPECT_EQ(Calls.load(), 10);
  EXPECT_EQ(Mask.load(), 3);
  ASSERT_EQ(Seconds.size(), 5u);
  for (double S : Seconds)
    EXPECT_GE(S, 0);
}
