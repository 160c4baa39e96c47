// TestFiles: temporary files, xz compression and the synthetic if/else trace.
#include "TestFiles.h"

#include <fstream>
#include <gtest/gtest.h>
#include <lzma.h>
#include <sstream>
#include <vector>

namespace energy::gpu::test {

std::string writeTempFile(const std::string &Name, const std::string &Content) {
  std::string Path = ::testing::TempDir() + "/" + Name;
  std::ofstream(Path, std::ios::binary) << Content;
  return Path;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

std::string xzCompress(const std::string &Data) {
  std::vector<uint8_t> Out(Data.size() + Data.size() / 2 + 4096);
  size_t Pos = 0;
  lzma_ret R = lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nullptr,
                                       reinterpret_cast<const uint8_t *>(Data.data()), Data.size(),
                                       Out.data(), &Pos, Out.size());
  EXPECT_EQ(R, LZMA_OK);
  return std::string(reinterpret_cast<char *>(Out.data()), Pos);
}

std::string vecAddDir() { return std::string(ENERGY_SHARED_DATA) + "/accelsim-vectoradd"; }

namespace {
struct Line {
  unsigned Pc;
  unsigned Mask;
  const char *Body; // dest_num [dests] opcode src_num [srcs]
  bool Load = false;
};

std::string memory(const Line &L, int Mode) {
  if (!L.Load)
    return " 0";
  int Active = __builtin_popcount(L.Mask);
  std::string S = " 4 " + std::to_string(Mode);
  if (Mode == 0)
    for (int I = 0; I < Active; ++I)
      S += " 0x" + std::to_string(7000 + 4 * I);
  else if (Mode == 1)
    S += " 0x7000 4";
  else {
    S += " 0x7000";
    for (int I = 1; I < Active; ++I)
      S += " 4";
  }
  return S;
}
} // namespace

std::string ifElseTrace(const TraceVariant &V) {
  const std::vector<Line> Warp0 = {{0x00, 0xffffffff, "1 R1 MOV 0"},
                                   {0x10, 0xffffffff, "1 R2 LDG.E 1 R1", true},
                                   {0x18, 0xffffffff, "0 ISETP.GE.AND 1 R2"},
                                   {0x20, 0x0000ffff, "0 BRA 0"},
                                   {0x30, 0xffff0000, "1 R3 IADD 1 R2"},
                                   {0x40, 0xffff0000, "0 SYNC 0"},
                                   {0x50, 0x0000ffff, "1 R3 FADD 1 R2"},
                                   {0x58, 0x0000ffff, "0 SYNC 0"},
                                   {0x60, 0xffffffff, "0 EXIT 0"}};
  const std::vector<Line> Warp1 = {{0x00, 0xffffffff, "1 R1 MOV 0"},
                                   {0x10, 0xffffffff, "1 R2 LDG.E 1 R1", true},
                                   {0x18, 0xffffffff, "0 ISETP.GE.AND 1 R2"},
                                   {0x20, 0x00000000, "0 BRA 0"},
                                   {0x30, 0xffffffff, "1 R3 IADD 1 R2"},
                                   {0x40, 0xffffffff, "0 SYNC 0"},
                                   {0x60, 0xffffffff, "0 EXIT 0"}};
  std::ostringstream S;
  S << "-kernel name = _Z6ifElsePfi\n-kernel id = 7\n-grid dim = (1,1,1)\n-block dim = (64,1,1)\n"
    << "-shmem = 0\n-nregs = 8\n-binary version = 61\n-cuda stream id = 0\n"
    << "-accelsim tracer version = " << V.Version << "\n-enable lineinfo = " << V.LineInfo << "\n\n"
    << "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
       "mem_width [adrrescompress?] [mem_addresses]\n\n";
  auto line = [&](int Warp, const Line &L) {
    char Head[64];
    std::snprintf(Head, sizeof Head, "%04x %08x ", L.Pc, L.Mask);
    if (V.Raw)
      S << "0 0 0 " << Warp << " ";
    if (V.LineInfo)
      S << 40 + L.Pc / 8 << " ";
    S << Head << L.Body << memory(L, V.AddressMode) << (V.Version >= 5 ? " 0" : "") << " \n";
  };
  if (V.Raw) {
    // Raw traces interleave warps as the GPU ran them.
    for (size_t I = 0; I < Warp0.size(); ++I) {
      line(0, Warp0[I]);
      if (I < Warp1.size())
        line(1, Warp1[I]);
    }
    return S.str();
  }
  S << "#BEGIN_TB\n\nthread block = 0,0,0\n\n";
  const std::vector<Line> *Warps[2] = {&Warp0, &Warp1};
  for (int W = 0; W < 2; ++W) {
    S << "warp = " << W << "\ninsts = " << Warps[W]->size() << "\n";
    for (const Line &L : *Warps[W])
      line(W, L);
    S << "\n";
  }
  S << "#END_TB\n";
  return S.str();
}

} // namespace energy::gpu::test
