; FLOPs are those of the machine code: identical pure FP operations of a block
; (what SelectionDAG's CSE merges, flags aside) count once; llvm.fmuladd is one
; FMA (2 FLOPs) where the function's target has FMA and a multiply plus an add
; otherwise, its multiply merged like any other; atomicrmw fadd/fmax count
; their operation and read and write their operand.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare double @llvm.fmuladd.f64(double, double, double)

; Two splats of %a and their multiplies are one; the fast flag does not keep
; the second apart. double: mul 2 (v128), addsub 2 (v128).
define <2 x double> @splats(double %a, <2 x double> %x) {
  %i1 = insertelement <2 x double> poison, double %a, i64 0
  %s1 = shufflevector <2 x double> %i1, <2 x double> poison, <2 x i32> zeroinitializer
  %i2 = insertelement <2 x double> poison, double %a, i64 0
  %s2 = shufflevector <2 x double> %i2, <2 x double> poison, <2 x i32> zeroinitializer
  %m1 = fmul <2 x double> %s1, %x
  %m2 = fmul fast <2 x double> %s2, %x
  %r = fadd <2 x double> %m1, %m2
  ret <2 x double> %r
}

; Default x86-64: three fmuladds of the same product are one multiply and
; three adds, then the two adds. double: addsub 5, mul 1.
define double @unfused(double %u, double %a, double %b, double %c) {
  %1 = call double @llvm.fmuladd.f64(double %u, double -2.0, double %a)
  %2 = call double @llvm.fmuladd.f64(double %u, double -2.0, double %b)
  %3 = call double @llvm.fmuladd.f64(double %u, double -2.0, double %c)
  %s = fadd double %1, %2
  %t = fadd double %s, %3
  ret double %t
}

; The same with FMA: three FMAs (6 FLOPs) and the two adds.
define double @fused(double %u, double %a, double %b, double %c) #0 {
  %1 = call double @llvm.fmuladd.f64(double %u, double -2.0, double %a)
  %2 = call double @llvm.fmuladd.f64(double %u, double -2.0, double %b)
  %3 = call double @llvm.fmuladd.f64(double %u, double -2.0, double %c)
  %s = fadd double %1, %2
  %t = fadd double %s, %3
  ret double %t
}

; `#pragma omp atomic x += 1.5` and an atomic max: addsub 1, minmax 1, and
; 8 + 4 bytes each way.
define void @atomics(ptr %p, ptr %q) {
  %old = atomicrmw fadd ptr %p, double 1.5 monotonic
  %max = atomicrmw fmax ptr %q, float 2.0 monotonic
  ret void
}

attributes #0 = { "target-features"="+fma" }

; CHECK: @__energy_blocks = private constant [4 x %energy.block] [
; CHECK-SAME: [7 x i32] [i32 2, i32 2, i32 0, i32 0, i32 0, i32 0, i32 0]], [4 x i32] [i32 0, i32 4, i32 0, i32 0],
; CHECK-SAME: [7 x i32] [i32 5, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0]], [4 x i32] [i32 6, i32 0, i32 0, i32 0],
; CHECK-SAME: [7 x i32] [i32 2, i32 0, i32 0, i32 0, i32 6, i32 0, i32 0]], [4 x i32] [i32 8, i32 0, i32 0, i32 0],
; CHECK-SAME: [7 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0, i32 1, i32 0],
; CHECK-SAME: [7 x i32] [i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0]], [4 x i32] [i32 2, i32 0, i32 0, i32 0], i64 12, i64 12,
