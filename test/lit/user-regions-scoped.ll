; energy::ScopedRegion at -O0: after the always-inliner, its constructor's
; BEGIN reads the name from a local written once with the constant, and its
; destructor's end-of-scope marker names no region: it ends the innermost one
; open. Both lower like ENERGY_REGION_BEGIN/END, also on the exception path.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@name = private constant [5 x i8] c"scan\00"

declare void @__energy_user_begin(ptr) nounwind
declare void @__energy_user_end_scope() nounwind
declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define void @g() personality ptr @__gxx_personality_v0 {
entry:
  %name.addr = alloca ptr, align 8
  store ptr @name, ptr %name.addr, align 8
  %n = load ptr, ptr %name.addr, align 8
  call void @__energy_user_begin(ptr %n)
  invoke void @may_throw() to label %cont unwind label %lpad
cont:
  call void @__energy_user_end_scope()
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @__energy_user_end_scope()
  resume { ptr, i32 } %lp
}

; CHECK-DAG: c"g:scan@{{.*}}:0\00"
; CHECK-DAG: @__energy_regions = private constant [2 x %energy.region] [%energy.region { ptr {{.*}}, i32 0, i32 0, i32 -1, i32 0 }, %energy.region { ptr {{.*}}, i32 0, i32 2, i32 0, i32 0 }]

; CHECK-LABEL: define void @g(
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 0)
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 1)
; CHECK-NEXT:    br label
; CHECK:         invoke void @may_throw()
; CHECK:       cont:
; CHECK:         call void @__energy_region_exit(ptr @__energy_module, i32 1)
; CHECK-NEXT:    br label
; CHECK:         call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    ret void
; CHECK:       lpad:
; CHECK:         landingpad
; CHECK:         call void @__energy_region_exit(ptr @__energy_module, i32 1)
; CHECK-NEXT:    br label
; CHECK:         call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    resume
; CHECK-NOT:   call void @__energy_user_
