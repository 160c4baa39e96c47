; Footprint sampling of vector accesses: a masked load or store tests the
; lines of its whole vector (a 64-byte vector at 8-byte alignment may touch
; two); a gather or scatter tests each lane's line, only for active lanes.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-footprint -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare <8 x double> @llvm.masked.load.v8f64.p0(ptr, i32, <8 x i1>, <8 x double>)
declare <2 x double> @llvm.masked.gather.v2f64.v2p0(<2 x ptr>, i32, <2 x i1>, <2 x double>)

; CHECK-LABEL: define <8 x double> @masked(
; CHECK:         [[ADDR:%.*]] = ptrtoint ptr %p to i64
; CHECK-NEXT:    [[FIRST:%.*]] = lshr i64 [[ADDR]], 6
; CHECK-NEXT:    [[END:%.*]] = add i64 [[ADDR]], 63
; CHECK-COUNT-2: call void @__energy_footprint_sample(
; CHECK:         call <8 x double> @llvm.masked.load.v8f64.p0(
define <8 x double> @masked(ptr %p, <8 x i1> %m) {
  %v = call <8 x double> @llvm.masked.load.v8f64.p0(ptr %p, i32 8, <8 x i1> %m, <8 x double> zeroinitializer)
  ret <8 x double> %v
}

; CHECK-LABEL: define <2 x double> @gather(
; CHECK:         [[P0:%.*]] = extractelement <2 x ptr> %ptrs, i64 0
; CHECK-NEXT:    [[M0:%.*]] = extractelement <2 x i1> %m, i64 0
; CHECK-NEXT:    [[A0:%.*]] = ptrtoint ptr [[P0]] to i64
; CHECK-NEXT:    [[L0:%.*]] = lshr i64 [[A0]], 6
; CHECK-NEXT:    [[H0:%.*]] = mul i64 [[L0]], -7046029254386353131
; CHECK-NEXT:    [[S0:%.*]] = icmp ult i64 [[H0]], 288230376151711743
; CHECK-NEXT:    [[ON0:%.*]] = and i1 [[M0]], [[S0]]
; CHECK-NEXT:    br i1 [[ON0]]
; CHECK:         call void @__energy_footprint_sample(i64 [[L0]], i64 64)
; CHECK:         [[P1:%.*]] = extractelement <2 x ptr> %ptrs, i64 1
; CHECK-NEXT:    [[M1:%.*]] = extractelement <2 x i1> %m, i64 1
; CHECK:         call void @__energy_footprint_sample(
; CHECK:         call <2 x double> @llvm.masked.gather.v2f64.v2p0(
define <2 x double> @gather(<2 x ptr> %ptrs, <2 x i1> %m) {
  %v = call <2 x double> @llvm.masked.gather.v2f64.v2p0(<2 x ptr> %ptrs, i32 8, <2 x i1> %m, <2 x double> zeroinitializer)
  ret <2 x double> %v
}
