; At -O2 the inliner folds __cuda_register_globals into the module
; constructor before the host step runs: the registrations are found there.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-gpu-host-launches -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

@kernel.name = private constant [11 x i8] c"_Z6kernelv\00"
@__cuda_gpubin_handle = internal global ptr null
@__cuda_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } zeroinitializer

define void @_Z21__device_stub__kernelv() {
  ret void
}

; CHECK-LABEL: define internal void @__cuda_module_ctor()
; CHECK-NEXT: %h = call ptr @__cudaRegisterFatBinary(ptr @__cuda_fatbin_wrapper)
; CHECK-NEXT: store ptr %h, ptr @__cuda_gpubin_handle
; CHECK-NEXT: call void @__cudaRegisterVar(ptr %h, ptr @__energy_gpu_rows.host,
; CHECK-NEXT: call void @__cudaRegisterVar(ptr %h, ptr @__energy_gpu_table_ref.host,
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %h, ptr @_Z21__device_stub__kernelv,
; CHECK-NEXT: call void @energy_gpu_register_kernel(ptr @_Z21__device_stub__kernelv, ptr @kernel.name, ptr @__energy_gpu_rows.host, ptr @__energy_gpu_table_ref.host)
; CHECK-NEXT: call void @__cudaRegisterFatBinaryEnd(ptr %h)
define internal void @__cuda_module_ctor() {
  %h = call ptr @__cudaRegisterFatBinary(ptr @__cuda_fatbin_wrapper)
  store ptr %h, ptr @__cuda_gpubin_handle
  %1 = call i32 @__cudaRegisterFunction(ptr %h, ptr @_Z21__device_stub__kernelv, ptr @kernel.name, ptr @kernel.name, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  call void @__cudaRegisterFatBinaryEnd(ptr %h)
  ret void
}

declare ptr @__cudaRegisterFatBinary(ptr)
declare void @__cudaRegisterFatBinaryEnd(ptr)
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
