; Functions of the C++ standard library (namespaces std, with its inline
; namespaces, and __gnu_cxx) are counted but not timed by default, whatever
; their size or loops: a map insert or a sort is its caller's work. The user's
; own functions with loops are timed, and so are the standard library's with
; -energy-std-regions or when the filter file asks for them.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-std-regions -S %s | FileCheck %s --check-prefix=STD
; RUN: printf 'energypass-filter 1\ninclude function *std::__introsort_loop*\n' > %t.filter
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-filter=%t.filter -S %s | FileCheck %s --check-prefix=FILTER

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; void std::__introsort_loop<long*, long>(long*, long*, long)
; CHECK-LABEL: define void @_ZSt16__introsort_loopIPllEvT_S1_T0_(
; CHECK-NOT: call void @__energy_region_enter
; CHECK: ret void
; STD-LABEL: define void @_ZSt16__introsort_loopIPllEvT_S1_T0_(
; STD: call void @__energy_region_enter
; FILTER-LABEL: define void @_ZSt16__introsort_loopIPllEvT_S1_T0_(
; FILTER: call void @__energy_region_enter
define void @_ZSt16__introsort_loopIPllEvT_S1_T0_(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; std::__cxx11::basic_string<char>::_M_mutate(unsigned long): an inline namespace of std.
; CHECK-LABEL: define void @_ZNSt7__cxx1112basic_stringIcE9_M_mutateEm(
; CHECK-NOT: call void @__energy_region_enter
; STD-LABEL: define void @_ZNSt7__cxx1112basic_stringIcE9_M_mutateEm(
; STD: call void @__energy_region_enter
define void @_ZNSt7__cxx1112basic_stringIcE9_M_mutateEm(ptr %this, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; __gnu_cxx::__normal_iterator<long*, int>::operator++(): libstdc++'s namespace.
; CHECK-LABEL: define void @_ZN9__gnu_cxx17__normal_iteratorIPliEppEv(
; CHECK-NOT: call void @__energy_region_enter
define void @_ZN9__gnu_cxx17__normal_iteratorIPliEppEv(ptr %this, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; demo::stdlike(long): a user namespace whose name only starts like std.
; CHECK-LABEL: define void @_ZN4demo7stdlikeEl(
; CHECK: call void @__energy_region_enter
define void @_ZN4demo7stdlikeEl(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; stdsort(long): a C-like user function whose name starts with std.
; CHECK-LABEL: define void @_Z7stdsortl(
; CHECK: call void @__energy_region_enter
define void @_Z7stdsortl(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
