; Footprint sampling of memcpy/memmove/memset: the runtime receives each
; range (source first, then destination) with the sample rate and tests its
; lines itself; -energy-footprint-sample sets the rate.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-footprint -energy-footprint-sample=16 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i32(ptr, ptr, i32, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; CHECK-LABEL: define void @transfers(
; CHECK-NEXT:    call void @__energy_footprint_range(ptr %s, i64 %n, i64 16)
; CHECK-NEXT:    call void @__energy_footprint_range(ptr %d, i64 %n, i64 16)
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
; CHECK-NEXT:    [[K:%.*]] = zext i32 %k to i64
; CHECK-NEXT:    call void @__energy_footprint_range(ptr %s, i64 [[K]], i64 16)
; CHECK-NEXT:    [[K2:%.*]] = zext i32 %k to i64
; CHECK-NEXT:    call void @__energy_footprint_range(ptr %d, i64 [[K2]], i64 16)
; CHECK-NEXT:    call void @llvm.memmove.p0.p0.i32(ptr %d, ptr %s, i32 %k, i1 false)
; CHECK-NEXT:    call void @__energy_footprint_range(ptr %d, i64 100, i64 16)
; CHECK-NEXT:    call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 100, i1 false)
; CHECK-NEXT:    ret void
define void @transfers(ptr %d, ptr %s, i64 %n, i32 %k) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i32(ptr %d, ptr %s, i32 %k, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 100, i1 false)
  ret void
}

; CHECK: declare void @__energy_footprint_range(ptr, i64, i64)
