; With -energy-min-instructions=N, functions with fewer IR instructions and no
; loop are counted but not timed: they keep their region entry and block
; counters and get no enter/exit calls. Functions with a loop, or with N or
; more instructions, are timed.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-loops=false -energy-min-instructions=4 -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-loops=false -energy-min-instructions=0 -S %s | FileCheck %s --check-prefix=ALL

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @tiny(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define i32 @big(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %a
  %c = sub i32 %b, %x
  ret i32 %c
}

define void @small_loop(i1 %c) {
entry:
  br label %loop
loop:
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; All three stay in the tables.
; CHECK: @__energy_regions = private constant [3 x %energy.region]
; CHECK-LABEL: define i32 @tiny(
; CHECK-NEXT:    %energy.counters = call {{.*}}@llvm.threadlocal.address.p0(
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters, i64 0
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
; CHECK-NEXT:    %y = add i32 %x, 1
; CHECK-NEXT:    ret i32 %y
; CHECK-LABEL: define i32 @big(
; CHECK-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 1)
; CHECK:         call void @__energy_region_exit(ptr @__energy_module, i32 1)
; CHECK-LABEL: define void @small_loop(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 2)

; ALL-LABEL: define i32 @tiny(
; ALL-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 0)
