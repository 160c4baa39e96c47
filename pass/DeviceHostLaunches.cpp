//===- DeviceHostLaunches.cpp - Kernel launches of a CUDA host module -----===//
//
// See DeviceHostLaunches.h. clang 19 emits, for each kernel of a CUDA
// translation unit compiled for a GPU,
//   __cudaRegisterFunction(handle, @stub, @name, @name, -1, null x5)
// in the internal `__cuda_register_globals(ptr handle)` that the module
// constructor runs, and `cudaLaunchKernel(@stub, grid.xy, grid.z, block.xy,
// block.z, args, shmem, stream)` in the stub. At -O2 the inliner has folded
// both away by the time this runs (registrations into the constructor, stubs
// into their callers), so calls are found wherever they are.
// The collector's entry points take the same arguments, so a launch is
// redirected by changing the callee only.
//
//===----------------------------------------------------------------------===//
#include "DeviceHostLaunches.h"

#include "energy_gpu/abi.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace energy {
namespace {

constexpr StringLiteral RegisterFunction = "__cudaRegisterFunction";
constexpr StringLiteral RegisterVar = "__cudaRegisterVar";
constexpr StringLiteral ShadowSuffix = ".host";

/// The CUDA runtime calls that go through the collector, and where to.
constexpr std::pair<StringLiteral, StringLiteral> Redirections[] = {
    {"cudaLaunchKernel", ENERGY_GPU_LAUNCH_FN},
    {"cudaLaunchKernel_ptsz", ENERGY_GPU_LAUNCH_PTSZ_FN},
    {"cudaDeviceSynchronize", ENERGY_GPU_SYNCHRONIZE_FN},
    {"cudaDeviceReset", ENERGY_GPU_RESET_FN},
};

/// The module's __cudaRegisterFunction calls, in the order they run: in
/// `__cuda_register_globals`, or in the module constructor once the
/// inliner has folded it in.
SmallVector<CallInst *, 4> kernelRegistrations(Module &M) {
  SmallVector<CallInst *, 4> Calls;
  Function *Register = M.getFunction(RegisterFunction);
  if (!Register || Register->use_empty())
    return Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallInst>(&I); Call && Call->getCalledOperand() == Register)
        Calls.push_back(Call);
  return Calls;
}

/// A host variable standing for the device variable `Name` of `Size` bytes;
/// internal, since every translation unit has a device module of its own.
GlobalVariable *makeShadow(Module &M, StringRef Name, uint64_t Size) {
  auto *Ty = ArrayType::get(Type::getInt8Ty(M.getContext()), Size);
  auto *GV = new GlobalVariable(M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage,
                                ConstantAggregateZero::get(Ty), Name + ShadowSuffix);
  GV->setAlignment(Align(8));
  return GV;
}

/// `__cudaRegisterVar(handle, shadow, name, name, ext=0, size, constant=0,
/// global=0)`, at the builder's insertion point.
void registerShadow(IRBuilder<> &B, Value *Handle, GlobalVariable *Shadow, StringRef DeviceName) {
  Module &M = *B.GetInsertBlock()->getModule();
  Type *I32 = B.getInt32Ty();
  FunctionCallee Fn =
      M.getOrInsertFunction(RegisterVar, B.getVoidTy(), B.getPtrTy(), B.getPtrTy(), B.getPtrTy(),
                            B.getPtrTy(), I32, B.getInt64Ty(), I32, I32);
  Constant *Name = B.CreateGlobalStringPtr(DeviceName, DeviceName + ".name");
  uint64_t Size = Shadow->getValueType()->getArrayNumElements();
  B.CreateCall(Fn, {Handle, Shadow, Name, Name, B.getInt32(0), B.getInt64(Size), B.getInt32(0),
                    B.getInt32(0)});
}

/// After each kernel's registration: energy_gpu_register_kernel(stub,
/// device name, rows shadow, table shadow).
void announceKernels(ArrayRef<CallInst *> Registrations, GlobalVariable *Rows,
                     GlobalVariable *TableRef) {
  Module &M = *Rows->getParent();
  PointerType *Ptr = PointerType::getUnqual(M.getContext());
  FunctionCallee Announce = M.getOrInsertFunction(
      ENERGY_GPU_REGISTER_KERNEL_FN, Type::getVoidTy(M.getContext()), Ptr, Ptr, Ptr, Ptr);
  for (CallInst *Registration : Registrations) {
    IRBuilder<> B(Registration->getNextNode());
    B.CreateCall(Announce,
                 {Registration->getArgOperand(1), Registration->getArgOperand(2), Rows, TableRef});
  }
}

/// Points every call of the redirected runtime functions at the collector.
void redirectRuntimeCalls(Module &M) {
  for (auto [From, To] : Redirections) {
    Function *Original = M.getFunction(From);
    if (!Original)
      continue;
    FunctionCallee Target = M.getOrInsertFunction(To, Original->getFunctionType());
    for (User *U : make_early_inc_range(Original->users()))
      if (auto *Call = dyn_cast<CallBase>(U); Call && Call->getCalledOperand() == Original)
        Call->setCalledFunction(Target);
    if (Original->isDeclaration() && Original->use_empty())
      Original->eraseFromParent();
  }
}

} // namespace

bool instrumentHostLaunches(Module &M) {
  if (M.getNamedGlobal((ENERGY_GPU_ROWS_SYMBOL + ShadowSuffix).str()))
    return false;
  SmallVector<CallInst *, 4> Registrations = kernelRegistrations(M);
  if (Registrations.empty())
    return false;

  GlobalVariable *Rows = makeShadow(M, ENERGY_GPU_ROWS_SYMBOL, sizeof(void *));
  GlobalVariable *TableRef =
      makeShadow(M, ENERGY_GPU_TABLE_REF_SYMBOL, sizeof(energy_gpu_table_ref));
  // One fat binary per module: every registration passes the same handle,
  // so the shadows go with the first.
  CallInst *First = Registrations.front();
  IRBuilder<> B(First);
  registerShadow(B, First->getArgOperand(0), Rows, ENERGY_GPU_ROWS_SYMBOL);
  registerShadow(B, First->getArgOperand(0), TableRef, ENERGY_GPU_TABLE_REF_SYMBOL);
  announceKernels(Registrations, Rows, TableRef);
  redirectRuntimeCalls(M);
  return true;
}

} // namespace energy
