; A function left untimed (here by annotate("energy_no_region") in
; llvm.global.annotations) gets no markers for itself or its loops, even with
; -energy-loops; its blocks stay counted in its own region, and the counters of
; its call-free loop still live in registers.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-loops -energy-trip-counts=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.str = private unnamed_addr constant [17 x i8] c"energy_no_region\00", section "llvm.metadata"
@.file = private unnamed_addr constant [6 x i8] c"x.cpp\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @quiet, ptr @.str, ptr @.file, i32 3, ptr null }], section "llvm.metadata"

define void @quiet(i32 %n) {
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

; One region (the function), three counted blocks, all owned by it.
; CHECK: @__energy_regions = private constant [1 x %energy.region]
; CHECK: @__energy_blocks = private constant [3 x %energy.block] [%energy.block { i32 0, {{.*}} }, %energy.block { i32 0, {{.*}} }, %energy.block { i32 0, {{.*}} }]
; CHECK-LABEL: define void @quiet(
; CHECK-NOT:     call void @__energy_region
; CHECK:       loop:
; CHECK-NEXT:    phi i64
; CHECK-NOT:     call void @__energy_region
; CHECK:         ret void
