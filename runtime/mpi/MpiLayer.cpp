//===- MpiLayer.cpp - MPI calls as regions of kind mpi, through PMPI ------===//
//
// libenergympi defines the MPI functions below and calls the library's PMPI_
// twins (the MPI standard's profiling interface): energycc links it before
// -lmpi, so the program's calls (and those of libraries it links) land here
// first. The layer is a module like one the pass builds: a static
// `energy_module` with one region of kind `mpi` per wrapped function, one
// counted block per region whose count is the region's calls, and two
// dynamic amounts per region, the bytes the call sent (as bytes loaded: the
// library reads them from the caller's buffer) and received (bytes stored).
// Calls enter and exit their region through the ordinary entry points, so
// they are timed like every other region of the process, nest in the call
// tree under the code that made them, and sum with it to the rank's time.
//
// The module registers at MPI_Init, not from a constructor: libraries'
// constructors run before the program's, and the first module registered
// decides how the process is timed (abi.h); by MPI_Init the program's
// modules have chosen.
//
// Once MPI is initialised, the layer tells the runtime the job as MPI says
// it (world rank and size, rank on the node, processor name), which the
// runtime takes when the launcher's environment named no job.
//
// Bytes are those of the caller's buffers, as the call's arguments give them
// (count x the datatype's size; a receive's actual count from its status),
// not the traffic of the library's algorithm on the wire.
//
//===----------------------------------------------------------------------===//
#include "energy/abi.h"

#include <mpi.h>

#include <array>
#include <cstdint>
#include <string_view>

extern "C" {
void __energy_register_module(energy_module *);
void __energy_unregister_module(energy_module *);
void __energy_region_enter(energy_module *, uint32_t);
void __energy_region_exit(energy_module *, uint32_t);
void __energy_job_from_mpi(long Rank, long Size, long LocalRank, const char *Node);
}

namespace {

enum class Call : uint32_t {
  Init,
  InitThread,
  Finalize,
  Send,
  Recv,
  Isend,
  Irecv,
  Wait,
  Waitall,
  Bcast,
  Reduce,
  Allreduce,
  Barrier,
  Alltoall,
  Allgather,
};

constexpr std::array<const char *, 15> CallNames = {
    "MPI_Init",   "MPI_Init_thread", "MPI_Finalize", "MPI_Send",     "MPI_Recv",
    "MPI_Isend",  "MPI_Irecv",       "MPI_Wait",     "MPI_Waitall",  "MPI_Bcast",
    "MPI_Reduce", "MPI_Allreduce",   "MPI_Barrier",  "MPI_Alltoall", "MPI_Allgather"};
constexpr uint32_t NumCalls = CallNames.size();

constexpr std::array<energy_region, NumCalls> makeRegions() {
  std::array<energy_region, NumCalls> Regions{};
  for (uint32_t I = 0; I < NumCalls; ++I)
    Regions[I] = {CallNames[I], CallNames[I], "", 0, ENERGY_REGION_MPI, ENERGY_NO_REGION, I};
  return Regions;
}

/// Block I belongs to region I and counts its calls; it holds no program
/// code, so it is not one of the program's blocks.
constexpr std::array<energy_block, NumCalls> makeBlocks() {
  std::array<energy_block, NumCalls> Blocks{};
  for (uint32_t I = 0; I < NumCalls; ++I) {
    Blocks[I].region = I;
    Blocks[I].cost.flags = ENERGY_BLOCK_ADDED;
  }
  return Blocks;
}

/// Counter slot NumCalls + 2I: bytes region I sent; NumCalls + 2I + 1: received.
constexpr std::array<energy_dynamic_counter, 2 * NumCalls> makeDynamic() {
  std::array<energy_dynamic_counter, 2 * NumCalls> Dynamic{};
  for (uint32_t I = 0; I < NumCalls; ++I) {
    Dynamic[2 * I] = {I, ENERGY_DYNAMIC_BYTES_LOADED, 0, 0, 0, 1};
    Dynamic[2 * I + 1] = {I, ENERGY_DYNAMIC_BYTES_STORED, 0, 0, 0, 1};
  }
  return Dynamic;
}

/// FNV-1a over the region names: the tables' identity changes with them.
constexpr uint64_t tablesHash() {
  uint64_t Hash = 0xcbf29ce484222325ull;
  for (const char *Name : CallNames)
    for (char C : std::string_view(Name)) {
      Hash ^= uint8_t(C);
      Hash *= 0x100000001b3ull;
    }
  return Hash;
}

constexpr std::array<energy_region, NumCalls> Regions = makeRegions();
constexpr std::array<energy_block, NumCalls> Blocks = makeBlocks();
constexpr std::array<energy_dynamic_counter, 2 * NumCalls> Dynamic = makeDynamic();

thread_local uint64_t Counters[NumCalls + 2 * NumCalls];

uint64_t *threadCounters() { return Counters; }

/// The layer's descriptor, every field the layer does not use zero (no
/// terms, lines or sampled functions). Built at compile time: the
/// constructor that registers it runs before dynamic initialisation.
constexpr energy_module layerModule() {
  energy_module M{};
  M.abi_version = ENERGY_ABI_VERSION;
  M.num_regions = NumCalls;
  M.num_blocks = NumCalls;
  M.num_dynamic = 2 * NumCalls;
  M.hash = tablesHash();
  M.source = "libenergympi";
  M.regions = Regions.data();
  M.blocks = Blocks.data();
  M.dynamic = Dynamic.data();
  M.num_counters = NumCalls;
  M.thread_counters = threadCounters;
  M.timing = ENERGY_TIMING_EXACT;
  return M;
}

constinit energy_module Module = layerModule();

__attribute__((destructor(ENERGY_CTOR_PRIORITY))) void unregisterLayer() {
  __energy_unregister_module(&Module);
}

/// One MPI call: its region is open while the object lives. always_inline:
/// enter and exit must see the wrapper's own frame.
class MpiCall {
public:
  [[gnu::always_inline]] explicit MpiCall(Call C) noexcept : Region(uint32_t(C)) {
    ++Counters[Region];
    __energy_region_enter(&Module, Region);
  }
  [[gnu::always_inline]] ~MpiCall() { __energy_region_exit(&Module, Region); }
  MpiCall(const MpiCall &) = delete;
  MpiCall &operator=(const MpiCall &) = delete;

  /// Records what a call that succeeded moved; returns its result.
  int moved(int Result, uint64_t Sent, uint64_t Received) noexcept {
    if (Result == MPI_SUCCESS) {
      Counters[NumCalls + 2 * Region] += Sent;
      Counters[NumCalls + 2 * Region + 1] += Received;
    }
    return Result;
  }

private:
  uint32_t Region;
};

/// Bytes of `Count` elements of `Type`; 0 for a type MPI does not know.
uint64_t bytes(int Count, MPI_Datatype Type) noexcept {
  int Size = 0;
  if (Count <= 0 || Type == MPI_DATATYPE_NULL || PMPI_Type_size(Type, &Size) != MPI_SUCCESS ||
      Size < 0)
    return 0;
  return uint64_t(Count) * uint64_t(Size);
}

/// Bytes a completed receive delivered, from its status.
uint64_t receivedBytes(const MPI_Status &Status, MPI_Datatype Type) noexcept {
  int Count = 0;
  if (PMPI_Get_count(&Status, Type, &Count) != MPI_SUCCESS || Count == MPI_UNDEFINED)
    return 0;
  return bytes(Count, Type);
}

int communicatorSize(MPI_Comm Comm) noexcept {
  int Size = 0;
  return PMPI_Comm_size(Comm, &Size) == MPI_SUCCESS ? Size : 0;
}

bool isRoot(int Root, MPI_Comm Comm) noexcept {
  int Rank = -1;
  return PMPI_Comm_rank(Comm, &Rank) == MPI_SUCCESS && Rank == Root;
}

/// The rank among MPI_COMM_WORLD's processes that share this node's memory;
/// -1 when MPI cannot say.
int nodeRank() noexcept {
  MPI_Comm Node = MPI_COMM_NULL;
  if (PMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &Node) !=
      MPI_SUCCESS)
    return -1;
  int Rank = -1;
  if (PMPI_Comm_rank(Node, &Rank) != MPI_SUCCESS)
    Rank = -1;
  PMPI_Comm_free(&Node);
  return Rank;
}

/// Tells the runtime the job as MPI_COMM_WORLD describes it, which it takes
/// when the launcher's environment named none (a singleton run, a launcher
/// it does not know). Every rank asks, whatever its environment says: the
/// node's communicator is made collectively, and a rank that skipped it
/// would leave the others waiting.
void describeJob() noexcept {
  int Rank = -1, Size = 0;
  if (PMPI_Comm_rank(MPI_COMM_WORLD, &Rank) != MPI_SUCCESS ||
      PMPI_Comm_size(MPI_COMM_WORLD, &Size) != MPI_SUCCESS)
    return;
  int LocalRank = Size == 1 ? 0 : nodeRank();
  char Name[MPI_MAX_PROCESSOR_NAME + 1] = {};
  int Length = 0;
  if (PMPI_Get_processor_name(Name, &Length) != MPI_SUCCESS)
    Name[0] = '\0';
  __energy_job_from_mpi(Rank, Size, LocalRank, Name);
}

} // namespace

// The library is built with hidden visibility; these are its interface. Open
// MPI's mpi.h declares them visible, MPICH's leaves them as the build says.
#pragma GCC visibility push(default)
extern "C" {

int MPI_Init(int *Argc, char ***Argv) {
  __energy_register_module(&Module);
  MpiCall C(Call::Init);
  int Result = PMPI_Init(Argc, Argv);
  if (Result == MPI_SUCCESS)
    describeJob();
  return Result;
}

int MPI_Init_thread(int *Argc, char ***Argv, int Required, int *Provided) {
  __energy_register_module(&Module);
  MpiCall C(Call::InitThread);
  int Result = PMPI_Init_thread(Argc, Argv, Required, Provided);
  if (Result == MPI_SUCCESS)
    describeJob();
  return Result;
}

int MPI_Finalize() {
  MpiCall C(Call::Finalize);
  return PMPI_Finalize();
}

int MPI_Send(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm) {
  MpiCall C(Call::Send);
  return C.moved(PMPI_Send(Buf, Count, Type, Dest, Tag, Comm), bytes(Count, Type), 0);
}

int MPI_Recv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
             MPI_Status *Status) {
  MpiCall C(Call::Recv);
  MPI_Status Own;
  MPI_Status *Where = Status == MPI_STATUS_IGNORE ? &Own : Status;
  int Result = PMPI_Recv(Buf, Count, Type, Source, Tag, Comm, Where);
  return C.moved(Result, 0, Result == MPI_SUCCESS ? receivedBytes(*Where, Type) : 0);
}

int MPI_Isend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
              MPI_Request *Request) {
  MpiCall C(Call::Isend);
  return C.moved(PMPI_Isend(Buf, Count, Type, Dest, Tag, Comm, Request), bytes(Count, Type), 0);
}

// The size a receive posts: what arrives is known only when it completes, in
// a wait whose requests may be of any kind.
int MPI_Irecv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
              MPI_Request *Request) {
  MpiCall C(Call::Irecv);
  return C.moved(PMPI_Irecv(Buf, Count, Type, Source, Tag, Comm, Request), 0, bytes(Count, Type));
}

int MPI_Wait(MPI_Request *Request, MPI_Status *Status) {
  MpiCall C(Call::Wait);
  return PMPI_Wait(Request, Status);
}

int MPI_Waitall(int Count, MPI_Request Requests[], MPI_Status Statuses[]) {
  MpiCall C(Call::Waitall);
  return PMPI_Waitall(Count, Requests, Statuses);
}

int MPI_Bcast(void *Buf, int Count, MPI_Datatype Type, int Root, MPI_Comm Comm) {
  MpiCall C(Call::Bcast);
  int Result = PMPI_Bcast(Buf, Count, Type, Root, Comm);
  uint64_t Bytes = bytes(Count, Type);
  return isRoot(Root, Comm) ? C.moved(Result, Bytes, 0) : C.moved(Result, 0, Bytes);
}

int MPI_Reduce(const void *Send, void *Recv, int Count, MPI_Datatype Type, MPI_Op Op, int Root,
               MPI_Comm Comm) {
  MpiCall C(Call::Reduce);
  int Result = PMPI_Reduce(Send, Recv, Count, Type, Op, Root, Comm);
  uint64_t Bytes = bytes(Count, Type);
  return C.moved(Result, Bytes, isRoot(Root, Comm) ? Bytes : 0);
}

int MPI_Allreduce(const void *Send, void *Recv, int Count, MPI_Datatype Type, MPI_Op Op,
                  MPI_Comm Comm) {
  MpiCall C(Call::Allreduce);
  uint64_t Bytes = bytes(Count, Type);
  return C.moved(PMPI_Allreduce(Send, Recv, Count, Type, Op, Comm), Bytes, Bytes);
}

int MPI_Barrier(MPI_Comm Comm) {
  MpiCall C(Call::Barrier);
  return PMPI_Barrier(Comm);
}

// In place, the send arguments are ignored and the receive buffer holds what
// is sent.
int MPI_Alltoall(const void *Send, int SendCount, MPI_Datatype SendType, void *Recv, int RecvCount,
                 MPI_Datatype RecvType, MPI_Comm Comm) {
  MpiCall C(Call::Alltoall);
  int Result = PMPI_Alltoall(Send, SendCount, SendType, Recv, RecvCount, RecvType, Comm);
  uint64_t Ranks = uint64_t(communicatorSize(Comm));
  uint64_t Received = Ranks * bytes(RecvCount, RecvType);
  uint64_t Sent = Send == MPI_IN_PLACE ? Received : Ranks * bytes(SendCount, SendType);
  return C.moved(Result, Sent, Received);
}

int MPI_Allgather(const void *Send, int SendCount, MPI_Datatype SendType, void *Recv, int RecvCount,
                  MPI_Datatype RecvType, MPI_Comm Comm) {
  MpiCall C(Call::Allgather);
  int Result = PMPI_Allgather(Send, SendCount, SendType, Recv, RecvCount, RecvType, Comm);
  uint64_t Own = Send == MPI_IN_PLACE ? bytes(RecvCount, RecvType) : bytes(SendCount, SendType);
  return C.moved(Result, Own, uint64_t(communicatorSize(Comm)) * bytes(RecvCount, RecvType));
}

} // extern "C"
#pragma GCC visibility pop
