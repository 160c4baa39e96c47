; Declarations, the runtime's and the pass's own __energy_ functions, naked
; and available_externally functions are not instrumented.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @external()

define void @__energy_helper() {
  ret void
}

define void @naked() naked {
  unreachable
}

define available_externally void @inline_copy() {
  ret void
}

define void @user() {
  ret void
}

; Only @user is a region.
; CHECK: @__energy_regions = private constant [1 x %energy.region]
; CHECK-LABEL: define void @__energy_helper() {
; CHECK-NEXT:    ret void
; CHECK-LABEL: define void @naked()
; CHECK-NEXT:    unreachable
; CHECK-LABEL: define available_externally void @inline_copy() {
; CHECK-NEXT:    ret void
; CHECK-LABEL: define void @user() {
; CHECK-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 0)
