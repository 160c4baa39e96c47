; In a loop that calls nothing, a block that runs once per iteration of a
; loop with a computable trip count gets no per-iteration update: the trip
; count (backedge-taken count + 1, expanded in the preheader) is added to its
; counter at the loop's exit, in memory (a register would cost a load and a
; store more). Blocks that do not run once per iteration (a conditional
; block) keep their per-iteration add, in a register.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-min-instructions=0 -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-min-instructions=0 -energy-trip-counts=false -S %s | FileCheck %s --check-prefix=OFF
; With counters on a spanning tree (the default) the trip-counted blocks share
; one counter (their counts are equal: one add of the trips at the exit), and
; the rest of the loop is counted on its edges, still in registers: here one
; add on the way through the conditional block.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S %s | FileCheck %s --check-prefix=TREE
; Where only an induction variable gives the trip count, at the exit, with
; -energy-induction-trip-counts.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-min-instructions=0 -energy-induction-trip-counts -S %s | FileCheck %s --check-prefix=IND

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

; Blocks: 0 entry, 1 the added preheader (counted for the loop region's
; entries), 2 loop, 3 fix, 4 latch, 5 done. loop and latch run once per
; iteration; fix does not (its branch depends on the iteration).
; CHECK-LABEL: define void @inc(
; CHECK:       loop.preheader:
; CHECK:         store i64 %energy.next
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

; A block under a branch on a condition defined before the loop runs in
; every iteration or in none: counted by `select %first, trips, 0` at the
; exit, nothing per iteration.
define void @guarded(ptr %a, i64 %n, i1 %first) {
entry:
  %empty = icmp slt i64 %n, 1
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr double, ptr %a, i64 %i
  br i1 %first, label %edge, label %latch
edge:
  store double 0.0, ptr %p
  br label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; CHECK-LABEL: define void @guarded(
; CHECK:       {{^}}edge:
; CHECK-NOT:     add i64 %energy
; CHECK:         br label %latch
; CHECK:       done.loopexit:
; CHECK:         %energy.guarded = select i1 %first, i64 %[[TRIPS:.*]], i64 0
; CHECK-NEXT:    %energy.count{{.*}} = load i64, ptr %energy.slot
; CHECK-NEXT:    add i64 %energy.count{{.*}}, %energy.guarded

; TREE-LABEL: define void @guarded(
; TREE:       {{^}}edge:
; TREE-NOT:     add i64 %energy
; TREE:         br label %latch
; TREE:       done.loopexit:
; TREE:         select i1 %first

; A loop whose exit depends on the data has no backedge-taken count, but a
; pointer that steps by 8 from %p. By default the loop adds 1 per iteration,
; in memory (a search is no sweep: Options::LoopRegisters); with
; -energy-induction-trip-counts the exit computes the trips from the
; pointer, ((last - %p) / 8) + 1, and the loop adds nothing per iteration.
define i64 @scan(ptr %p, i64 %bound) {
entry:
  br label %loop
loop:
  %q = phi ptr [ %p, %entry ], [ %q.next, %loop ]
  %v = load i64, ptr %q
  %q.next = getelementptr inbounds i64, ptr %q, i64 1
  %below = icmp slt i64 %v, %bound
  br i1 %below, label %loop, label %done
done:
  ret i64 %v
}

; CHECK-LABEL: define i64 @scan(
; CHECK:       loop:
; CHECK:         add i64 %energy.count{{.*}}, 1
; CHECK:       done:
; CHECK-NOT:     sdiv exact
; CHECK:         ret i64

; IND-LABEL: define i64 @scan(
; IND:       loop:
; IND-NOT:     add i64 %energy
; IND:         br i1 %below
; IND:       done:
; IND:         %[[LAST:.*]] = ptrtoint ptr %q to i64
; IND-NEXT:    %[[FIRST:.*]] = ptrtoint ptr %p to i64
; IND-NEXT:    %[[MOVED:.*]] = sub i64 %[[LAST]], %[[FIRST]]
; IND-NEXT:    %[[STEPS:.*]] = sdiv exact i64 %[[MOVED]], 8
; IND-NEXT:    %[[TRIPS:.*]] = add i64 %[[STEPS]], 1
; IND:         add i64 %energy.count{{.*}}, %[[TRIPS]]

; An 8-bit counter that may wrap says nothing of the iterations: the loop
; keeps its add per iteration even with -energy-induction-trip-counts.
define void @wrap8(ptr %v) {
entry:
  br label %loop
loop:
  %c = phi i8 [ 0, %entry ], [ %c.next, %loop ]
  %at = getelementptr inbounds i8, ptr %v, i8 %c
  %x = load i8, ptr %at
  %c.next = add i8 %c, 1
  %more = icmp ne i8 %x, 0
  br i1 %more, label %loop, label %done
done:
  ret void
}

; IND-LABEL: define void @wrap8(
; IND:       loop:
; IND:         add i64 %energy.count{{.*}}, 1
; IND:       done:
; IND-NOT:     sdiv exact
; IND:         ret void
