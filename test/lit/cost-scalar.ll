; Scalar FLOPs by precision and kind, bytes of loads and stores, instruction,
; branch and call counts of one block.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @g()

define double @scalar(ptr %p, float %f, half %h) {
entry:
  %x = load double, ptr %p
  %a = fadd double %x, 1.0
  %s = fsub double %a, %x
  %m = fmul double %s, %s
  %d = fdiv double %m, 3.0
  %n = fneg double %d
  %ff = fmul float %f, %f
  %hh = fadd half %h, %h
  %c = fcmp olt double %n, 0.0
  %conv = fpext float %ff to double
  store float %ff, ptr %p
  call void @g()
  br i1 %c, label %t, label %e
t:
  ret double %conv
e:
  ret double %n
}

; Block "entry": double {addsub 2, mul 1, div 1}, float {mul 1}, half {addsub 1};
; all 6 scalar; 8 bytes loaded, 4 stored; 13 instructions, 1 branch, 1 call.
; CHECK: @__energy_blocks = private constant [3 x %energy.block]
; CHECK-SAME: [%energy.block { i32 0, i32 0, %energy.cost {
; CHECK-SAME: [3 x [7 x i32]] [
; CHECK-SAME: [7 x i32] [i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0],
; CHECK-SAME: [7 x i32] [i32 0, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0],
; CHECK-SAME: [7 x i32] [i32 2, i32 1, i32 1, i32 0, i32 0, i32 0, i32 0]],
; CHECK-SAME: [4 x i32] [i32 6, i32 0, i32 0, i32 0],
; CHECK-SAME: i64 8, i64 4, i32 13, i32 1, i32 1, i32 0 } },
; Blocks "t" and "e": one ret each, nothing else.
; CHECK-SAME: %energy.block { i32 0, i32 0, %energy.cost { [3 x [7 x i32]] zeroinitializer, [4 x i32] zeroinitializer, i64 0, i64 0, i32 1, i32 0, i32 0, i32 0 } },
; CHECK-SAME: %energy.block { i32 0, i32 0, %energy.cost { [3 x [7 x i32]] zeroinitializer, [4 x i32] zeroinitializer, i64 0, i64 0, i32 1, i32 0, i32 0, i32 0 } }]
