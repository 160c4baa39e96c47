; User regions nest with loop regions either way: a loop inside a user region
; has the user region as its parent, a user region inside a loop body has the
; loop as its parent, and blocks belong to the innermost region around them.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-loops -energy-min-instructions=0 -energy-promote-counters=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@outer = private constant [6 x i8] c"outer\00"
@body = private constant [5 x i8] c"body\00"

declare void @__energy_user_begin(ptr) nounwind
declare void @__energy_user_end(ptr) nounwind
declare void @work(i32) nounwind

define void @h(i32 %n) {
entry:
  call void @__energy_user_begin(ptr @outer)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @__energy_user_begin(ptr @body)
  call void @work(i32 %i)
  call void @__energy_user_end(ptr @body)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @__energy_user_end(ptr @outer)
  ret void
}

; Regions: 0 h; 1 its loop, inside 2; 2 h:outer in h; 3 h:body in the loop.
; CHECK-DAG: c"h:loop#1@user-regions-nesting.ll\00"
; CHECK-DAG: c"h:outer@{{.*}}:0\00"
; CHECK-DAG: c"h:body@{{.*}}:0\00"
; Entry blocks: the function's and the loop's (its preheader is the entry
; block) block 0; each user region the block its BEGIN ends (1 and 2).
; CHECK-DAG: @__energy_regions = private constant [4 x %energy.region] [%energy.region { ptr {{.*}}, i32 0, i32 0, i32 -1, i32 0 }, %energy.region { ptr {{.*}}, i32 0, i32 1, i32 2, i32 1 }, %energy.region { ptr {{.*}}, i32 0, i32 2, i32 0, i32 0 }, %energy.region { ptr {{.*}}, i32 0, i32 2, i32 1, i32 2 }]
; Blocks: entry (h; nothing left in it but the split's branch), the
; preheader (outer), the loop header (loop), the body (body), the latch
; (loop), the exit (outer), the return (h).
; CHECK-DAG: @__energy_blocks = private constant [7 x %energy.block] [%energy.block zeroinitializer, %energy.block { i32 2, {{.*}} }, %energy.block { i32 1, {{.*}} }, %energy.block { i32 3, {{.*}} }, %energy.block { i32 1, {{.*}} }, %energy.block { i32 2, {{.*}} }, %energy.block { i32 0, {{.*}} }]

; CHECK-LABEL: define void @h(
; CHECK:       entry:
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 0)
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 2)
; CHECK-NEXT:    br label %[[PRE:.*]]
; CHECK:       [[PRE]]:
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 1)
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 3)
; CHECK-NEXT:    br label
; CHECK:         call void @work(i32 %i)
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 3)
; CHECK-NEXT:    br label
; CHECK:         br i1 %more, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 1)
; CHECK:         call void @__energy_region_exit(ptr @__energy_module, i32 2)
; CHECK-NEXT:    br label
; CHECK:         call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    ret void
; CHECK-NOT:   call void @__energy_user_
