; The host half of a CUDA translation unit built for a GPU (as clang 19
; emits it, stub inlined into its caller at -O2): the module constructor
; registers host shadows of the device module's __energy_gpu_rows and
; __energy_gpu_table_ref and announces each kernel to the collector; kernel
; launches and device-wide synchronisation go through the collector.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-gpu-host-launches -S %s | FileCheck %s
; Running it twice changes nothing more (the pass runs at two extension points).
; RUN: %opt -load-pass-plugin %plugin -passes=energy-gpu-host-launches,energy-gpu-host-launches -S %s | FileCheck %s --check-prefix=ONCE

target triple = "x86_64-pc-linux-gnu"

@kernel.name = private constant [11 x i8] c"_Z6kernelv\00"
@other.name = private constant [10 x i8] c"_Z5otherv\00"

; CHECK: @__energy_gpu_rows.host = internal global [8 x i8] zeroinitializer, align 8
; CHECK: @__energy_gpu_table_ref.host = internal global [16 x i8] zeroinitializer, align 8
; CHECK: @__energy_gpu_rows.name = private unnamed_addr constant [18 x i8] c"__energy_gpu_rows\00"
; CHECK: @__energy_gpu_table_ref.name = private unnamed_addr constant [23 x i8] c"__energy_gpu_table_ref\00"
; ONCE: @__energy_gpu_rows.host = internal global
; ONCE-NOT: @__energy_gpu_rows.host{{.*}} = internal global
; ONCE: call void @__cudaRegisterVar(ptr %h, ptr @__energy_gpu_rows.host,
; ONCE-NOT: call void @__cudaRegisterVar(ptr %h, ptr @__energy_gpu_rows.host,
; ONCE-COUNT-2: call void @energy_gpu_register_kernel(
; ONCE-NOT: call void @energy_gpu_register_kernel(

define void @_Z21__device_stub__kernelv() {
  ret void
}

define void @_Z20__device_stub__otherv() {
  ret void
}

; CHECK-LABEL: define internal void @__cuda_register_globals(
; CHECK-NEXT: call void @__cudaRegisterVar(ptr %h, ptr @__energy_gpu_rows.host, ptr @__energy_gpu_rows.name, ptr @__energy_gpu_rows.name, i32 0, i64 8, i32 0, i32 0)
; CHECK-NEXT: call void @__cudaRegisterVar(ptr %h, ptr @__energy_gpu_table_ref.host, ptr @__energy_gpu_table_ref.name, ptr @__energy_gpu_table_ref.name, i32 0, i64 16, i32 0, i32 0)
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %h, ptr @_Z21__device_stub__kernelv, ptr @kernel.name,
; CHECK-NEXT: call void @energy_gpu_register_kernel(ptr @_Z21__device_stub__kernelv, ptr @kernel.name, ptr @__energy_gpu_rows.host, ptr @__energy_gpu_table_ref.host)
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %h, ptr @_Z20__device_stub__otherv, ptr @other.name,
; CHECK-NEXT: call void @energy_gpu_register_kernel(ptr @_Z20__device_stub__otherv, ptr @other.name, ptr @__energy_gpu_rows.host, ptr @__energy_gpu_table_ref.host)
; CHECK-NEXT: ret void
define internal void @__cuda_register_globals(ptr %h) {
  %1 = call i32 @__cudaRegisterFunction(ptr %h, ptr @_Z21__device_stub__kernelv, ptr @kernel.name, ptr @kernel.name, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %2 = call i32 @__cudaRegisterFunction(ptr %h, ptr @_Z20__device_stub__otherv, ptr @other.name, ptr @other.name, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

; CHECK-LABEL: define i32 @main()
; CHECK: call i32 @energy_gpu_launch_kernel(ptr @_Z21__device_stub__kernelv, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
; CHECK: invoke i32 @energy_gpu_launch_kernel_ptsz(ptr @_Z20__device_stub__otherv,
; CHECK: call i32 @energy_gpu_device_synchronize()
; CHECK: call i32 @energy_gpu_device_reset()
; CHECK-NOT: @cudaLaunchKernel
; CHECK-NOT: @cudaDeviceSynchronize
define i32 @main() personality ptr @__gxx_personality_v0 {
  %args = alloca ptr
  %1 = call i32 @cudaLaunchKernel(ptr @_Z21__device_stub__kernelv, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  %2 = invoke i32 @cudaLaunchKernel_ptsz(ptr @_Z20__device_stub__otherv, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %args, i64 0, ptr null)
          to label %ok unwind label %lp
ok:
  %3 = call i32 @cudaDeviceSynchronize()
  %4 = call i32 @cudaDeviceReset()
  ret i32 %3
lp:
  %5 = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %5
}

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaLaunchKernel_ptsz(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaDeviceSynchronize()
declare i32 @cudaDeviceReset()
declare i32 @__gxx_personality_v0(...)
