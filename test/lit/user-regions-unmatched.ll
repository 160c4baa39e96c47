; Markers that do not nest get a compile-time warning naming the problem; the
; function then keeps no user region, its markers are removed (no call is
; left for the linker) and it is instrumented as usual.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-loops -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: FileCheck %s < %t.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a = private constant [2 x i8] c"a\00"
@b = private constant [2 x i8] c"b\00"

declare void @__energy_user_begin(ptr) nounwind
declare void @__energy_user_end(ptr) nounwind
declare void @__energy_user_end_scope() nounwind

; WARN-DAG: in function missing_end {{.*}}energy: user region 'a' is still open where the function returns; the function's user regions are ignored
define void @missing_end() {
  call void @__energy_user_begin(ptr @a)
  ret void
}

; WARN-DAG: in function wrong_end {{.*}}energy: ENERGY_REGION_END("b") does not end the innermost open region, 'a'
define void @wrong_end() {
  call void @__energy_user_begin(ptr @a)
  call void @__energy_user_end(ptr @b)
  ret void
}

; WARN-DAG: in function end_only {{.*}}energy: energy::ScopedRegion ends no open user region
define void @end_only() {
  call void @__energy_user_end_scope()
  ret void
}

; WARN-DAG: in function one_path {{.*}}energy: user regions do not nest: different regions are open on two paths that meet
define void @one_path(i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  call void @__energy_user_begin(ptr @a)
  br label %join
else:
  br label %join
join:
  ret void
}

; WARN-DAG: in function not_constant {{.*}}energy: ENERGY_REGION_BEGIN needs a constant name
define void @not_constant(ptr %name) {
  call void @__energy_user_begin(ptr %name)
  call void @__energy_user_end(ptr %name)
  ret void
}

; WARN-DAG: in function past_loop {{.*}}energy: user region 'a' is still open after the loop it begins in
define void @past_loop(i1 %c) {
entry:
  br label %loop
loop:
  call void @__energy_user_begin(ptr @a)
  br i1 %c, label %loop.end, label %exit
loop.end:
  call void @__energy_user_end(ptr @a)
  br label %loop
exit:
  call void @__energy_user_end(ptr @a)
  ret void
}

; WARN-DAG: in function twice {{.*}}energy: user region 'a' begins inside itself
define void @twice() {
  call void @__energy_user_begin(ptr @a)
  call void @__energy_user_begin(ptr @a)
  call void @__energy_user_end(ptr @a)
  call void @__energy_user_end(ptr @a)
  ret void
}

; Only function and loop regions (kinds 0 and 1) are left, and no marker.
; CHECK-NOT: %energy.region { ptr {{[^}]*}}, i32 2, i32
; CHECK-NOT: call void @__energy_user_
