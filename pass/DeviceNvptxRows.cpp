//===- DeviceNvptxRows.cpp - Counter rows of nvptx64 kernels --------------===//
//
// See DeviceNvptxRows.h. The linear thread id follows
// docs/formats/gpu-profile.md: ((bz*gy + by)*gx + bx)*blocksize +
// (tz*ny + ty)*nx + tx, the same numbering the collector groups rows by.
//
//===----------------------------------------------------------------------===//
#include "DeviceNvptxRows.h"

#include "energy_gpu/abi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace energy {
namespace {

constexpr unsigned GlobalAddressSpace = 1;

GlobalVariable *makeRowsGlobal(Module &M) {
  PointerType *Ptr = PointerType::getUnqual(M.getContext());
  auto *GV = new GlobalVariable(M, Ptr, /*isConstant=*/false, GlobalValue::ExternalLinkage,
                                ConstantPointerNull::get(Ptr), ENERGY_GPU_ROWS_SYMBOL, nullptr,
                                GlobalValue::NotThreadLocal, GlobalAddressSpace,
                                /*isExternallyInitialized=*/true);
  GV->setAlignment(Align(8));
  return GV;
}

/// The instruction after the row computation at F's entry: the entry
/// block's counter goes there.
Instruction *afterRowComputation(BasicBlock &BB, Value *Enabled) {
  auto *Last = cast<Instruction>(Enabled);
  return Last->getParent() == &BB ? Last->getNextNode() : &*BB.getFirstInsertionPt();
}

} // namespace

NvptxRows::NvptxRows(Module &M, const EnergyOptions &Options)
    : M(M), Options(Options), RowsGlobal(makeRowsGlobal(M)) {}

Value *NvptxRows::readSreg(IRBuilder<> &B, unsigned Intrinsic) {
  return B.CreateZExt(B.CreateIntrinsic(Intrinsic, {}, {}), B.getInt64Ty());
}

Value *NvptxRows::linearBlock(IRBuilder<> &B) {
  using namespace Intrinsic;
  Value *Z = B.CreateMul(readSreg(B, nvvm_read_ptx_sreg_ctaid_z),
                         readSreg(B, nvvm_read_ptx_sreg_nctaid_y));
  Value *ZY = B.CreateAdd(Z, readSreg(B, nvvm_read_ptx_sreg_ctaid_y));
  return B.CreateAdd(B.CreateMul(ZY, readSreg(B, nvvm_read_ptx_sreg_nctaid_x)),
                     readSreg(B, nvvm_read_ptx_sreg_ctaid_x), "energy.gpu.block");
}

Value *NvptxRows::threadInBlock(IRBuilder<> &B, Value *&BlockSize) {
  using namespace Intrinsic;
  Value *NX = readSreg(B, nvvm_read_ptx_sreg_ntid_x);
  Value *NY = readSreg(B, nvvm_read_ptx_sreg_ntid_y);
  BlockSize = B.CreateMul(B.CreateMul(NX, NY), readSreg(B, nvvm_read_ptx_sreg_ntid_z),
                          "energy.gpu.block_size");
  Value *Z = B.CreateMul(readSreg(B, nvvm_read_ptx_sreg_tid_z), NY);
  Value *ZY = B.CreateAdd(Z, readSreg(B, nvvm_read_ptx_sreg_tid_y));
  return B.CreateAdd(B.CreateMul(ZY, NX), readSreg(B, nvvm_read_ptx_sreg_tid_x),
                     "energy.gpu.in_block");
}

void NvptxRows::addRowPointer(Function &F, uint32_t NumSlots) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  Value *Rows = B.CreateLoad(B.getPtrTy(), RowsGlobal, "energy.gpu.rows");
  Value *Block = linearBlock(B);
  Value *BlockSize = nullptr;
  Value *InBlock = threadInBlock(B, BlockSize);
  Value *Thread = B.CreateAdd(B.CreateMul(Block, BlockSize), InBlock, "energy.gpu.thread");
  Value *Lane = nullptr;
  if (Options.GpuMode == ENERGY_GPU_MODE_WARP) {
    Lane =
        B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {}, {}, nullptr, "energy.gpu.lane");
    Thread = B.CreateSub(Thread, B.CreateZExt(Lane, B.getInt64Ty()), "energy.gpu.first_lane");
  }
  Value *Row =
      B.CreateGEP(B.getInt64Ty(), Rows,
                  B.CreateMul(Thread, B.getInt64(NumSlots), "energy.gpu.offset"), "energy.gpu.row");
  Value *Enabled = B.CreateIsNotNull(Rows, "energy.gpu.on");
  if (Options.GpuMode == ENERGY_GPU_MODE_SAMPLE) {
    Value *Sampled = B.CreateICmpEQ(B.CreateURem(Block, B.getInt64(Options.GpuSampleEvery)),
                                    B.getInt64(0), "energy.gpu.sampled");
    Enabled = B.CreateAnd(Enabled, Sampled, "energy.gpu.on");
  }
  States[&F] = {Row, Enabled, Lane};
}

void NvptxRows::count(BasicBlock &BB, uint32_t Slot) {
  const RowState &State = States.lookup(BB.getParent());
  Instruction *Point = afterRowComputation(BB, State.Enabled);
  IRBuilder<> B(Point);
  Value *Condition = State.Enabled;
  Value *Active = nullptr;
  if (State.Lane) {
    Value *Mask = B.CreateIntrinsic(Intrinsic::nvvm_activemask, {}, {}, nullptr, "energy.gpu.mask");
    Value *Leader =
        B.CreateBinaryIntrinsic(Intrinsic::cttz, Mask, B.getTrue(), nullptr, "energy.gpu.leader");
    Condition = B.CreateAnd(Condition, B.CreateICmpEQ(State.Lane, Leader, "energy.gpu.is_leader"),
                            "energy.gpu.go");
    Active = B.CreateZExt(B.CreateUnaryIntrinsic(Intrinsic::ctpop, Mask), B.getInt64Ty(),
                          "energy.gpu.active");
  }
  Instruction *Then = SplitBlockAndInsertIfThen(Condition, Point, false);
  Then->getParent()->setName("energy.gpu.counting");
  B.SetInsertPoint(Then);
  Value *Counter = B.CreateConstInBoundsGEP1_32(B.getInt64Ty(), State.Row, Slot, "energy.gpu.slot");
  if (Active) {
    B.CreateAtomicRMW(AtomicRMWInst::Add, Counter, Active, Align(8), AtomicOrdering::Monotonic);
    return;
  }
  Value *Old = B.CreateLoad(B.getInt64Ty(), Counter, "energy.gpu.count");
  B.CreateStore(B.CreateAdd(Old, B.getInt64(1), "energy.gpu.next"), Counter);
}

void NvptxRows::describeKernel(const Function &Kernel, const DeviceBlockPlan &Plan) {
  json::Array Edges;
  for (const DeviceEdge &Edge : Plan.Edges)
    Edges.push_back(json::Array{Edge.FromId, Edge.ToId, Edge.Slot});
  Expected<json::Value> Blocks = json::parse(Plan.BlocksJson);
  cantFail(Blocks.takeError());
  Kernels.push_back(json::Object{{"name", Kernel.getName()},
                                 {"mode", Options.GpuMode},
                                 {"sample_every", Options.GpuSampleEvery},
                                 {"num_blocks", Plan.Blocks.size()},
                                 {"num_slots", Plan.NumSlots},
                                 {"edges", std::move(Edges)},
                                 {"blocks", std::move(*Blocks)}});
}

void NvptxRows::emitTable() {
  LLVMContext &Ctx = M.getContext();
  std::string Text;
  raw_string_ostream(Text) << json::Value(json::Object{{"format", ENERGY_GPU_TABLE_FORMAT},
                                                       {"version", ENERGY_GPU_TABLE_VERSION},
                                                       {"kernels", std::move(Kernels)}});
  Constant *Data = ConstantDataArray::getString(Ctx, Text, false);
  auto *Table = new GlobalVariable(M, Data->getType(), true, GlobalValue::InternalLinkage, Data,
                                   ENERGY_GPU_TABLE_SYMBOL, nullptr, GlobalValue::NotThreadLocal,
                                   GlobalAddressSpace);
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  auto *RefTy = StructType::get(Ctx, {Ptr, Type::getInt64Ty(Ctx)});
  Constant *Ref =
      ConstantStruct::get(RefTy, {ConstantExpr::getAddrSpaceCast(Table, Ptr),
                                  ConstantInt::get(Type::getInt64Ty(Ctx), Text.size())});
  auto *RefGV = new GlobalVariable(M, RefTy, true, GlobalValue::ExternalLinkage, Ref,
                                   ENERGY_GPU_TABLE_REF_SYMBOL, nullptr,
                                   GlobalValue::NotThreadLocal, GlobalAddressSpace);
  appendToUsed(M, {RowsGlobal, RefGV});
}

} // namespace energy
