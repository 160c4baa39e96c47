// Truncated and corrupt traces give one clear error that names the file and line.
#include "TestFiles.h"

#include "energy/gpu/AccelSimTrace.h"
#include "energy/gpu/InputError.h"

#include <gtest/gtest.h>

using namespace energy::gpu;

namespace {

std::string errorOf(const std::string &Name, const std::string &Text) {
  std::string Path = test::writeTempFile(Name, Text);
  try {
    readAccelSimKernel(Path);
  } catch (const InputError &E) {
    std::string M = E.what();
    EXPECT_EQ(M.find('\n'), std::string::npos) << "one line: " << M;
    EXPECT_EQ(M.rfind(Path, 0), 0u) << "names the file: " << M;
    return M.substr(Path.size());
  }
  ADD_FAILURE() << "no error for " << Name;
  return "";
}

std::string cutAfterLine(const std::string &Text, int Lines) {
  size_t Pos = 0;
  for (int I = 0; I < Lines; ++I)
    Pos = Text.find('\n', Pos) + 1;
  return Text.substr(0, Pos);
}

TEST(TraceErrors, TruncatedInsideAWarpNamesTheWarp) {
  std::string Real = test::readFile(test::vecAddDir() + "/kernel-1.traceg");
  std::string M = errorOf("cut.traceg", cutAfterLine(Real, 40));
  EXPECT_NE(M.find(":40: truncated: the file ends inside a thread block (warp 0, 16 of 23"),
            std::string::npos)
      << M;
}

TEST(TraceErrors, TruncatedXzStreamIsReported) {
  std::string Real = test::readFile(test::vecAddDir() + "/kernel-1.traceg");
  std::string Xz = test::xzCompress(Real);
  std::string M = errorOf("cut.traceg.xz", Xz.substr(0, Xz.size() / 2));
  EXPECT_NE(M.find("xz data is"), std::string::npos) << M;
}

TEST(TraceErrors, TruncatedXzStreamNamesTheLastCompleteLine) {
  std::string Real = test::readFile(test::vecAddDir() + "/kernel-1.traceg");
  std::string Xz = test::xzCompress(Real);
  std::string M = errorOf("cut-line.traceg.xz", Xz.substr(0, Xz.size() / 2));
  // ":N: xz data is truncated after line N, the last complete line", with the same N > 0.
  ASSERT_EQ(M.rfind(":", 0), 0u) << M;
  size_t Colon = M.find(':', 1);
  ASSERT_NE(Colon, std::string::npos) << M;
  std::string Line = M.substr(1, Colon - 1);
  EXPECT_GT(std::stoul(Line), 0u) << M;
  EXPECT_NE(M.find("xz data is truncated after line " + Line + ", the last complete line"),
            std::string::npos)
      << M;
}

TEST(TraceErrors, LineCutMidwayNamesTheMissingField) {
  std::string Text = test::ifElseTrace({});
  // Cut inside "0010 ffffffff 1 R2 LDG.E ...", after its destination register.
  std::string Cut = Text.substr(0, Text.find("LDG.E"));
  std::string M = errorOf("midline.traceg", Cut);
  EXPECT_NE(M.find(": expected a SASS opcode, found the end of the line (a truncated line?)"),
            std::string::npos)
      << M;
  Cut = Text.substr(0, Text.find(" 1 0x7000"));
  M = errorOf("midline-address.traceg", Cut);
  EXPECT_NE(M.find(": missing the address mode after a non-zero memory width"), std::string::npos)
      << M;
}

TEST(TraceErrors, UnknownVersionIsRefused) {
  std::string Text = test::ifElseTrace({});
  size_t At = Text.find("version = 4");
  Text.replace(At, 11, "version = 9");
  std::string M = errorOf("v9.traceg", Text);
  EXPECT_NE(
      M.find(":9: unsupported Accel-Sim tracer version '9' (this reader knows versions 3 to 5)"),
      std::string::npos)
      << M;
}

TEST(TraceErrors, CorruptFieldsNameTheLineAndTheField) {
  std::string Text = test::ifElseTrace({});
  std::string Bad = Text;
  Bad.replace(Bad.find("0000ffff 0 BRA"), 8, "0000fgff");
  EXPECT_NE(errorOf("mask.traceg", Bad)
                .find(":23: expected a 32-bit hexadecimal active mask, found '0000fgff'"),
            std::string::npos);
  Bad = Text;
  Bad.replace(Bad.find(" 4 1 0x7000 4"), 13, " 4 1 0x7000");
  EXPECT_NE(errorOf("stride.traceg", Bad).find("missing or bad address stride"), std::string::npos);
  Bad = Text;
  Bad.replace(Bad.find("insts = 9"), 9, "insts = 8");
  EXPECT_NE(errorOf("count.traceg", Bad).find("has more instructions than its 'insts = 8'"),
            std::string::npos);
  Bad = Text;
  Bad.replace(Bad.find("thread block = 0,0,0"), 20, "thread block = 3,0,0");
  EXPECT_NE(errorOf("grid.traceg", Bad).find("lies outside the grid"), std::string::npos);
}

TEST(TraceErrors, HeaderOnlyAndMissingFilesAreClear) {
  std::string M = errorOf("header.traceg", "-kernel name = k\n-accelsim tracer version = 4\n");
  EXPECT_NE(M.find("no trace body"), std::string::npos) << M;
  try {
    readAccelSimKernel("/nonexistent/kernel-1.traceg");
    ADD_FAILURE();
  } catch (const InputError &E) {
    EXPECT_NE(std::string(E.what()).find("cannot open: No such file or directory"),
              std::string::npos);
  }
}

} // namespace
