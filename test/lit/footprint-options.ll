; Footprint sampling is opt-in: energy-instrument alone adds no footprint
; call; with -energy-footprint the pipeline runs it first (at -O0 too), so
; the counts energy-instrument computes see no extra load or store. A rate
; that is not a power of two is an error naming the flag; 1 samples every
; line without a test.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -load-pass-plugin %plugin -passes='default<O0>' -energy-footprint -S %s | FileCheck %s --check-prefix=ON
; RUN: not %opt -load-pass-plugin %plugin -passes=energy-footprint -energy-footprint-sample=48 -S %s 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: %opt -load-pass-plugin %plugin -passes=energy-footprint -energy-footprint-sample=1 -S %s | FileCheck %s --check-prefix=ALL

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; OFF-NOT: __energy_footprint
; ON:       @__energy_blocks = {{.*}}i64 8, i64 0,
; ON-LABEL: define double @load(
; ON:         call void @__energy_footprint_sample(
; ON:         load double, ptr %p
; BAD: error: -energy-footprint-sample=48 is not a power of two
; ALL-LABEL: define double @load(
; ALL-NEXT:    [[ADDR:%.*]] = ptrtoint ptr %p to i64
; ALL-NEXT:    [[LINE:%.*]] = lshr i64 [[ADDR]], 6
; ALL-NEXT:    br i1 true
; ALL:         call void @__energy_footprint_sample(i64 [[LINE]], i64 1)
define double @load(ptr %p) {
  %x = load double, ptr %p, align 8
  ret double %x
}
