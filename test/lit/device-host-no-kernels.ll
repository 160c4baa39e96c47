; A host module that registers no kernel (plain host code, or a CUDA
; translation unit without kernels) is left alone, its runtime calls
; included: it needs no collector at link time.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-gpu-host-launches -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-NOT: __energy_gpu
; CHECK-NOT: energy_gpu_
; CHECK-LABEL: define internal void @__cuda_register_globals(
; CHECK-NEXT: ret void
define internal void @__cuda_register_globals(ptr %h) {
  ret void
}

; CHECK-LABEL: define i32 @main()
; CHECK-NEXT: call i32 @cudaDeviceSynchronize()
define i32 @main() {
  %1 = call i32 @cudaDeviceSynchronize()
  ret i32 %1
}

declare i32 @cudaDeviceSynchronize()
