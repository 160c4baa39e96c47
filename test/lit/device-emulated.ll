; Emulated CUDA builds: kernels are host functions annotated
; "energy_cuda_kernel". Device mode gives each thread its row through
; energy_gpu_emu_row and a constant descriptor (energy_gpu/abi.h); the
; kernel is left out of the host tables, other host code is instrumented as
; before.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.str = private unnamed_addr constant [19 x i8] c"energy_cuda_kernel\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @kern, ptr @.str, ptr null, i32 0, ptr null }], section "llvm.metadata"

; Descriptor: ABI 1, thread mode, sample 16, 3 blocks, 4 slots (entry->done
; is critical), 3 edges.
; CHECK: @__energy_gpu_kernel.kern.edges = private unnamed_addr constant [9 x i32] [i32 0, i32 1, i32 1, i32 0, i32 2, i32 3, i32 1, i32 2, i32 1]
; CHECK: @__energy_gpu_kernel.kern = private constant { i32, i32, i32, i32, i32, i32, ptr, ptr, ptr } { i32 1, i32 0, i32 16, i32 3, i32 4, i32 3, ptr @__energy_gpu_kernel.kern.name, ptr @__energy_gpu_kernel.kern.blocks, ptr @__energy_gpu_kernel.kern.edges }
; Only @host is a host region.
; CHECK: @__energy_regions = private constant [1 x %energy.region]

; CHECK-LABEL: define void @kern(
; CHECK-NEXT: entry:
; CHECK-NEXT: %energy.gpu.row = call ptr @energy_gpu_emu_row(ptr @__energy_gpu_kernel.kern)
; CHECK-NEXT: %energy.gpu.slot = getelementptr inbounds i64, ptr %energy.gpu.row, i32 0
; CHECK-NEXT: %energy.gpu.count = load i64, ptr %energy.gpu.slot
; CHECK-NEXT: %energy.gpu.next = add i64 %energy.gpu.count, 1
; CHECK-NEXT: store i64 %energy.gpu.next, ptr %energy.gpu.slot
; CHECK-NOT: __energy_counters
; CHECK: energy.gpu.edge:
; CHECK-NEXT: getelementptr inbounds i64, ptr %energy.gpu.row, i32 3
define void @kern(ptr %out, i32 %n, i32 %i) {
entry:
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %done
body:
  store i32 %i, ptr %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @host(
; CHECK: @__energy_counters
; CHECK: call void @kern(
define void @host() {
  call void @kern(ptr null, i32 1, i32 0)
  ret void
}

; CHECK: declare ptr @energy_gpu_emu_row(ptr) #[[ATTR:[0-9]+]]
; CHECK: attributes #[[ATTR]] = { nounwind }
