; Exceptions leave regions too. A call that may throw becomes an invoke whose
; unwind edge goes to a cleanup that exits the region and resumes; existing
; resumes get an exit; nounwind calls and functions are left alone. The
; cleanup block is the pass's own and has no counter; the split-off rest of
; the block gets its own, so counts stay exact when the call throws.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-min-instructions=0 -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-min-instructions=0 -energy-unwind-exits=false -S %s | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @may_throw(i32)
declare i32 @never_throws(i32) nounwind
declare i32 @__gxx_personality_v0(...)

; Blocks: passes_through 2 (entry, continuation), has_cleanup 3, no_throw 1.
; CHECK: @__energy_counters = internal thread_local global [6 x i64]

; No personality of its own: it takes the module's.
define i32 @passes_through(i32 %x) {
entry:
  %a = call i32 @never_throws(i32 %x)
  %b = call i32 @may_throw(i32 %a)
  %c = add i32 %b, 1
  ret i32 %c
}

; CHECK-LABEL: define i32 @passes_through(i32 %x) personality ptr @__gxx_personality_v0 {
; CHECK:         %a = call i32 @never_throws(i32 %x)
; CHECK-NEXT:    [[B:%.*]] = invoke i32 @may_throw(i32 %a)
; CHECK-NEXT:            to label %[[CONT:.*]] unwind label %energy.unwind
; CHECK:       [[CONT]]:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 1
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
; CHECK-NEXT:    %c = add i32 [[B]], 1
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    ret i32 %c
; CHECK:       energy.unwind:
; CHECK-NEXT:    [[LP:%.*]] = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    resume { ptr, i32 } [[LP]]

define void @has_cleanup(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke i32 @may_throw(i32 %x) to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

; CHECK-LABEL: define void @has_cleanup(
; CHECK:       lpad:
; CHECK-NEXT:    %lp = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 1)
; CHECK-NEXT:    resume { ptr, i32 } %lp
; CHECK-NOT:   energy.unwind

define i32 @no_throw(i32 %x) nounwind {
  %b = call i32 @may_throw(i32 %x)
  ret i32 %b
}

; CHECK-LABEL: define i32 @no_throw(
; CHECK:         %b = call i32 @may_throw(i32 %x)
; CHECK-NOT:     invoke

; OFF-LABEL: define i32 @passes_through(i32 %x) {
; OFF:         %b = call i32 @may_throw(i32 %a)
; OFF-NEXT:    %c = add i32 %b, 1
