; Loads and stores of scalar locals that mem2reg promotes (what -O0 keeps in
; allocas and -O1+ in registers) are instructions but not bytes; accesses to
; local arrays and to escaping locals are real memory traffic.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @escape(ptr)

define double @locals(double %x) {
  %scalar = alloca double
  %array = alloca [4 x double]
  %escaped = alloca double
  store double %x, ptr %scalar
  %s = load double, ptr %scalar
  store double %s, ptr %array
  store double %s, ptr %escaped
  call void @escape(ptr %escaped)
  %e = load double, ptr %escaped
  ret double %e
}

; 8 bytes loaded (%escaped), 16 stored (%array, %escaped); 10 instructions.
; CHECK: @__energy_blocks = private constant [1 x %energy.block] [%energy.block { i32 0, i32 0, %energy.cost { [3 x [7 x i32]] zeroinitializer, [4 x i32] zeroinitializer, i64 8, i64 16, i32 10, i32 0, i32 1, i32 0 } }]
