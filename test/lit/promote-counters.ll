; In a loop that calls nothing the block counters live in registers: loaded
; in the preheader, incremented as SSA values, stored back in the exit block.
; A loop with a call keeps its counters in memory (the callee could be this
; function again and count the same blocks).
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-min-instructions=0 -energy-loops=false -energy-trip-counts=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @g()

define void @call_free(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @call_free(
; CHECK:       entry:
; CHECK:         [[START:%.*]] = load i64, ptr %energy.slot1, align 8
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    [[COUNT:%.*]] = phi i64 [ [[START]], %entry ], [ [[NEXT:%.*]], %loop ]
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    [[NEXT]] = add i64 [[COUNT]], 1
; CHECK-NEXT:    %next = add i32 %i, 1
; CHECK:       exit:
; CHECK:         [[SLOT:%.*]] = getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 1
; CHECK-NEXT:    store i64 [[NEXT]], ptr [[SLOT]], align 8

define void @with_call(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @g()
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @with_call(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 4
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
