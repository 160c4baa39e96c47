; Gathers and scatters count their active lanes at run time, like masked
; loads and stores.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr>, i32, <8 x i1>, <8 x float>)
declare void @llvm.masked.scatter.v4f64.v4p0(<4 x double>, <4 x ptr>, i32, <4 x i1>)

define void @gather(<8 x ptr> %ps, <8 x i1> %m, <4 x ptr> %qs, <4 x double> %v) {
  %x = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %ps, i32 4, <8 x i1> %m, <8 x float> zeroinitializer)
  call void @llvm.masked.scatter.v4f64.v4p0(<4 x double> %v, <4 x ptr> %qs, i32 8, <4 x i1> <i1 1, i1 1, i1 1, i1 1>)
  ret void
}

; The all-true scatter stores 4 x 8 bytes statically; the gather is dynamic.
; CHECK: @__energy_blocks = private constant [1 x %energy.block] [%energy.block { i32 0, i32 0, %energy.cost { [3 x [7 x i32]] zeroinitializer, [4 x i32] zeroinitializer, i64 0, i64 32, i32 3, i32 0, i32 0, i32 0 } }]
; CHECK: @__energy_dynamic = private constant [1 x %energy.dynamic_counter] [%energy.dynamic_counter { i32 0, i8 0, i8 0, i8 0, i8 0, i32 1 }]

; CHECK-LABEL: define void @gather(
; CHECK:      bitcast <8 x i1> %m to i8
; CHECK-NEXT: call i8 @llvm.ctpop.i8(
; CHECK-NEXT: zext i8 {{.*}} to i64
; CHECK-NEXT: mul i64 {{.*}}, 4
; CHECK-NEXT: getelementptr inbounds i64, ptr {{.*}}, i64 1
; CHECK:      call <8 x float> @llvm.masked.gather.v8f32.v8p0(
; CHECK-NEXT: call void @llvm.masked.scatter.v4f64.v4p0(
