; Nothing may stand between a musttail call and its return: the exit goes
; before the call.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @callee(i32)

define i32 @tail(i32 %x) {
  %r = musttail call i32 @callee(i32 %x)
  ret i32 %r
}

; CHECK-LABEL: define i32 @tail(
; CHECK:      store i64
; CHECK-NEXT: call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT: %r = musttail call i32 @callee(i32 %x)
; CHECK-NEXT: ret i32 %r
