//===- DeviceKernels.cpp - Finding CUDA kernels and their device functions ===//
//
// See DeviceKernels.h. Kernels are found three ways: the LLVM 19
// `nvvm.annotations` marker !{ptr @k, !"kernel", i32 1}, the `ptx_kernel`
// calling convention, and (emulated builds) llvm.global.annotations entries
// with the string "energy_cuda_kernel".
//
//===----------------------------------------------------------------------===//
#include "DeviceKernels.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace energy {
namespace {

constexpr StringLiteral KernelAnnotation = "energy_cuda_kernel";

bool isNvvmKernelMarker(const MDNode &Entry) {
  if (Entry.getNumOperands() < 3)
    return false;
  auto *Key = dyn_cast<MDString>(Entry.getOperand(1));
  auto *Value = mdconst::dyn_extract_or_null<ConstantInt>(Entry.getOperand(2));
  return Key && Key->getString() == "kernel" && Value && Value->isOne();
}

SmallPtrSet<Function *, 8> nvvmAnnotatedKernels(Module &M) {
  SmallPtrSet<Function *, 8> Kernels;
  if (NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations"))
    for (MDNode *Entry : Annotations->operands())
      if (isNvvmKernelMarker(*Entry))
        if (auto *F = mdconst::dyn_extract_or_null<Function>(Entry->getOperand(0)))
          Kernels.insert(F);
  return Kernels;
}

SmallPtrSet<Function *, 8> annotatedKernels(Module &M) {
  SmallPtrSet<Function *, 8> Kernels;
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Kernels;
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return Kernels;
  for (Value *Op : Entries->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    auto *Text = dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    if (!F || !Text || !Text->hasInitializer())
      continue;
    auto *Data = dyn_cast<ConstantDataSequential>(Text->getInitializer());
    if (Data && Data->isCString() && Data->getAsCString() == KernelAnnotation)
      Kernels.insert(F);
  }
  return Kernels;
}

/// Functions that are the emulator's stand-ins for GPU instructions and
/// built-in variables, or compiler-made TLS wrappers around them.
bool isEmulatorFunction(const Function &F) {
  StringRef Name = F.getName();
  return Name.starts_with("_ZN14energy_cuda_emu") || Name.starts_with("_ZTW") ||
         Name.starts_with("_ZTH") || Name.starts_with("energy_");
}

bool isDeviceCallee(const Function &F) {
  return !F.isDeclaration() && !F.isIntrinsic() && !isEmulatorFunction(F) &&
         !F.hasAvailableExternallyLinkage();
}

SetVector<Function *> reachableCallees(Function &Kernel) {
  SetVector<Function *> Reached;
  SmallVector<Function *, 8> Work{&Kernel};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    for (Instruction &I : instructions(*F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction())
          if (Callee != &Kernel && isDeviceCallee(*Callee) && Reached.insert(Callee))
            Work.push_back(Callee);
  }
  return Reached;
}

} // namespace

SmallVector<Function *, 4> findNvptxKernels(Module &M) {
  SmallPtrSet<Function *, 8> Annotated = nvvmAnnotatedKernels(M);
  SmallVector<Function *, 4> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() &&
        (Annotated.contains(&F) || F.getCallingConv() == CallingConv::PTX_Kernel))
      Kernels.push_back(&F);
  return Kernels;
}

SmallVector<Function *, 4> findEmulatedKernels(Module &M) {
  SmallPtrSet<Function *, 8> Annotated = annotatedKernels(M);
  SmallVector<Function *, 4> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() && Annotated.contains(&F))
      Kernels.push_back(&F);
  return Kernels;
}

bool keepEmulatedKernelsOutOfLine(Module &M) {
  bool Changed = false;
  for (Function *F : findEmulatedKernels(M)) {
    if (F->hasFnAttribute(Attribute::NoInline))
      continue;
    F->removeFnAttr(Attribute::AlwaysInline);
    F->addFnAttr(Attribute::NoInline);
    Changed = true;
  }
  return Changed;
}

SmallVector<Function *, 4> cloneKernelCallees(Function &Kernel) {
  SetVector<Function *> Callees = reachableCallees(Kernel);
  // Layout order, so that the numbering does not depend on call order.
  SmallVector<Function *, 4> Ordered;
  for (Function &F : *Kernel.getParent())
    if (Callees.contains(&F))
      Ordered.push_back(&F);

  DenseMap<Function *, Function *> CloneOf;
  for (Function *Callee : Ordered) {
    ValueToValueMapTy Map;
    Function *Clone = CloneFunction(Callee, Map);
    Clone->setName(Callee->getName() + ".energy_gpu." + Kernel.getName());
    Clone->setLinkage(GlobalValue::InternalLinkage);
    Clone->setVisibility(GlobalValue::DefaultVisibility);
    Clone->setComdat(nullptr);
    CloneOf[Callee] = Clone;
  }
  SmallVector<Function *, 4> Functions{&Kernel};
  for (Function *Callee : Ordered)
    Functions.push_back(CloneOf[Callee]);
  for (Function *F : Functions)
    for (Instruction &I : instructions(*F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Clone = CloneOf.lookup(Call->getCalledFunction()))
          Call->setCalledFunction(Clone);
  // Copies replaced originals only the kernel called.
  for (Function *Callee : Ordered)
    if (Callee->hasLocalLinkage() && Callee->use_empty())
      Callee->eraseFromParent();
  return Functions;
}

} // namespace energy
