//===- ContinuousFormatTest.cpp - The continuous counts file's format -----===//
//
// Files are built with the writer the runtime uses (ContinuousFormat.h) and
// read back; damaged and truncated ones must be refused with one line that
// names the problem, never read past their end or allocate what they claim.
//
//===----------------------------------------------------------------------===//
#include "ContinuousFormat.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace energy::rt::continuous;

namespace {

constexpr uint32_t Page = 4096;

const energy_region Regions[] = {
    {"main", "main", "prog.c", 3, ENERGY_REGION_FUNCTION, ENERGY_NO_REGION, 0},
    {"main:loop@prog.c:5", "main:loop@prog.c:5", "prog.c", 5, ENERGY_REGION_LOOP, 0, 1}};
energy_block blocks() {
  energy_block B{};
  B.region = 0;
  B.cost.instructions = 7;
  B.cost.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_FMA] = 2;
  return B;
}
const energy_block Blocks[] = {blocks(), {1, 6, {}}};
const energy_dynamic_counter Dynamic[] = {{1, ENERGY_DYNAMIC_BYTES_LOADED, 0, 0, 0, 1}};
const energy_count_term Terms[] = {{0, 0, 1}, {1, 0, 2}, {1, 1, -1}};

ModuleTables tables(uint32_t Ordinal, uint32_t Flags = ENERGY_MODULE_CONTINUOUS) {
  return {Ordinal, 2,         2,        1,       2,      3,       ENERGY_TIMING_SAMPLED,
          Flags,   0xfeedull, "prog.c", Regions, Blocks, Dynamic, Terms};
}

void setUsed(std::string &File) {
  uint64_t Used = File.size();
  std::memcpy(&File[UsedBytesOffset], &Used, sizeof Used);
}

/// Appends a chunk of `Values` (three slots: two counters, one dynamic).
void appendChunk(std::string &File, uint32_t Ordinal, std::vector<uint64_t> Values,
                 ChunkState State = ChunkLive) {
  uint64_t At = File.size();
  File += chunkRecordHeader(At, Page, Ordinal, 42, Page);
  std::memcpy(&File[At + ChunkStateOffset], &State, sizeof State);
  File.resize(chunkDataOffset(At, Page) + Page, '\0');
  std::memcpy(&File[chunkDataOffset(At, Page)], Values.data(), Values.size() * 8);
  setUsed(File);
}

/// The header, the process and two modules' records: what precedes chunks.
std::string records() {
  ProcessIdentity P{1234, 5678, "/bin/prog", "prog", {"prog", "--fast"}, 0};
  std::string File = headerBytes(Page);
  File += processRecord(P);
  File += moduleRecord(tables(0));
  File += moduleRecord(tables(1, 0));
  setUsed(File);
  return File;
}

std::string wholeFile() {
  std::string File = records();
  appendChunk(File, 0, {10, 4, 100});
  appendChunk(File, 0, {1, 1, 8}, ChunkEnded);
  return File;
}

bool oneLine(const std::string &Error) {
  return !Error.empty() && Error.find('\n') == std::string::npos;
}

} // namespace

TEST(ContinuousFormatTest, ReadsBackWhatWasWritten) {
  RecoveredRun Run;
  std::string Error;
  ASSERT_TRUE(readContinuousFile(wholeFile(), Run, Error)) << Error;
  EXPECT_EQ(Run.Process.Pid, 1234u);
  EXPECT_EQ(Run.Process.StartRealtimeNs, 5678u);
  EXPECT_EQ(Run.Process.ExePath, "/bin/prog");
  EXPECT_EQ(Run.Process.Argv, (std::vector<std::string>{"prog", "--fast"}));
  ASSERT_EQ(Run.Modules.size(), 2u);
  const energy_module &D = Run.Modules[0]->Desc;
  EXPECT_EQ(D.flags, ENERGY_MODULE_CONTINUOUS);
  EXPECT_EQ(Run.Modules[1]->Desc.flags, 0u);
  EXPECT_EQ(D.hash, 0xfeedull);
  EXPECT_STREQ(D.source, "prog.c");
  ASSERT_EQ(D.num_regions, 2u);
  EXPECT_STREQ(D.regions[1].name, "main:loop@prog.c:5");
  EXPECT_EQ(D.regions[1].parent, 0u);
  EXPECT_EQ(D.regions[1].entry_block, 1u);
  EXPECT_EQ(D.blocks[0].cost.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_FMA], 2u);
  EXPECT_EQ(D.terms[2].coefficient, -1);
  EXPECT_EQ(D.dynamic[0].kind, ENERGY_DYNAMIC_BYTES_LOADED);
  // Both chunks of module 0, summed; module 1 had none.
  EXPECT_EQ(Run.Modules[0]->Counts, (std::vector<uint64_t>{11, 5, 108}));
  EXPECT_TRUE(Run.Modules[1]->Counts.empty());
  EXPECT_EQ(Run.LiveThreads, 1u);
  EXPECT_EQ(Run.EndedThreads, 1u);
  // Both chunks are thread 42's: one thread, not two.
  EXPECT_EQ(Run.Threads, 1u);
}

// Version 8 changed how regions are pushed, not the tables a file copies.
TEST(ContinuousFormatTest, ReadsTheTablesOfTheOlderAbiVersion) {
  std::string File = wholeFile();
  File[16] = 7;
  RecoveredRun Run;
  std::string Error;
  ASSERT_TRUE(readContinuousFile(File, Run, Error)) << Error;
  EXPECT_EQ(Run.AbiVersion, 7u);
  ASSERT_EQ(Run.Modules.size(), 2u);
  EXPECT_EQ(Run.Modules[0]->Counts, (std::vector<uint64_t>{11, 5, 108}));
}

// A record appended past used_bytes was being written when the process died.
TEST(ContinuousFormatTest, IgnoresWhatFollowsTheBytesInUse) {
  std::string File = wholeFile();
  File += moduleRecord(tables(2));
  RecoveredRun Run;
  std::string Error;
  ASSERT_TRUE(readContinuousFile(File, Run, Error)) << Error;
  EXPECT_EQ(Run.Modules.size(), 2u);
}

TEST(ContinuousFormatTest, RefusesEveryTruncation) {
  std::string File = wholeFile();
  for (size_t Length = 0; Length < File.size(); Length += Length < 1024 ? 1 : 509) {
    RecoveredRun Run;
    std::string Error;
    EXPECT_FALSE(readContinuousFile(std::string_view(File).substr(0, Length), Run, Error))
        << Length;
    EXPECT_TRUE(oneLine(Error)) << Length << ": " << Error;
  }
}

// Any byte of the header and the records damaged: read or refused in one line,
// never past the end (the sanitizers' builds would say), never a huge allocation.
TEST(ContinuousFormatTest, SurvivesEveryDamagedByte) {
  std::string File = wholeFile();
  for (size_t At = 0, End = records().size() + ChunkHeaderBytes; At < End; ++At)
    for (unsigned char Value : {0x00, 0x7f, 0xff}) {
      std::string Damaged = File;
      Damaged[At] = char(Value);
      RecoveredRun Run;
      std::string Error;
      if (!readContinuousFile(Damaged, Run, Error))
        EXPECT_TRUE(oneLine(Error)) << At << ": " << Error;
    }
}

TEST(ContinuousFormatTest, NamesTheProblem) {
  auto problem = [](std::string File) {
    RecoveredRun Run;
    std::string Error;
    EXPECT_FALSE(readContinuousFile(File, Run, Error));
    return Error;
  };
  std::string File = wholeFile();
  EXPECT_EQ(problem("{\"format\": \"energypass-report\"}"),
            "not a continuous counts file (no ENRGCONT header)");
  std::string Version = File;
  Version[8] = 9;
  EXPECT_EQ(problem(Version), "continuous counts format version 9, this reads version 1");
  std::string Abi = File;
  Abi[16] = 6;
  EXPECT_EQ(problem(Abi), "tables of ABI version 6, this reads versions 7 to " +
                              std::to_string(ENERGY_ABI_VERSION));

  // A module that claims four billion regions is refused before they are
  // allocated.
  std::string Huge = headerBytes(Page) + processRecord({}) + moduleRecord(tables(0));
  uint32_t Many = 0xffffffffu;
  std::memcpy(&Huge[HeaderBytes + processRecord({}).size() + 16 + 4], &Many, 4);
  setUsed(Huge);
  EXPECT_EQ(problem(Huge), "module record names more regions than it holds (record at byte " +
                               std::to_string(HeaderBytes + processRecord({}).size()) + ")");

  std::string Orphan = headerBytes(Page) + processRecord({});
  setUsed(Orphan);
  appendChunk(Orphan, 0, {1});
  EXPECT_NE(problem(Orphan).find("chunk of a module the file does not describe"),
            std::string::npos);

  std::string Oversized = File;
  uint64_t Bytes = uint64_t(1) << 40;
  std::memcpy(&Oversized[HeaderBytes + 8], &Bytes, 8);
  EXPECT_NE(problem(Oversized).find("does not fit in the file (record at byte 64)"),
            std::string::npos);

  std::string Bare = headerBytes(Page);
  EXPECT_EQ(problem(Bare), "no process record: the process died while creating the file");
}
