; fmuladd and fma count 2 FLOPs per lane; sqrt, min/max and the math
; library's calls count one FLOP of their kind; fneg, fabs and conversions
; are not FLOPs.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare double @llvm.fmuladd.f64(double, double, double)
declare float @llvm.fma.f32(float, float, float)
declare double @llvm.sqrt.f64(double)
declare double @llvm.maxnum.f64(double, double)
declare double @llvm.fabs.f64(double)
declare double @sqrt(double)
declare double @exp(double)

define double @math(double %x, float %y) #0 {
  %a = call double @llvm.fmuladd.f64(double %x, double %x, double %x)
  %b = call float @llvm.fma.f32(float %y, float %y, float %y)
  %c = call double @llvm.sqrt.f64(double %a)
  %d = call double @llvm.maxnum.f64(double %c, double %x)
  %e = call double @llvm.fabs.f64(double %d)
  %f = call double @sqrt(double %e)
  %g = call double @exp(double %f)
  %h = fpext float %b to double
  %i = fadd double %g, %h
  ret double %i
}

; double: addsub 1, sqrt 2 (intrinsic and libm), fma 2, minmax 1, other 1 (exp);
; float: fma 2. All 9 scalar. 10 instructions, 2 calls (sqrt, exp).
; CHECK: @__energy_blocks = private constant [1 x %energy.block] [%energy.block { i32 0, i32 0, %energy.cost {
; CHECK-SAME: [3 x [7 x i32]] [
; CHECK-SAME: [7 x i32] zeroinitializer,
; CHECK-SAME: [7 x i32] [i32 0, i32 0, i32 0, i32 0, i32 2, i32 0, i32 0],
; CHECK-SAME: [7 x i32] [i32 1, i32 0, i32 0, i32 2, i32 2, i32 1, i32 1]],
; CHECK-SAME: [4 x i32] [i32 9, i32 0, i32 0, i32 0],
; CHECK-SAME: i64 0, i64 0, i32 10, i32 0, i32 2, i32 0 } }]

; llvm.fmuladd is one FMA only where the target has FMA (see cost-selected-fp.ll).
attributes #0 = { "target-features"="+fma" }
