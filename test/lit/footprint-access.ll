; Footprint sampling (-passes=energy-footprint): each load and store tests
; its 64-byte line with one multiply and compare, and calls the runtime only
; for lines in the 1-in-64 sample; an access that may straddle two lines
; (size above alignment) tests its last line too, once it differs; scalar
; locals that stay in registers are not memory and get nothing.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-footprint -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define double @aligned_load(
; CHECK-NEXT:    [[ADDR:%.*]] = ptrtoint ptr %p to i64, !energy.footprint
; CHECK-NEXT:    [[LINE:%.*]] = lshr i64 [[ADDR]], 6, !energy.footprint
; CHECK-NEXT:    [[HASH:%.*]] = mul i64 [[LINE]], -7046029254386353131, !energy.footprint
; CHECK-NEXT:    [[IN:%.*]] = icmp ult i64 [[HASH]], 288230376151711743, !energy.footprint
; CHECK-NEXT:    br i1 [[IN]], label %[[SAMPLE:.*]], label %[[CONT:.*]], !prof ![[UNLIKELY:[0-9]+]], !energy.footprint
; CHECK:       [[SAMPLE]]:
; CHECK-NEXT:    call void @__energy_footprint_sample(i64 [[LINE]], i64 64), !energy.footprint
; CHECK-NEXT:    br label %[[CONT]]
; CHECK:       [[CONT]]:
; CHECK-NEXT:    %x = load double, ptr %p, align 8
; CHECK-NEXT:    ret double %x
define double @aligned_load(ptr %p) {
  %x = load double, ptr %p, align 8
  ret double %x
}

; CHECK-LABEL: define void @misaligned_store(
; CHECK:         [[ADDR:%.*]] = ptrtoint ptr %q to i64
; CHECK-NEXT:    [[FIRST:%.*]] = lshr i64 [[ADDR]], 6
; CHECK-NEXT:    [[END:%.*]] = add i64 [[ADDR]], 7
; CHECK-NEXT:    [[LAST:%.*]] = lshr i64 [[END]], 6
; CHECK:         call void @__energy_footprint_sample(i64 [[FIRST]], i64 64)
; CHECK:         [[DIFFERS:%.*]] = icmp ne i64 [[LAST]], [[FIRST]]
; CHECK-NEXT:    [[HASH:%.*]] = mul i64 [[LAST]], -7046029254386353131
; CHECK-NEXT:    [[IN:%.*]] = icmp ult i64 [[HASH]], 288230376151711743
; CHECK-NEXT:    [[BOTH:%.*]] = and i1 [[DIFFERS]], [[IN]]
; CHECK-NEXT:    br i1 [[BOTH]]
; CHECK:         call void @__energy_footprint_sample(i64 [[LAST]], i64 64)
; CHECK:         store double %v, ptr %q, align 4
define void @misaligned_store(ptr %q, double %v) {
  store double %v, ptr %q, align 4
  ret void
}

; CHECK-LABEL: define i64 @register_local(
; CHECK-NEXT:    %slot = alloca i64
; CHECK-NEXT:    store i64 %v, ptr %slot
; CHECK-NEXT:    %r = load i64, ptr %slot
; CHECK-NEXT:    ret i64 %r
define i64 @register_local(i64 %v) {
  %slot = alloca i64
  store i64 %v, ptr %slot
  %r = load i64, ptr %slot
  ret i64 %r
}

; CHECK-LABEL: define void @atomics(
; CHECK:         call void @__energy_footprint_sample(
; CHECK:         atomicrmw add ptr %p, i64 1 seq_cst
; CHECK:         call void @__energy_footprint_sample(
; CHECK:         cmpxchg ptr %p
define void @atomics(ptr %p) {
  %old = atomicrmw add ptr %p, i64 1 seq_cst, align 8
  %pair = cmpxchg ptr %p, i64 0, i64 1 seq_cst seq_cst, align 8
  ret void
}

; CHECK: declare void @__energy_footprint_sample(i64, i64) [[ATTRS:#[0-9]+]]
; CHECK: attributes [[ATTRS]] = { nounwind }
; CHECK: !{i32 7, !"energypass.footprint", i32 1}
; CHECK: ![[UNLIKELY]] = !{!"branch_weights", i32 1, i32 1048575}
