//===- RegionTable.cpp - Emission of the per-module ABI tables ------------===//
//
// Builds the IR mirror of abi.h's structs and the globals of one module's
// table. Every name and section used here comes from abi.h, so the runtime
// and the pass cannot disagree on them.
//
//===----------------------------------------------------------------------===//
#include "RegionTable.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>

using namespace llvm;

namespace energy {
namespace {

/// The named struct Name with the given body, created once per context.
/// Dotted names cannot clash with a C or C++ struct of the program.
StructType *abiStruct(LLVMContext &Ctx, StringRef Name, ArrayRef<Type *> Body) {
  if (StructType *Existing = StructType::getTypeByName(Ctx, Name))
    return Existing;
  return StructType::create(Ctx, Body, Name);
}

/// Builds the constants of one module's table.
class TableEmitter {
public:
  explicit TableEmitter(Module &M)
      : M(M), Ctx(M.getContext()), Types(AbiTypes::get(Ctx)), I8(Type::getInt8Ty(Ctx)),
        I32(Type::getInt32Ty(Ctx)), I64(Type::getInt64Ty(Ctx)), Ptr(PointerType::getUnqual(Ctx)) {}

  Constant *string(StringRef Text);
  Constant *cost(const energy_cost &Cost);
  Constant *block(const energy_block &Block);
  Constant *dynamic(const energy_dynamic_counter &Dynamic);
  Constant *term(const energy_count_term &Term);
  Constant *line(const energy_line &Line);
  Constant *inlineSite(const energy_inline_site &Site, StringRef Function);
  /// The region_body_hashes array, or null when no region has a hash.
  Constant *bodyHashes(ArrayRef<RegionDesc> Regions);
  /// The region_functions array, or null when no region is found by
  /// address.
  Constant *regionFunctions(ArrayRef<RegionDesc> Regions);
  Constant *strings(ArrayRef<std::string> Texts, StringRef Name);
  Constant *region(const RegionDesc &Region);
  Constant *array(StructType *Ty, ArrayRef<Constant *> Elements, StringRef Name);
  GlobalVariable *counters(uint32_t Slots, bool Continuous);
  Function *counterGetter(GlobalVariable *Counters);
  Function *moduleHook(StringRef Name, StringRef Runtime, GlobalVariable *Descriptor);

  Module &M;
  LLVMContext &Ctx;
  AbiTypes Types;
  Type *I8, *I32, *I64;
  PointerType *Ptr;

private:
  StringMap<Constant *> Strings;
};

Constant *TableEmitter::string(StringRef Text) {
  Constant *&Slot = Strings[Text];
  if (!Slot) {
    Constant *Data = ConstantDataArray::getString(Ctx, Text);
    auto *GV = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                  GlobalValue::PrivateLinkage, Data, ENERGY_SYMBOL_PREFIX "str");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(1));
    Slot = GV;
  }
  return Slot;
}

Constant *TableEmitter::cost(const energy_cost &Cost) {
  auto *KindsTy = ArrayType::get(I32, ENERGY_NUM_FLOP_KINDS);
  SmallVector<Constant *, ENERGY_NUM_PRECISIONS> Precisions;
  for (const uint32_t(&Kinds)[ENERGY_NUM_FLOP_KINDS] : Cost.flops) {
    SmallVector<Constant *, ENERGY_NUM_FLOP_KINDS> Row;
    for (uint32_t Flops : Kinds)
      Row.push_back(ConstantInt::get(I32, Flops));
    Precisions.push_back(ConstantArray::get(KindsTy, Row));
  }
  SmallVector<Constant *, ENERGY_NUM_WIDTHS> Widths;
  for (uint32_t Flops : Cost.flops_by_width)
    Widths.push_back(ConstantInt::get(I32, Flops));
  return ConstantStruct::get(
      Types.Cost,
      {ConstantArray::get(ArrayType::get(KindsTy, ENERGY_NUM_PRECISIONS), Precisions),
       ConstantArray::get(ArrayType::get(I32, ENERGY_NUM_WIDTHS), Widths),
       ConstantInt::get(I64, Cost.bytes_loaded), ConstantInt::get(I64, Cost.bytes_stored),
       ConstantInt::get(I32, Cost.instructions), ConstantInt::get(I32, Cost.branches),
       ConstantInt::get(I32, Cost.calls), ConstantInt::get(I32, Cost.flags)});
}

Constant *TableEmitter::block(const energy_block &Block) {
  return ConstantStruct::get(Types.Block, {ConstantInt::get(I32, Block.region),
                                           ConstantInt::get(I32, Block.line), cost(Block.cost)});
}

Constant *TableEmitter::dynamic(const energy_dynamic_counter &Dynamic) {
  return ConstantStruct::get(
      Types.Dynamic,
      {ConstantInt::get(I32, Dynamic.block), ConstantInt::get(I8, Dynamic.kind),
       ConstantInt::get(I8, Dynamic.precision), ConstantInt::get(I8, Dynamic.flop_kind),
       ConstantInt::get(I8, Dynamic.width), ConstantInt::get(I32, Dynamic.scale)});
}

Constant *TableEmitter::region(const RegionDesc &Region) {
  return ConstantStruct::get(Types.Region, {string(Region.Name), string(Region.Demangled),
                                            string(Region.File), ConstantInt::get(I32, Region.Line),
                                            ConstantInt::get(I32, Region.Kind),
                                            ConstantInt::get(I32, Region.Parent),
                                            ConstantInt::get(I32, Region.EntryBlock)});
}

Constant *TableEmitter::array(StructType *Ty, ArrayRef<Constant *> Elements, StringRef Name) {
  if (Elements.empty())
    return ConstantPointerNull::get(Ptr);
  auto *ArrayTy = ArrayType::get(Ty, Elements.size());
  auto *GV = new GlobalVariable(M, ArrayTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                ConstantArray::get(ArrayTy, Elements), Name);
  GV->setAlignment(Align(8));
  return GV;
}

/// Continuous counts map the array's pages onto a file in every thread: page
/// aligned and padded to whole pages, no other thread_local shares them. The
/// padding is only address space in the TLS image (zero-initialised, .tbss)
/// and the instructions that count are the same: an add at a TLS offset.
GlobalVariable *TableEmitter::counters(uint32_t Slots, bool Continuous) {
  constexpr uint32_t SlotsPerPage = ENERGY_CONTINUOUS_PAGE / sizeof(uint64_t);
  if (Continuous)
    Slots = std::max<uint32_t>(alignTo(Slots, SlotsPerPage), SlotsPerPage);
  auto *Ty = ArrayType::get(I64, Slots);
  auto *GV = new GlobalVariable(M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage,
                                Constant::getNullValue(Ty), ENERGY_MODULE_COUNTERS, nullptr,
                                GlobalValue::GeneralDynamicTLSModel);
  GV->setAlignment(Align(Continuous ? ENERGY_CONTINUOUS_PAGE : 8));
  return GV;
}

Function *TableEmitter::counterGetter(GlobalVariable *Counters) {
  auto *Getter = Function::Create(FunctionType::get(Ptr, false), GlobalValue::InternalLinkage,
                                  ENERGY_MODULE_COUNTERS_GETTER, M);
  Getter->setDoesNotThrow();
  IRBuilder<> B(BasicBlock::Create(Ctx, "", Getter));
  B.CreateRet(B.CreateThreadLocalAddress(Counters));
  return Getter;
}

/// An internal void() function that passes the descriptor to Runtime.
Function *TableEmitter::moduleHook(StringRef Name, StringRef Runtime, GlobalVariable *Descriptor) {
  auto *Hook = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                GlobalValue::InternalLinkage, Name, M);
  Hook->setDoesNotThrow();
  FunctionCallee Callee =
      M.getOrInsertFunction(Runtime, FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false));
  IRBuilder<> B(BasicBlock::Create(Ctx, "", Hook));
  B.CreateCall(Callee, {Descriptor});
  B.CreateRetVoid();
  return Hook;
}

Constant *TableEmitter::term(const energy_count_term &Term) {
  return ConstantStruct::get(Types.Term, {ConstantInt::get(I32, Term.block),
                                          ConstantInt::get(I32, Term.counter),
                                          ConstantInt::get(I64, Term.coefficient, true)});
}

Constant *TableEmitter::line(const energy_line &Line) {
  return ConstantStruct::get(Types.Line,
                             {ConstantInt::get(I32, Line.block), ConstantInt::get(I32, Line.file),
                              ConstantInt::get(I32, Line.line),
                              ConstantInt::get(I32, Line.inlined_at), cost(Line.cost)});
}

Constant *TableEmitter::inlineSite(const energy_inline_site &Site, StringRef Function) {
  return ConstantStruct::get(Types.InlineSite,
                             {ConstantInt::get(I32, Site.file), ConstantInt::get(I32, Site.line),
                              ConstantInt::get(I32, Site.caller), ConstantInt::get(I32, 0),
                              string(Function)});
}

Constant *TableEmitter::bodyHashes(ArrayRef<RegionDesc> Regions) {
  if (none_of(Regions, [](const RegionDesc &R) { return R.BodyHash != 0; }))
    return ConstantPointerNull::get(Ptr);
  SmallVector<uint64_t, 16> Hashes;
  for (const RegionDesc &R : Regions)
    Hashes.push_back(R.BodyHash);
  auto *GV = new GlobalVariable(M, ArrayType::get(I64, Hashes.size()),
                                /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                ConstantDataArray::get(Ctx, Hashes),
                                ENERGY_SYMBOL_PREFIX "region_body_hashes");
  GV->setAlignment(Align(8));
  return GV;
}

Constant *TableEmitter::regionFunctions(ArrayRef<RegionDesc> Regions) {
  if (none_of(Regions, [](const RegionDesc &R) { return R.SampledCode; }))
    return ConstantPointerNull::get(Ptr);
  SmallVector<Constant *, 16> Functions;
  for (const RegionDesc &R : Regions)
    Functions.push_back(R.SampledCode ? cast<Constant>(R.SampledCode)
                                      : ConstantPointerNull::get(Ptr));
  auto *ArrayTy = ArrayType::get(Ptr, Functions.size());
  auto *GV = new GlobalVariable(M, ArrayTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                ConstantArray::get(ArrayTy, Functions),
                                ENERGY_SYMBOL_PREFIX "region_functions");
  GV->setAlignment(Align(8));
  return GV;
}

Constant *TableEmitter::strings(ArrayRef<std::string> Texts, StringRef Name) {
  if (Texts.empty())
    return ConstantPointerNull::get(Ptr);
  SmallVector<Constant *, 8> Elements;
  for (const std::string &Text : Texts)
    Elements.push_back(string(Text));
  auto *ArrayTy = ArrayType::get(Ptr, Elements.size());
  auto *GV = new GlobalVariable(M, ArrayTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                ConstantArray::get(ArrayTy, Elements), Name);
  GV->setAlignment(Align(8));
  return GV;
}

} // namespace

AbiTypes AbiTypes::get(LLVMContext &Ctx) {
  Type *I8 = Type::getInt8Ty(Ctx);
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *Flops = ArrayType::get(ArrayType::get(I32, ENERGY_NUM_FLOP_KINDS), ENERGY_NUM_PRECISIONS);
  Type *Widths = ArrayType::get(I32, ENERGY_NUM_WIDTHS);
  AbiTypes Types;
  Types.Cost = abiStruct(Ctx, "energy.cost", {Flops, Widths, I64, I64, I32, I32, I32, I32});
  Types.Block = abiStruct(Ctx, "energy.block", {I32, I32, Types.Cost});
  Types.Dynamic = abiStruct(Ctx, "energy.dynamic_counter", {I32, I8, I8, I8, I8, I32});
  Types.Region = abiStruct(Ctx, "energy.region", {Ptr, Ptr, Ptr, I32, I32, I32, I32});
  Types.Term = abiStruct(Ctx, "energy.count_term", {I32, I32, I64});
  Types.Line = abiStruct(Ctx, "energy.line", {I32, I32, I32, I32, Types.Cost});
  Types.InlineSite = abiStruct(Ctx, "energy.inline_site", {I32, I32, I32, I32, Ptr});
  Types.Module = abiStruct(Ctx, "energy.module",
                           {I32, I32, I32, I32, I64, Ptr, Ptr, Ptr, Ptr, I32, I32, Ptr, Ptr,
                            I32, I32, Ptr, I32, I32, Ptr, Ptr, I32, I32, Ptr, Ptr, Ptr});
  Types.RegionStack = abiStruct(Ctx, "energy.region_stack", {I32, I32, Ptr});
  return Types;
}

uint32_t RegionTable::addRegion(RegionDesc Region) {
  Regions.push_back(std::move(Region));
  return Regions.size() - 1;
}

uint32_t RegionTable::addBlock(const energy_block &Block) {
  Blocks.push_back(Block);
  return Blocks.size() - 1;
}

uint32_t RegionTable::addCounter() { return NumCounters++; }

void RegionTable::addTerm(uint32_t Block, uint32_t Counter, int64_t Coefficient) {
  Terms.push_back({Block, Counter, Coefficient});
}

bool RegionTable::countsEveryBlockByItself() const {
  if (NumCounters != Blocks.size() || Terms.size() != Blocks.size())
    return false;
  for (auto [I, T] : enumerate(Terms))
    if (T.block != I || T.counter != I || T.coefficient != 1)
      return false;
  return true;
}

uint32_t RegionTable::addDynamic(const energy_dynamic_counter &Dynamic) {
  Dynamics.push_back(Dynamic);
  return Dynamics.size() - 1;
}

uint32_t RegionTable::lineFileIndex(StringRef File) {
  auto Known = find(LineFiles, File);
  uint32_t FileIndex = Known - LineFiles.begin();
  if (Known == LineFiles.end())
    LineFiles.push_back(File.str());
  return FileIndex;
}

void RegionTable::addLine(uint32_t Block, StringRef File, uint32_t Line, uint32_t InlinedAt,
                          const energy_cost &Cost) {
  Lines.push_back({Block, lineFileIndex(File), Line, InlinedAt, Cost});
}

uint32_t RegionTable::addInlineSite(StringRef File, uint32_t Line, StringRef Function,
                                    uint32_t Caller) {
  uint32_t FileIndex = lineFileIndex(File);
  auto [At, New] =
      SiteIndex.try_emplace({FileIndex, Line, Caller, Function.str()}, InlineSites.size());
  if (New) {
    InlineSites.push_back({FileIndex, Line, Caller, 0, nullptr});
    SiteFunctions.push_back(Function.str());
  }
  return At->second;
}

uint64_t RegionTable::hash(StringRef Source) const {
  // Fields are written one by one: struct padding must not leak in.
  std::string Text;
  raw_string_ostream OS(Text);
  OS << ENERGY_ABI_VERSION << '\0' << Source << '\0';
  for (const RegionDesc &R : Regions)
    OS << R.Name << '\0' << R.File << '\0' << R.Line << ' ' << R.Kind << ' ' << R.Parent << ' '
       << R.EntryBlock << '\n';
  for (const energy_block &B : Blocks) {
    OS << B.region << ' ' << B.line;
    const energy_cost &C = B.cost;
    for (const auto &Kinds : C.flops)
      for (uint32_t Flops : Kinds)
        OS << ' ' << Flops;
    for (uint32_t Flops : C.flops_by_width)
      OS << ' ' << Flops;
    OS << ' ' << C.bytes_loaded << ' ' << C.bytes_stored << ' ' << C.instructions << ' '
       << C.branches << ' ' << C.calls << ' ' << C.flags << '\n';
  }
  for (const energy_count_term &T : Terms)
    OS << T.block << ' ' << T.counter << ' ' << T.coefficient << '\n';
  for (const energy_dynamic_counter &D : Dynamics)
    OS << D.block << ' ' << unsigned(D.kind) << ' ' << unsigned(D.precision) << ' '
       << unsigned(D.flop_kind) << ' ' << unsigned(D.width) << ' ' << D.scale << '\n';
  for (const std::string &File : LineFiles)
    OS << File << '\0';
  for (const energy_line &L : Lines)
    OS << L.block << ' ' << L.file << ' ' << L.line << ' ' << L.inlined_at << ' '
       << L.cost.instructions << '\n';
  for (auto [Site, Function] : zip(InlineSites, SiteFunctions))
    OS << Site.file << ' ' << Site.line << ' ' << Site.caller << ' ' << Function << '\n';
  for (const RegionDesc &R : Regions)
    OS << R.BodyHash << ' ';
  return xxh3_64bits(OS.str());
}

EmittedTable RegionTable::emit(Module &M, energy_timing Timing, bool Continuous) const {
  TableEmitter E(M);
  SmallVector<Constant *, 0> RegionConstants, BlockConstants, DynamicConstants, TermConstants,
      LineConstants;
  for (const RegionDesc &R : Regions)
    RegionConstants.push_back(E.region(R));
  for (const energy_block &B : Blocks)
    BlockConstants.push_back(E.block(B));
  for (const energy_dynamic_counter &D : Dynamics)
    DynamicConstants.push_back(E.dynamic(D));
  for (const energy_line &L : Lines)
    LineConstants.push_back(E.line(L));
  SmallVector<Constant *, 0> SiteConstants;
  for (auto [Site, Function] : zip(InlineSites, SiteFunctions))
    SiteConstants.push_back(E.inlineSite(Site, Function));
  // Every block in its own counter needs no terms (the runtime's default).
  if (!countsEveryBlockByItself())
    for (const energy_count_term &T : Terms)
      TermConstants.push_back(E.term(T));

  GlobalVariable *Counters = E.counters(numCounters() + numDynamic(), Continuous);
  Constant *RegionArray = E.array(E.Types.Region, RegionConstants, ENERGY_SYMBOL_PREFIX "regions");
  Constant *Fields[] = {
      ConstantInt::get(E.I32, ENERGY_ABI_VERSION),
      ConstantInt::get(E.I32, numRegions()),
      ConstantInt::get(E.I32, numBlocks()),
      ConstantInt::get(E.I32, numDynamic()),
      ConstantInt::get(E.I64, hash(M.getSourceFileName())),
      E.string(M.getSourceFileName()),
      RegionArray,
      E.array(E.Types.Block, BlockConstants, ENERGY_SYMBOL_PREFIX "blocks"),
      E.array(E.Types.Dynamic, DynamicConstants, ENERGY_SYMBOL_PREFIX "dynamic"),
      ConstantInt::get(E.I32, numCounters()),
      ConstantInt::get(E.I32, TermConstants.size()),
      E.array(E.Types.Term, TermConstants, ENERGY_SYMBOL_PREFIX "terms"),
      E.counterGetter(Counters),
      ConstantInt::get(E.I32, Timing),
      ConstantInt::get(E.I32, Continuous ? ENERGY_MODULE_CONTINUOUS : 0),
      ConstantPointerNull::get(E.Ptr),
      ConstantInt::get(E.I32, Lines.size()),
      ConstantInt::get(E.I32, LineFiles.size()),
      E.strings(LineFiles, ENERGY_SYMBOL_PREFIX "line_files"),
      E.array(E.Types.Line, LineConstants, ENERGY_SYMBOL_PREFIX "lines"),
      ConstantInt::get(E.I32, SiteConstants.size()),
      ConstantInt::get(E.I32, 0),
      E.array(E.Types.InlineSite, SiteConstants, ENERGY_SYMBOL_PREFIX "inline_sites"),
      E.bodyHashes(Regions),
      E.regionFunctions(Regions)};
  auto *Descriptor =
      new GlobalVariable(M, E.Types.Module, /*isConstant=*/false, GlobalValue::InternalLinkage,
                         ConstantStruct::get(E.Types.Module, Fields), ENERGY_MODULE_DESCRIPTOR);
  Descriptor->setSection(ENERGY_MODULE_SECTION);
  Descriptor->setAlignment(Align(8));
  appendToCompilerUsed(M, {Descriptor});

  appendToGlobalCtors(M, E.moduleHook(ENERGY_MODULE_CTOR, ENERGY_REGISTER_MODULE, Descriptor),
                      ENERGY_CTOR_PRIORITY);
  appendToGlobalDtors(M, E.moduleHook(ENERGY_MODULE_DTOR, ENERGY_UNREGISTER_MODULE, Descriptor),
                      ENERGY_CTOR_PRIORITY);
  return {Descriptor, Counters, dyn_cast<GlobalVariable>(RegionArray)};
}

} // namespace energy
