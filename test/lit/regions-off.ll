; -energy-regions=false keeps the exact block counts and tables but emits no
; region enter/exit calls.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-regions=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @f(i32 %x) {
  ret i32 %x
}

; CHECK: @__energy_blocks = private constant [1 x %energy.block]
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:    %energy.counters = call {{.*}}ptr @llvm.threadlocal.address.p0(
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters, i64 0
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
; CHECK-NEXT:    ret i32 %x
; CHECK-NOT:   call void @__energy_region
