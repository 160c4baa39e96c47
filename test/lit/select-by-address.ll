; Under sampled timing a function too small for markers (rule 4 of Selection.h: no loop, fewer
; than -energy-min-instructions IR instructions) is found by the sampled program counter: its
; address goes into energy_module.region_functions at its region's index, and its body gets no
; push. Functions left untimed by rules 1 to 3 (here the standard library's) are not found so,
; nor are definitions the linker may replace with another module's copy (linkonce_odr, weak);
; nor is any function under exact timing or with regions off. Timed functions are pushed.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -S %s | FileCheck %s --check-prefix=NONE
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-regions=false -S %s | FileCheck %s --check-prefix=NONE

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @tiny(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @tiny_static(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}

define linkonce_odr i32 @tiny_inline(i32 %x) {
  %y = sub i32 %x, 1
  ret i32 %y
}

define weak i32 @tiny_weak(i32 %x) {
  %y = xor i32 %x, 1
  ret i32 %y
}

; std::vector<int>::size()
define i64 @_ZNSt6vectorIiE4sizeEv(ptr %v) {
  ret i64 0
}

define void @looping(i1 %c) {
entry:
  br label %loop
loop:
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Regions: tiny, tiny_static, tiny_inline, tiny_weak, size, looping and its loop.
; CHECK: @__energy_region_functions = private constant [7 x ptr] [ptr @tiny, ptr @tiny_static, ptr null, ptr null, ptr null, ptr null, ptr null], align 8
; CHECK: @__energy_module = internal global %energy.module { i32 8, {{.*}}, ptr @__energy_region_body_hashes, ptr @__energy_region_functions }
; CHECK-LABEL: define i32 @tiny(
; CHECK-NOT:     @__energy_region_stack
; CHECK:         ret i32
; CHECK-LABEL: define void @looping(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call ptr @llvm.threadlocal.address.p0(ptr @__energy_region_stack)

; NONE: @__energy_module = internal global %energy.module { i32 8, {{.*}}, ptr null }
; NONE-NOT: @__energy_region_functions
