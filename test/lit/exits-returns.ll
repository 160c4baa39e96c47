; The region is entered once at function entry, after the static allocas, and
; left before every return; each block counts itself once, entry first.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-min-instructions=0 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @two_returns(i1 %c) {
entry:
  %slot = alloca i32
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}

; CHECK-LABEL: define i32 @two_returns(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %slot = alloca i32
; CHECK-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 0)
; CHECK-NEXT:    %energy.counters = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT:    %energy.slot = getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 0
; CHECK-NEXT:    %energy.count = load i64, ptr %energy.slot, align 8
; CHECK-NEXT:    %energy.next = add i64 %energy.count, 1
; CHECK-NEXT:    store i64 %energy.next, ptr %energy.slot, align 8
; CHECK-NEXT:    br i1 %c, label %a, label %b
; CHECK:       a:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 1
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    ret i32 1
; CHECK:       b:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 2
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    ret i32 2

define i32 @second() {
  ret i32 0
}

; The second function is region 1 and its block slot 3.
; CHECK-LABEL: define i32 @second(
; CHECK-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 1)
; CHECK:         getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 3
; CHECK:         call void @__energy_region_exit(ptr @__energy_module, i32 1)
; CHECK-NEXT:    ret i32 0

; The markers are declared nounwind so they never need a landing pad.
; CHECK: declare void @__energy_region_enter(ptr, i32) [[ATTR:#[0-9]+]]
; CHECK: declare void @__energy_region_exit(ptr, i32) [[ATTR]]
; CHECK: attributes [[ATTR]] = { nounwind }
