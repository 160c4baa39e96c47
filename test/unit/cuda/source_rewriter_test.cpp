//===- source_rewriter_test.cpp - The .cu -> C++ rewriting -----------------===//
#include "source_rewriter.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <random>

namespace {
using energy_cuda_emu::rewrite_cuda_source;

std::size_t lines(const std::string &text) { return std::count(text.begin(), text.end(), '\n'); }

TEST(SourceRewriter, LeavesSourcesWithoutCudaSyntaxUnchangedButForTheLineDirective) {
  const std::string source = "int main() { return 1 << 2 >> 1; }\n";
  const auto result = rewrite_cuda_source(source, "plain.cu");
  EXPECT_TRUE(result.errors.empty());
  EXPECT_EQ(result.text, "#line 1 \"plain.cu\"\n" + source);
  EXPECT_EQ(result.launches, 0u);
}

TEST(SourceRewriter, RewritesALaunchIntoACallThatNamesTheKernel) {
  const auto result = rewrite_cuda_source("k<<<g, b>>>(x, y);\n", "a.cu");
  ASSERT_TRUE(result.errors.empty());
  EXPECT_EQ(result.launches, 1u);
  EXPECT_NE(result.text.find(
                "(::energy_cuda_emu::launch(\"k\", g, b) ->* [&](auto &&...energy_cuda_emu_args) "
                "{ k(energy_cuda_emu_args...); })(x, y);"),
            std::string::npos)
      << result.text;
}

TEST(SourceRewriter, KeepsLineNumbersOfMultiLineLaunches) {
  const std::string source = "ns::k<\n  int>\n<<<g,\n b>>>(x);\nint after;\n";
  const auto result = rewrite_cuda_source(source, "a.cu");
  ASSERT_TRUE(result.errors.empty());
  EXPECT_EQ(lines(result.text), lines(source) + 1); // + the #line directive
  EXPECT_NE(result.text.find("ns::k<   int>(energy_cuda_emu_args...)"), std::string::npos)
      << result.text;
}

TEST(SourceRewriter, SkipsCommentsStringsAndRawStrings) {
  const std::string source = "// a<<<b>>>(c)\n/* a<<<b>>>(c) */\nconst char *s = \"a<<<b>>>(c)\";\n"
                             "const char *r = R\"x(a<<<b>>>(c))x\";\nchar q = '<';\n";
  const auto result = rewrite_cuda_source(source, "a.cu");
  EXPECT_TRUE(result.errors.empty());
  EXPECT_EQ(result.launches, 0u);
  EXPECT_EQ(result.text, "#line 1 \"a.cu\"\n" + source);
}

TEST(SourceRewriter, TurnsDynamicSharedArraysIntoPointersToTheBlocksMemory) {
  const auto result = rewrite_cuda_source("extern __shared__ double buf[];\n", "a.cu");
  ASSERT_TRUE(result.errors.empty());
  EXPECT_EQ(result.dynamic_shared_arrays, 1u);
  EXPECT_NE(result.text.find("static thread_local double *const buf = static_cast<decltype(buf)>("
                             "::energy_cuda_emu::dynamic_shared_memory());"),
            std::string::npos)
      << result.text;
}

TEST(SourceRewriter, DynamicSharedArraysInAFunctionAreLocalPointers) {
  const auto result = rewrite_cuda_source(
      "__global__ void k(int n) {\n  if (n) {\n    extern __shared__ float s[];\n  }\n}\n", "a.cu");
  ASSERT_TRUE(result.errors.empty());
  EXPECT_NE(result.text.find("    float *const s = static_cast<decltype(s)>("
                             "::energy_cuda_emu::dynamic_shared_memory());"),
            std::string::npos)
      << result.text;
  EXPECT_EQ(result.text.find("thread_local"), std::string::npos) << result.text;
}

TEST(SourceRewriter, ReportsASizedOrMultipleExternSharedDeclaration) {
  EXPECT_EQ(rewrite_cuda_source("extern __shared__ int a[4];\n", "a.cu").errors.size(), 1u);
  const auto result = rewrite_cuda_source("\nextern __shared__ int a[], b[];\n", "x.cu");
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0].rfind("x.cu:2: ", 0), 0u) << result.errors[0];
}

TEST(SourceRewriter, ReportsALaunchWithoutItsClosingBrackets) {
  const auto result = rewrite_cuda_source("void f() {\n  k<<<1, 2(x);\n}\n", "bad.cu");
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0],
            "bad.cu:2: launch '<<<' without a closing '>>>' before the end of the statement");
}

TEST(SourceRewriter, ReportsALaunchWithoutAKernel) {
  const auto result = rewrite_cuda_source("void f() { <<<1, 2>>>(x); }\n", "bad.cu");
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_NE(result.errors[0].find("cannot find the kernel"), std::string::npos);
}

TEST(SourceRewriter, RewritesNoinlineQualifiersButNotGnuAttributes) {
  const auto result = rewrite_cuda_source(
      "__device__ __noinline__ int f();\n__attribute__((__noinline__)) int g();\n", "a.cu");
  EXPECT_NE(result.text.find("__device__ __attribute__((noinline)) int f();"), std::string::npos);
  EXPECT_NE(result.text.find("__attribute__((__noinline__)) int g();"), std::string::npos);
}

TEST(SourceRewriter, SurvivesTruncatedInputs) {
  const std::string source =
      "template <class T> __global__ void k(T *p) { extern __shared__ T s[]; }\n"
      "void f(int *p) { k<<<dim3(1, 2), 32, 64>>>(p); const char *s = \"x\"; /* c */ }\n";
  for (std::size_t length = 0; length <= source.size(); ++length) {
    const auto result = rewrite_cuda_source(source.substr(0, length), "t.cu");
    EXPECT_FALSE(result.text.empty());
  }
}

TEST(SourceRewriter, SurvivesRandomMutations) {
  const std::string source =
      "template <class T> __global__ void k(T *p) { extern __shared__ T s[]; }\n"
      "#define L(p) k<<<1, 2>>>(p)\n"
      "void f(int *p) { ns::k<int><<<dim3(1, (2 >> 1)), 32, 64, 0>>>(p); L(p); char c = '\\'';\n"
      "  const char *s = R\"d(<<<)d\" \"x\\\"\"; /* c */ int n = 1'000; }\n";
  const std::string alphabet = "<>()[]{};:'\"/*\\ \nRxk_0";
  std::mt19937 random(20261130);
  for (int round = 0; round < 3000; ++round) {
    std::string mutated = source;
    for (int edits = 1 + random() % 4; edits > 0; --edits) {
      const std::size_t at = random() % (mutated.size() + 1);
      const char c = alphabet[random() % alphabet.size()];
      switch (random() % 3) {
      case 0:
        mutated.insert(at, 1, c);
        break;
      case 1:
        if (at < mutated.size())
          mutated.erase(at, 1);
        break;
      default:
        if (at < mutated.size())
          mutated[at] = c;
        break;
      }
    }
    const auto result = rewrite_cuda_source(mutated, "m.cu");
    EXPECT_EQ(result.text.rfind("#line 1 \"m.cu\"\n", 0), 0u);
  }
}

} // namespace
