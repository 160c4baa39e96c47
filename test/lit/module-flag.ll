; The pass marks the module it instruments with the module flag
; "energypass.instrumented" and leaves a module that has it alone, so running
; twice (LTO pre-link and link, or opt twice) instruments once.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 %s \
; RUN:   | %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S \
; RUN:   | FileCheck %s --check-prefix=TWICE

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @f() {
  ret void
}

; CHECK-LABEL: define void @f(
; CHECK: !llvm.module.flags = !{[[FLAG:![0-9]+]]}
; CHECK: [[FLAG]] = !{i32 7, !"energypass.instrumented", i32 1}

; TWICE-COUNT-1: @__energy_module = internal global
; TWICE-NOT:     @__energy_module{{[.0-9]+}} = internal global
; TWICE-LABEL: define void @f(
; TWICE-COUNT-1: call void @__energy_region_enter(
; TWICE-NOT:     call void @__energy_region_enter(
