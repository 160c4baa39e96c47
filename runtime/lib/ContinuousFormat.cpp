//===- ContinuousFormat.cpp - Records of the continuous counts file -------===//
#include "ContinuousFormat.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace energy::rt::continuous {

namespace {

/// Written where a reader checks that the file comes from a machine of the
/// same byte order (the tables are copied as the program had them).
constexpr uint32_t ByteOrderMark = 0x01020304u;
constexpr uint32_t RecordHeaderBytes = 16;

uint64_t roundUp(uint64_t N, uint64_t To) { return (N + To - 1) / To * To; }

/// Appends fixed-size values and strings to a record being built.
class RecordWriter {
public:
  explicit RecordWriter(RecordKind Kind) {
    put(uint32_t(Kind));
    put(uint32_t(0));
    put(uint64_t(0)); // the record's bytes, set by finish()
  }
  template <typename T> void put(const T &Value) {
    static_assert(std::is_trivially_copyable_v<T>);
    Bytes.append(reinterpret_cast<const char *>(&Value), sizeof Value);
  }
  template <typename T> void putArray(const T *Values, uint32_t Count) {
    if (Count)
      Bytes.append(reinterpret_cast<const char *>(Values), sizeof(T) * Count);
  }
  void putString(const char *Text) {
    uint32_t Length = Text ? uint32_t(std::strlen(Text)) : 0;
    put(Length);
    Bytes.append(Text ? Text : "", Length);
  }
  std::string finish() {
    Bytes.resize(roundUp(Bytes.size(), 8), '\0');
    uint64_t Size = Bytes.size();
    std::memcpy(&Bytes[8], &Size, sizeof Size);
    return std::move(Bytes);
  }

private:
  std::string Bytes;
};

/// Reads values out of one record, never past its end.
class RecordReader {
public:
  RecordReader(std::string_view Record) : Rest(Record) {}
  template <typename T> bool get(T &Value) {
    if (Rest.size() < sizeof Value)
      return false;
    std::memcpy(&Value, Rest.data(), sizeof Value);
    Rest.remove_prefix(sizeof Value);
    return true;
  }
  template <typename T> bool getArray(std::vector<T> &Values, uint32_t Count) {
    if (Rest.size() / sizeof(T) < Count)
      return false;
    Values.resize(Count);
    if (Count)
      std::memcpy(Values.data(), Rest.data(), sizeof(T) * Count);
    Rest.remove_prefix(sizeof(T) * Count);
    return true;
  }
  bool getString(std::string &Text) {
    uint32_t Length;
    if (!get(Length) || Rest.size() < Length)
      return false;
    Text.assign(Rest.data(), Length);
    Rest.remove_prefix(Length);
    return true;
  }

private:
  std::string_view Rest;
};

std::string at(uint64_t Offset) { return " (record at byte " + std::to_string(Offset) + ")"; }

bool readProcess(std::string_view Record, ProcessIdentity &P) {
  RecordReader R(Record.substr(RecordHeaderBytes));
  uint32_t Strings;
  if (!R.get(P.Pid) || !R.get(P.StartRealtimeNs) || !R.get(P.ArgumentsOmitted) || !R.get(Strings) ||
      Strings < 2 || !R.getString(P.ExePath) || !R.getString(P.ProgramName))
    return false;
  // Each string takes at least its length's 4 bytes: a count the record
  // cannot hold is refused before anything is allocated for it.
  if (Strings - 2 > Record.size() / 4)
    return false;
  P.Argv.resize(Strings - 2);
  for (std::string &Arg : P.Argv)
    if (!R.getString(Arg))
      return false;
  return true;
}

/// The module's tables; what ModuleRecord::create and the report's
/// walks check (a term or a parent naming nothing) is left to them.
const char *readModule(std::string_view Record, RecoveredModule &M, uint32_t ExpectedOrdinal) {
  RecordReader R(Record.substr(RecordHeaderBytes));
  uint32_t Ordinal;
  energy_module &D = M.Desc;
  if (!R.get(Ordinal) || !R.get(D.num_regions) || !R.get(D.num_blocks) || !R.get(D.num_dynamic) ||
      !R.get(D.num_counters) || !R.get(D.num_terms) || !R.get(D.timing) || !R.get(D.flags) ||
      !R.get(D.hash))
    return "module record cut short";
  if (Ordinal != ExpectedOrdinal)
    return "module records out of order";
  // Every table entry takes bytes of the record: counts it cannot hold are
  // refused before anything is allocated for them.
  if (D.num_regions > Record.size() / 16)
    return "module record names more regions than it holds";
  if (!R.getArray(M.Blocks, D.num_blocks) || !R.getArray(M.Dynamic, D.num_dynamic) ||
      !R.getArray(M.Terms, D.num_terms))
    return "module record's tables cut short";
  M.Regions.resize(D.num_regions);
  for (energy_region &Region : M.Regions)
    if (!R.get(Region.line) || !R.get(Region.kind) || !R.get(Region.parent) ||
        !R.get(Region.entry_block))
      return "module record's regions cut short";
  std::string &Source = M.Strings.emplace_back();
  if (!R.getString(Source))
    return "module record's strings cut short";
  for (energy_region &Region : M.Regions) {
    const char **Fields[] = {&Region.name, &Region.demangled, &Region.file};
    for (const char **Field : Fields) {
      std::string &Text = M.Strings.emplace_back();
      if (!R.getString(Text))
        return "module record's strings cut short";
      *Field = Text.c_str();
    }
  }
  D.abi_version = ENERGY_ABI_VERSION;
  D.source = Source.c_str();
  D.regions = M.Regions.data();
  D.blocks = M.Blocks.data();
  D.dynamic = M.Dynamic.data();
  D.terms = D.num_terms ? M.Terms.data() : nullptr;
  return nullptr;
}

/// Adds a chunk's counters into its module's, and its thread to the owners
/// of live or of ended chunks, and to those that counted when it did.
const char *readChunk(std::string_view File, uint64_t At, std::string_view Record,
                      uint32_t PageSize, RecoveredRun &Run, std::vector<uint64_t> &LiveOwners,
                      std::vector<uint64_t> &EndedOwners, std::vector<uint64_t> &CountingOwners) {
  RecordReader R(Record.substr(RecordHeaderBytes));
  uint32_t Ordinal, State;
  uint64_t Owner, DataOffset, DataBytes;
  if (!R.get(Ordinal) || !R.get(State) || !R.get(Owner) || !R.get(DataOffset) || !R.get(DataBytes))
    return "chunk record cut short";
  if (Ordinal >= Run.Modules.size())
    return "chunk of a module the file does not describe";
  if (State != ChunkLive && State != ChunkEnded)
    return "chunk in an unknown state";
  RecoveredModule &M = *Run.Modules[Ordinal];
  uint64_t Slots = uint64_t(M.Desc.num_counters) + M.Desc.num_dynamic;
  if (DataOffset != chunkDataOffset(At, PageSize) || DataBytes / 8 < Slots ||
      DataOffset + DataBytes != At + Record.size())
    return "chunk's counters are not where its record says";
  // Allocated once a chunk in the file holds them: what a damaged module
  // record claims costs nothing.
  if (M.Counts.empty())
    M.Counts.assign(Slots, 0);
  const char *Data = File.data() + DataOffset;
  bool Counted = false;
  for (size_t I = 0; I < M.Counts.size(); ++I) {
    uint64_t Value;
    std::memcpy(&Value, Data + I * 8, 8);
    M.Counts[I] += Value;
    Counted |= Value != 0;
  }
  (State == ChunkLive ? LiveOwners : EndedOwners).push_back(Owner);
  if (Counted)
    CountingOwners.push_back(Owner);
  return nullptr;
}

uint64_t distinct(std::vector<uint64_t> &Ids) {
  std::sort(Ids.begin(), Ids.end());
  return uint64_t(std::unique(Ids.begin(), Ids.end()) - Ids.begin());
}

} // namespace

uint64_t chunkDataOffset(uint64_t At, uint32_t PageSize) {
  return roundUp(At + ChunkHeaderBytes, PageSize);
}

std::string headerBytes(uint32_t PageSize) {
  std::string Bytes(HeaderBytes, '\0');
  std::memcpy(&Bytes[0], Magic, sizeof Magic);
  uint32_t Fields[] = {FormatVersion, PageSize, ENERGY_ABI_VERSION, ByteOrderMark};
  std::memcpy(&Bytes[8], Fields, sizeof Fields);
  uint64_t Used = HeaderBytes;
  std::memcpy(&Bytes[UsedBytesOffset], &Used, sizeof Used);
  return Bytes;
}

std::string processRecord(const ProcessIdentity &P) {
  RecordWriter W(ProcessRecord);
  W.put(P.Pid);
  W.put(P.StartRealtimeNs);
  W.put(P.ArgumentsOmitted);
  W.put(uint32_t(2 + P.Argv.size()));
  W.putString(P.ExePath.c_str());
  W.putString(P.ProgramName.c_str());
  for (const std::string &Arg : P.Argv)
    W.putString(Arg.c_str());
  return W.finish();
}

std::string moduleRecord(const ModuleTables &M) {
  RecordWriter W(ModuleRecordKind);
  for (uint32_t Field : {M.Ordinal, M.NumRegions, M.NumBlocks, M.NumDynamic, M.NumCounters,
                         M.NumTerms, M.Timing, M.Flags})
    W.put(Field);
  W.put(M.Hash);
  W.putArray(M.Blocks, M.NumBlocks);
  W.putArray(M.Dynamic, M.NumDynamic);
  W.putArray(M.Terms, M.NumTerms);
  for (uint32_t I = 0; I < M.NumRegions; ++I)
    for (uint32_t Field :
         {M.Regions[I].line, M.Regions[I].kind, M.Regions[I].parent, M.Regions[I].entry_block})
      W.put(Field);
  W.putString(M.Source);
  for (uint32_t I = 0; I < M.NumRegions; ++I) {
    W.putString(M.Regions[I].name);
    W.putString(M.Regions[I].demangled);
    W.putString(M.Regions[I].file);
  }
  return W.finish();
}

std::string chunkRecordHeader(uint64_t At, uint32_t PageSize, uint32_t Ordinal, uint64_t Owner,
                              uint64_t DataBytes) {
  std::string Bytes(ChunkHeaderBytes, '\0');
  uint64_t DataOffset = chunkDataOffset(At, PageSize);
  uint64_t RecordBytes = DataOffset + DataBytes - At;
  uint32_t Kind = ChunkRecord, State = ChunkLive;
  std::memcpy(&Bytes[0], &Kind, 4);
  std::memcpy(&Bytes[8], &RecordBytes, 8);
  std::memcpy(&Bytes[16], &Ordinal, 4);
  std::memcpy(&Bytes[ChunkStateOffset], &State, 4);
  std::memcpy(&Bytes[24], &Owner, 8);
  std::memcpy(&Bytes[32], &DataOffset, 8);
  std::memcpy(&Bytes[40], &DataBytes, 8);
  return Bytes;
}

bool readContinuousFile(std::string_view File, RecoveredRun &Run, std::string &Error) {
  if (File.size() < HeaderBytes || std::memcmp(File.data(), Magic, sizeof Magic) != 0) {
    Error = "not a continuous counts file (no ENRGCONT header)";
    return false;
  }
  if (File.size() > MaxFileBytes) {
    Error = "larger than a continuous counts file can be";
    return false;
  }
  uint32_t Version, PageSize, Order;
  uint64_t Used;
  std::memcpy(&Version, &File[8], 4);
  std::memcpy(&PageSize, &File[12], 4);
  std::memcpy(&Run.AbiVersion, &File[16], 4);
  std::memcpy(&Order, &File[20], 4);
  std::memcpy(&Used, &File[UsedBytesOffset], 8);
  if (Version != FormatVersion) {
    Error = "continuous counts format version " + std::to_string(Version) +
            ", this reads version " + std::to_string(FormatVersion);
    return false;
  }
  if (Order != ByteOrderMark) {
    Error = "written on a machine of another byte order";
    return false;
  }
  if (Run.AbiVersion < OldestTablesAbi || Run.AbiVersion > ENERGY_ABI_VERSION) {
    Error = "tables of ABI version " + std::to_string(Run.AbiVersion) + ", this reads versions " +
            std::to_string(OldestTablesAbi) + " to " + std::to_string(ENERGY_ABI_VERSION);
    return false;
  }
  if (PageSize < 4096 || (PageSize & (PageSize - 1)) != 0) {
    Error = "damaged header: page size " + std::to_string(PageSize);
    return false;
  }
  if (Used < HeaderBytes || Used > File.size()) {
    Error = "truncated: the header says " + std::to_string(Used) +
            " bytes are in use, the file has " + std::to_string(File.size());
    return false;
  }
  bool SawProcess = false;
  std::vector<uint64_t> LiveOwners, EndedOwners, CountingOwners;
  for (uint64_t At = HeaderBytes; At < Used;) {
    uint32_t Kind;
    uint64_t Bytes;
    if (Used - At < RecordHeaderBytes) {
      Error = "record header cut short" + at(At);
      return false;
    }
    std::memcpy(&Kind, &File[At], 4);
    std::memcpy(&Bytes, &File[At + 8], 8);
    if (Bytes < RecordHeaderBytes || Bytes % 8 != 0 || Bytes > Used - At) {
      Error = "record of " + std::to_string(Bytes) + " bytes does not fit in the file" + at(At);
      return false;
    }
    std::string_view Record = File.substr(At, Bytes);
    const char *Problem = nullptr;
    if (Kind == ProcessRecord) {
      Problem = SawProcess                         ? "a second process record"
                : readProcess(Record, Run.Process) ? nullptr
                                                   : "process record cut short";
      SawProcess = true;
    } else if (Kind == ModuleRecordKind) {
      auto M = std::make_unique<RecoveredModule>();
      Problem = readModule(Record, *M, uint32_t(Run.Modules.size()));
      Run.Modules.push_back(std::move(M));
    } else if (Kind == ChunkRecord) {
      Problem = readChunk(File, At, Record, PageSize, Run, LiveOwners, EndedOwners, CountingOwners);
    } else {
      Problem = "record of an unknown kind";
    }
    if (Problem) {
      Error = Problem + at(At);
      return false;
    }
    At += Bytes;
  }
  if (!SawProcess) {
    Error = "no process record: the process died while creating the file";
    return false;
  }
  std::vector<uint64_t> Owners = LiveOwners;
  Owners.insert(Owners.end(), EndedOwners.begin(), EndedOwners.end());
  Run.Threads = distinct(Owners);
  Run.LiveThreads = distinct(LiveOwners);
  Run.EndedThreads = distinct(EndedOwners);
  Run.CountingThreads = distinct(CountingOwners);
  return true;
}

} // namespace energy::rt::continuous
