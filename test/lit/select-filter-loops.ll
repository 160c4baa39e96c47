; Version 2 of the filter file adds loop rules and `unmark`, which `energy-report filter` writes
; from a report. A loop left out by name is no region: its blocks count toward the enclosing
; region, a loop inside it is parented to that region, and every other loop keeps the name it has
; without the rule (names come from the whole nest, so that rules written from one build still
; name the same loops). `unmark function` takes a function's markers away and, under sampled
; timing, finds it by the sampled program counter instead, as a function too small for markers:
; its loops are no regions either. Loop rules in a version 1 file and `unmark loop` are refused.
; RUN: printf 'energypass-filter 2\nexclude loop nodebug:loop#2@*\n' > %t.loops
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-nested-loops -energy-filter=%t.loops -S %s | FileCheck %s
; RUN: printf 'energypass-filter 2\nexclude loop nodebug:*\ninclude loop nodebug:loop#2.1@*\n' > %t.last
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-nested-loops -energy-filter=%t.last -S %s | FileCheck %s --check-prefix=LAST
; RUN: printf 'energypass-filter 2\nunmark function hot\n' > %t.unmark
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-filter=%t.unmark -S %s | FileCheck %s --check-prefix=UNMARK
; RUN: printf 'energypass-filter 1\nexclude loop nodebug:*\n' > %t.v1
; RUN: not %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-filter=%t.v1 -disable-output %s 2>&1 | FileCheck %s --check-prefix=V1
; RUN: printf 'energypass-filter 2\nunmark loop nodebug:*\n' > %t.unmarkloop
; RUN: not %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-filter=%t.unmarkloop -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNMARKLOOP

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

source_filename = "lvm.c"

define void @nodebug(i1 %a, i1 %b, i1 %c) {
entry:
  br label %first
first:
  br i1 %a, label %first, label %second
second:
  br label %inner
inner:
  br i1 %b, label %inner, label %latch
latch:
  br i1 %c, label %second, label %done
done:
  ret void
}

define void @hot(i1 %a) {
entry:
  br label %loop
loop:
  br i1 %a, label %loop, label %done
done:
  ret void
}

; Regions: nodebug, its loop#1, its loop#2.1 (parent: nodebug, region 0), then hot and its loop.
; CHECK-DAG: c"nodebug:loop#1@lvm.c\00"
; CHECK-DAG: c"nodebug:loop#2.1@lvm.c\00"
; CHECK-DAG: @__energy_regions = private constant [5 x %energy.region] [%energy.region { ptr {{[^}]*}}, i32 0, i32 -1, i32 0 }, %energy.region { ptr {{[^}]*}}, i32 1, i32 0, i32 {{[0-9]+}} }, %energy.region { ptr {{[^}]*}}, i32 1, i32 0, i32 {{[0-9]+}} }, %energy.region
; CHECK-LABEL: define void @nodebug(
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 0)
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 1)
; CHECK:       second:
; CHECK-NOT:     call void @__energy_region_enter
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 2)
; CHECK-NEXT:    br label %inner
; CHECK-LABEL: define void @hot(
; CHECK-NOT: c"nodebug:loop#2@lvm.c\00"

; The last matching rule wins: only loop#2.1 is left a region in nodebug.
; LAST-DAG: c"nodebug:loop#2.1@lvm.c\00"
; LAST-DAG: @__energy_regions = private constant [4 x %energy.region]
; LAST-NOT: c"nodebug:loop#1@lvm.c\00"
; LAST-NOT: c"nodebug:loop#2@lvm.c\00"

; UNMARK-DAG: @__energy_region_functions = private constant [{{[0-9]+}} x ptr] [{{.*}}ptr @hot]
; UNMARK-NOT: c"hot:loop
; UNMARK-LABEL: define void @hot(
; UNMARK-NOT:     __energy_region_stack
; UNMARK:         ret void

; V1: error: energy-instrument: {{.*}}.v1:2: expected 'include|exclude function|file GLOB', got 'exclude loop nodebug:*'
; UNMARKLOOP: error: energy-instrument: {{.*}}.unmarkloop:2: expected 'include|exclude|unmark function|file GLOB' or 'include|exclude loop GLOB', got 'unmark loop nodebug:*'
