; Masked loads and stores count only their active lanes: with a run-time
; mask, popcount(mask) x element size is added to a dynamic counter slot
; (after the block counters); with a constant mask the count is static.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare <4 x double> @llvm.masked.load.v4f64.p0(ptr, i32, <4 x i1>, <4 x double>)
declare void @llvm.masked.store.v8f32.p0(<8 x float>, ptr, i32, <8 x i1>)

define void @masked(ptr %p, <4 x i1> %m, <8 x i1> %n, <8 x float> %v) {
  %x = call <4 x double> @llvm.masked.load.v4f64.p0(ptr %p, i32 8, <4 x i1> %m, <4 x double> zeroinitializer)
  call void @llvm.masked.store.v8f32.p0(<8 x float> %v, ptr %p, i32 4, <8 x i1> %n)
  %y = call <4 x double> @llvm.masked.load.v4f64.p0(ptr %p, i32 8, <4 x i1> <i1 1, i1 0, i1 1, i1 0>, <4 x double> zeroinitializer)
  ret void
}

; Two dynamic slots (1 and 2, after block 0): bytes loaded, bytes stored.
; CHECK: @__energy_counters = internal thread_local global [3 x i64] zeroinitializer
; The constant mask loads 2 lanes of 8 bytes statically.
; CHECK: @__energy_blocks = private constant [1 x %energy.block] [%energy.block { i32 0, i32 0, %energy.cost { [3 x [7 x i32]] zeroinitializer, [4 x i32] zeroinitializer, i64 16, i64 0, i32 4, i32 0, i32 0, i32 0 } }]
; CHECK: @__energy_dynamic = private constant [2 x %energy.dynamic_counter] [%energy.dynamic_counter { i32 0, i8 0, i8 0, i8 0, i8 0, i32 1 }, %energy.dynamic_counter { i32 0, i8 1, i8 0, i8 0, i8 0, i32 1 }]

; CHECK-LABEL: define void @masked(
; CHECK:      %energy.counters = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK:      [[BITS:%.*]] = bitcast <4 x i1> %m to i4
; CHECK-NEXT: [[POP:%.*]] = call i4 @llvm.ctpop.i4(i4 [[BITS]])
; CHECK-NEXT: [[LANES:%.*]] = zext i4 [[POP]] to i64
; CHECK-NEXT: [[BYTES:%.*]] = mul i64 [[LANES]], 8
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds i64, ptr %energy.counters, i64 1
; CHECK-NEXT: [[OLD:%.*]] = load i64, ptr [[SLOT]], align 8
; CHECK-NEXT: [[NEW:%.*]] = add i64 [[OLD]], [[BYTES]]
; CHECK-NEXT: store i64 [[NEW]], ptr [[SLOT]], align 8
; CHECK-NEXT: call <4 x double> @llvm.masked.load.v4f64.p0(
; CHECK-NEXT: [[BITS2:%.*]] = bitcast <8 x i1> %n to i8
; CHECK-NEXT: [[POP2:%.*]] = call i8 @llvm.ctpop.i8(i8 [[BITS2]])
; CHECK-NEXT: [[LANES2:%.*]] = zext i8 [[POP2]] to i64
; CHECK-NEXT: [[BYTES2:%.*]] = mul i64 [[LANES2]], 4
; CHECK-NEXT: [[SLOT2:%.*]] = getelementptr inbounds i64, ptr %energy.counters, i64 2
; CHECK-NEXT: [[OLD2:%.*]] = load i64, ptr [[SLOT2]], align 8
; CHECK-NEXT: [[NEW2:%.*]] = add i64 [[OLD2]], [[BYTES2]]
; CHECK-NEXT: store i64 [[NEW2]], ptr [[SLOT2]], align 8
; CHECK-NEXT: call void @llvm.masked.store.v8f32.p0(
; CHECK-NEXT: call <4 x double> @llvm.masked.load.v4f64.p0(
