; Vector reductions count one FLOP per reduced lane (min/max one fewer);
; atomics count a read and a write of their operand.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare double @llvm.vector.reduce.fadd.v4f64(double, <4 x double>)
declare float @llvm.vector.reduce.fmax.v8f32(<8 x float>)

define double @reduce(ptr %p, <4 x double> %v, <8 x float> %w) {
  %s = call double @llvm.vector.reduce.fadd.v4f64(double 0.0, <4 x double> %v)
  %m = call float @llvm.vector.reduce.fmax.v8f32(<8 x float> %w)
  %old = atomicrmw add ptr %p, i64 1 seq_cst
  %pair = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
  ret double %s
}

; double addsub 4, float minmax 7, all 256 bits; 8+4 bytes each way.
; CHECK: @__energy_blocks = private constant [1 x %energy.block] [%energy.block { i32 0, i32 0, %energy.cost {
; CHECK-SAME: [3 x [7 x i32]] [
; CHECK-SAME: [7 x i32] zeroinitializer,
; CHECK-SAME: [7 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0, i32 7, i32 0],
; CHECK-SAME: [7 x i32] [i32 4, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0]],
; CHECK-SAME: [4 x i32] [i32 0, i32 0, i32 11, i32 0],
; CHECK-SAME: i64 12, i64 12, i32 5, i32 0, i32 0, i32 0 } }]
