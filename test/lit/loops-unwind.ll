; A call that may throw inside a loop unwinds through a cleanup of that loop's
; own, which leaves the loop region and then the function's, so the runtime's
; region stack stays balanced when an exception leaves a loop.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @may_throw(i32)
declare i32 @__gxx_personality_v0(...)

define void @loop_calls(i32 %n) personality ptr @__gxx_personality_v0 {
entry:
  call void @may_throw(i32 0)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @may_throw(i32 %i)
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @loop_calls(
; CHECK:         invoke void @may_throw(i32 0)
; CHECK-NEXT:            to label %{{.*}} unwind label %[[OUTSIDE:energy.unwind[0-9]*]]
; CHECK:         invoke void @may_throw(i32 %i)
; CHECK-NEXT:            to label %{{.*}} unwind label %[[INSIDE:energy.unwind[0-9]*]]
; CHECK:       [[OUTSIDE]]:
; CHECK-NEXT:    landingpad
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    resume
; CHECK:       [[INSIDE]]:
; CHECK-NEXT:    landingpad
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 1)
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    resume
