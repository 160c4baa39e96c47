; A vector FP operation whose result is only kept under a mask (it feeds a
; masked store, or the true side of a select on the mask, directly or through
; other vector FP operations) counts only the mask's set lanes, as in a
; tail-folded vectorised loop: popcount(mask) lanes are added to a dynamic
; FLOP slot (precision, kind, width, and scale = FLOPs per lane) at the end of
; the block, where the mask is available. Unmasked uses count every lane.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-spanning-tree=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare <4 x double> @llvm.fmuladd.v4f64(<4 x double>, <4 x double>, <4 x double>)
declare void @llvm.masked.store.v4f64.p0(<4 x double>, ptr, i32, <4 x i1>)

define <8 x float> @masked(ptr %p, <4 x double> %a, <4 x i1> %m, <8 x float> %x, <8 x i1> %n, <8 x float> %acc) #0 {
  %f = call <4 x double> @llvm.fmuladd.v4f64(<4 x double> %a, <4 x double> %a, <4 x double> %a)
  %g = fadd <4 x double> %f, %a
  call void @llvm.masked.store.v4f64.p0(<4 x double> %g, ptr %p, i32 8, <4 x i1> %m)
  %s = fadd <8 x float> %acc, %x
  %r = select <8 x i1> %n, <8 x float> %s, <8 x float> %acc
  %free = fmul <8 x float> %r, %r
  ret <8 x float> %free
}

; Static: only the unmasked <8 x float> fmul (8 mul, 256 bits).
; CHECK: @__energy_blocks = private constant [1 x %energy.block] [%energy.block { i32 0, i32 0, %energy.cost { [3 x [7 x i32]] {{\[\[}}7 x i32] zeroinitializer, [7 x i32] [i32 0, i32 8, i32 0, i32 0, i32 0, i32 0, i32 0], [7 x i32] zeroinitializer], [4 x i32] [i32 0, i32 0, i32 8, i32 0],
; Dynamic: masked-store bytes; double fma x2 and double add/sub under %m; float add/sub under %n.
; CHECK: @__energy_dynamic = private constant [4 x %energy.dynamic_counter] [%energy.dynamic_counter { i32 0, i8 2, i8 2, i8 4, i8 2, i32 2 }, %energy.dynamic_counter { i32 0, i8 2, i8 2, i8 0, i8 2, i32 1 }, %energy.dynamic_counter { i32 0, i8 1, i8 0, i8 0, i8 0, i32 1 }, %energy.dynamic_counter { i32 0, i8 2, i8 1, i8 0, i8 2, i32 1 }]

; CHECK-LABEL: define <8 x float> @masked(
; CHECK:         %free = fmul <8 x float> %r, %r
; CHECK-NEXT:    [[B1:%.*]] = bitcast <4 x i1> %m to i4
; CHECK-NEXT:    [[P1:%.*]] = call i4 @llvm.ctpop.i4(i4 [[B1]])
; CHECK-NEXT:    [[L1:%.*]] = zext i4 [[P1]] to i64
; CHECK-NEXT:    [[A1:%.*]] = mul i64 [[L1]], 1
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters, i64 1
; CHECK:         bitcast <8 x i1> %n to i8
; CHECK:         getelementptr inbounds i64, ptr %energy.counters, i64 4
; CHECK:         ret <8 x float> %free

; llvm.fmuladd is one FMA only where the target has FMA (see cost-selected-fp.ll).
attributes #0 = { "target-features"="+fma" }
