// Fuzz test of the parsers: thousands of random mutations and truncations of the real vecAdd
// trace (and of a GPU profile) must each give a result or an InputError, never a crash, a hang
// or another exception.
#include "TestFiles.h"

#include "energy/gpu/AccelSimTrace.h"
#include "energy/gpu/Analysis.h"
#include "energy/gpu/GpuProfile.h"
#include "energy/gpu/InputError.h"

#include <gtest/gtest.h>
#include <random>

using namespace energy::gpu;

namespace {

std::string mutate(std::string S, std::mt19937_64 &Rng) {
  static const std::string Alphabet = "0123456789abcdefxX ,=-#\n()RPZ.ffffffff";
  std::uniform_int_distribution<int> Kind(0, 5);
  int Edits = 1 + int(Rng() % 4);
  for (int E = 0; E < Edits && !S.empty(); ++E) {
    size_t At = Rng() % S.size();
    switch (Kind(Rng)) {
    case 0:
      S[At] = Alphabet[Rng() % Alphabet.size()];
      break; // replace a character
    case 1:
      S.erase(At, 1 + Rng() % 8);
      break; // delete a few
    case 2:
      S.insert(At, 1, Alphabet[Rng() % Alphabet.size()]);
      break; // insert one
    case 3:
      S.resize(At);
      break; // truncate
    case 4:
      S[At] = char(Rng() & 0xff);
      break; // any byte
    default:
      S.insert(At, S.substr(Rng() % S.size(), 1 + Rng() % 40)); // duplicate a piece
    }
  }
  return S;
}

template <typename ReadFn>
void fuzz(const std::string &Seed, const std::string &Name, int Runs, ReadFn Read) {
  std::mt19937_64 Rng(20260601);
  int Accepted = 0, Refused = 0;
  for (int I = 0; I < Runs; ++I) {
    std::string Path = test::writeTempFile(Name, mutate(Seed, Rng));
    try {
      Read(Path);
      ++Accepted;
    } catch (const InputError &) {
      ++Refused;
    }
  }
  EXPECT_EQ(Accepted + Refused, Runs);
  EXPECT_GT(Refused, Runs / 10) << "the mutations should mostly break the input";
}

TEST(ParserFuzz, AccelSimTraceMutationsNeverCrash) {
  std::string Real = test::readFile(test::vecAddDir() + "/kernel-1.traceg");
  fuzz(Real, "fuzz.traceg", 3000,
       [](const std::string &P) { analyseKernel(readAccelSimKernel(P), AnalysisOptions()); });
}

TEST(ParserFuzz, CompressedTraceMutationsNeverCrash) {
  std::string Xz = test::xzCompress(test::readFile(test::vecAddDir() + "/kernel-1.traceg"));
  fuzz(Xz, "fuzz.traceg.xz", 500, [](const std::string &P) { readAccelSimKernel(P); });
}

TEST(ParserFuzz, RawTraceMutationsNeverCrash) {
  fuzz(test::ifElseTrace({5, true, true, 2}), "fuzz.trace", 1500,
       [](const std::string &P) { analyseKernel(readAccelSimKernel(P), AnalysisOptions()); });
}

TEST(ParserFuzz, GpuProfileMutationsNeverCrash) {
  std::string Profile = R"({"format":"energypass-gpu-profile","version":1,"kernels":[{"name":"k",
    "launch":1,"grid":[2,1,1],"block":[64,1,1],"blocks":[{"id":0,"instructions":3,"exit":true},
    {"id":1,"instructions":5,"terminator":"bra"}],"threads":[{"ranges":[[0,99]],"blocks":[[0,1],[1,4]],
    "edges":[[0,1,1],[1,1,3]]},{"ranges":[[100,127]],"blocks":[[0,1]]}]}]})";
  fuzz(Profile, "fuzz.json", 1500, [](const std::string &P) {
    for (Kernel &K : readGpuProfile(P))
      analyseKernel(std::move(K), AnalysisOptions());
  });
}

} // namespace
