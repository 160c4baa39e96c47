; In a loop that calls nothing, a block that runs once per iteration of a
; loop with a computable trip count gets no per-iteration update: the trip
; count (backedge-taken count + 1, expanded in the preheader) is added to its
; counter at the loop's exit. Blocks that do not run once per iteration (a
; conditional block) keep their per-iteration add, in a register.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-spanning-tree=false -energy-min-instructions=0 -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-spanning-tree=false -energy-min-instructions=0 -energy-trip-counts=false -S %s | FileCheck %s --check-prefix=OFF
; With counters on a spanning tree (the default) the trip-counted blocks share
; one counter (their counts are equal: one add of the trips at the exit), and
; the rest of the loop is counted on its edges, still in registers: here one
; add on the way through the conditional block.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-min-instructions=0 -S %s | FileCheck %s --check-prefix=TREE

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @inc(ptr %a, i64 %n) {
entry:
  %empty = icmp slt i64 %n, 1
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr double, ptr %a, i64 %i
  %v = load double, ptr %p
  %neg = fcmp olt double %v, 0.0
  br i1 %neg, label %fix, label %latch
fix:
  store double 0.0, ptr %p
  br label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; Blocks: 0 entry, 1 loop, 2 fix, 3 latch, 4 done. loop and latch run once per
; iteration; fix does not.
; CHECK-LABEL: define void @inc(
; CHECK:       loop.preheader:
; CHECK-NEXT:    %[[BTC:.*]] = add i64 %n, -1
; CHECK-NEXT:    %[[TRIPS:.*]] = add nuw nsw i64 %[[BTC]], 1
; CHECK:       loop:
; CHECK-NOT:     add i64 %energy
; CHECK:       fix:
; CHECK-NEXT:    add i64 %energy.register{{.*}}, 1
; CHECK:       latch:
; CHECK-NOT:     add i64 %energy
; CHECK:         br i1 %more
; CHECK:       done.loopexit:
; CHECK:         store i64 %energy.register{{.*}}, ptr %energy.slot
; CHECK:         add i64 %energy.count{{.*}}, %[[TRIPS]]
; CHECK:         add i64 %energy.count{{.*}}, %[[TRIPS]]
; CHECK:       done:

; OFF-LABEL: define void @inc(
; OFF:       loop:
; OFF:         add i64 %energy.register{{.*}}, 1
; OFF:       latch:
; OFF:         add i64 %energy.register{{.*}}, 1

; TREE-LABEL: define void @inc(
; TREE:       loop:
; TREE-NOT:     add i64 %energy
; TREE:       fix:
; TREE-NEXT:    store double
; TREE-NEXT:    add i64 %energy.register{{.*}}, 1
; TREE:       latch:
; TREE-NOT:     add i64 %energy
; TREE:         br i1 %more
; TREE:       done.loopexit:
; TREE:         store i64 %energy.register
; TREE:         add i64 %energy.count{{.*}}, %{{[0-9a-z.]+}}
; TREE-NOT:     add i64 %energy.count{{.*}}, %{{[0-9a-z.]+}}
; TREE:       done:
