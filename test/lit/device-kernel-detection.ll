; Device mode finds kernels by LLVM 19's nvvm.annotations marker ("kernel" = 1)
; and by the ptx_kernel calling convention; other device functions, and
; entries whose "kernel" value is not 1, are not kernels.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: @__energy_gpu_rows = addrspace(1) externally_initialized global ptr null
; CHECK: @__energy_gpu_table = internal addrspace(1) constant {{.*}}\22name\22:\22annotated\22{{.*}}\22name\22:\22by_cc\22
; CHECK-NOT: \22name\22:\22not_a_kernel\22
; CHECK: @__energy_gpu_table_ref = addrspace(1) constant { ptr, i64 }
; CHECK: @llvm.used = {{.*}}@__energy_gpu_rows{{.*}}@__energy_gpu_table_ref

; CHECK-LABEL: define void @annotated(
; CHECK-NEXT: entry:
; CHECK-NEXT: %energy.gpu.rows = load ptr, ptr addrspace(1) @__energy_gpu_rows
define void @annotated(ptr %p) {
entry:
  store float 1.0, ptr %p
  ret void
}

; CHECK-LABEL: define ptx_kernel void @by_cc(
; CHECK-NEXT: entry:
; CHECK-NEXT: %energy.gpu.rows = load
define ptx_kernel void @by_cc(ptr %p) {
entry:
  store float 2.0, ptr %p
  ret void
}

; CHECK-LABEL: define void @not_a_kernel(
; CHECK-NEXT: entry:
; CHECK-NEXT: store float 3.0
define void @not_a_kernel(ptr %p) {
entry:
  store float 3.0, ptr %p
  ret void
}

; CHECK-LABEL: define void @helper(
; CHECK-NEXT: store float 4.0
define void @helper(ptr %p) {
  store float 4.0, ptr %p
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @annotated, !"kernel", i32 1}
!1 = !{ptr @not_a_kernel, !"kernel", i32 0}
