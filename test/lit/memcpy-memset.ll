; memcpy/memmove load and store their length, memset stores it; constant
; lengths are static, others add the length to two (memset: one) dynamic
; slots at run time.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i32(ptr, ptr, i32, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define void @transfers(ptr %d, ptr %s, i64 %n, i32 %k) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 100, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 24, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i32(ptr %d, ptr %s, i32 %k, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 1, i64 %n, i1 false)
  ret void
}

; Static: 100 loaded, 124 stored. Dynamic slots 1..5: memcpy load/store,
; memmove load/store, memset store.
; CHECK: @__energy_counters = internal thread_local global [6 x i64] zeroinitializer
; CHECK: @__energy_blocks = private constant [1 x %energy.block] [%energy.block { i32 0, i32 0, %energy.cost { [3 x [7 x i32]] zeroinitializer, [4 x i32] zeroinitializer, i64 100, i64 124, i32 6, i32 0, i32 0, i32 0 } }]
; CHECK: @__energy_dynamic = private constant [5 x %energy.dynamic_counter] [%energy.dynamic_counter { i32 0, i8 0, i8 0, i8 0, i8 0, i32 1 }, %energy.dynamic_counter { i32 0, i8 1, i8 0, i8 0, i8 0, i32 1 }, %energy.dynamic_counter { i32 0, i8 0, i8 0, i8 0, i8 0, i32 1 }, %energy.dynamic_counter { i32 0, i8 1, i8 0, i8 0, i8 0, i32 1 }, %energy.dynamic_counter { i32 0, i8 1, i8 0, i8 0, i8 0, i32 1 }]

; CHECK-LABEL: define void @transfers(
; CHECK:      call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 24, i1 false)
; CHECK-NEXT: [[S1:%.*]] = getelementptr inbounds i64, ptr [[C:%.*]], i64 1
; CHECK-NEXT: [[O1:%.*]] = load i64, ptr [[S1]], align 8
; CHECK-NEXT: [[N1:%.*]] = add i64 [[O1]], %n
; CHECK-NEXT: store i64 [[N1]], ptr [[S1]], align 8
; CHECK-NEXT: [[S2:%.*]] = getelementptr inbounds i64, ptr [[C]], i64 2
; CHECK-NEXT: [[O2:%.*]] = load i64, ptr [[S2]], align 8
; CHECK-NEXT: [[N2:%.*]] = add i64 [[O2]], %n
; CHECK-NEXT: store i64 [[N2]], ptr [[S2]], align 8
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
; CHECK-NEXT: [[K:%.*]] = zext i32 %k to i64
; CHECK-NEXT: getelementptr inbounds i64, ptr [[C]], i64 3
; CHECK:      call void @llvm.memmove.p0.p0.i32(
; CHECK-NEXT: getelementptr inbounds i64, ptr [[C]], i64 5
; CHECK-NEXT: load i64
; CHECK-NEXT: add i64 {{.*}}, %n
; CHECK-NEXT: store i64
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr %d, i8 1, i64 %n, i1 false)
