; Vector operations count one FLOP per lane, split by register width; vector
; loads and stores count their full size.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare <8 x float> @llvm.fma.v8f32(<8 x float>, <8 x float>, <8 x float>)

define void @vector(ptr %p, <8 x float> %a, <2 x double> %b, <16 x float> %c) {
  %v = load <4 x double>, ptr %p
  %s = fadd <4 x double> %v, %v
  store <4 x double> %s, ptr %p
  %f = call <8 x float> @llvm.fma.v8f32(<8 x float> %a, <8 x float> %a, <8 x float> %a)
  %m = fmul <2 x double> %b, %b
  %w = fadd <16 x float> %c, %c
  ret void
}

; <4 x double> fadd: 4 double add/sub (256 bits). <8 x float> fma: 8 lanes x 2
; = 16 float FMA FLOPs (256 bits). <2 x double> fmul: 2 double mul (128 bits).
; <16 x float> fadd: 16 float add/sub (512 bits). 32 bytes loaded and stored.
; CHECK: @__energy_blocks = private constant [1 x %energy.block] [%energy.block { i32 0, i32 0, %energy.cost {
; CHECK-SAME: [3 x [7 x i32]] [
; CHECK-SAME: [7 x i32] zeroinitializer,
; CHECK-SAME: [7 x i32] [i32 16, i32 0, i32 0, i32 0, i32 16, i32 0, i32 0],
; CHECK-SAME: [7 x i32] [i32 4, i32 2, i32 0, i32 0, i32 0, i32 0, i32 0]],
; CHECK-SAME: [4 x i32] [i32 0, i32 2, i32 20, i32 16],
; CHECK-SAME: i64 32, i64 32, i32 7, i32 0, i32 0, i32 0 } }]
