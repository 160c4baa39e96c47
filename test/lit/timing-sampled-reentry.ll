; Sampled timing: where control comes back into a function past frames whose
; exits never ran (after a returns_twice call such as setjmp, which longjmp
; returns to; at a landing pad, where an exception arrives), the pass stores
; the function's own depth again (its entry depth + 1 + K) and closes the
; nested slots deeper than the region open there. Without it, the skipped
; frames would stay on the stack until the function returns: a REPL that
; longjmps back to the top of its loop would charge the rest of its run to
; them. The pass's own unwind cleanups leave the regions and are not touched.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-min-instructions=0 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@jb = global [200 x i8] zeroinitializer
declare i32 @_setjmp(ptr) returns_twice
declare void @work(i32)
declare i32 @__gxx_personality_v0(...)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()

define void @repl(i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %r = call i32 @_setjmp(ptr @jb)
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  call void @work(i32 %j)
  %j.next = add i32 %j, 1
  %c = icmp slt i32 %j.next, %n
  br i1 %c, label %inner, label %latch
latch:
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %outer, label %done
done:
  ret void
}

; K = 2 (the inner loop is nested twice). setjmp is in the outer loop
; (nesting 1): depth + 3 again, slot 2 closed.
; CHECK-LABEL: define void @repl(
; CHECK:       outer:
; CHECK:         %r = call i32 @_setjmp(ptr @jb)
; CHECK-NEXT:    [[STACK:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__energy_region_stack)
; CHECK-NEXT:    [[DEPTH:%.*]] = add i32 %energy.depth, 3
; CHECK-NEXT:    [[DEPTHP:%.*]] = getelementptr inbounds %energy.region_stack, ptr [[STACK]], i32 0, i32 0
; CHECK-NEXT:    store volatile i32 [[DEPTH]], ptr [[DEPTHP]], align 4
; CHECK-NEXT:    [[SLOT2:%.*]] = getelementptr inbounds ptr, ptr %energy.region.slot, i32 2
; CHECK-NEXT:    store volatile i64 0, ptr [[SLOT2]], align 8
; CHECK-NOT:     store volatile i64 0, ptr {{.*}}, align 8
; CHECK:         store volatile i64 5, ptr

define void @guarded(i32 %n) personality ptr @__gxx_personality_v0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %next ]
  invoke void @work(i32 %i) to label %next unwind label %caught
next:
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %done
caught:
  %lp = landingpad { ptr, i32 } catch ptr null
  %e = extractvalue { ptr, i32 } %lp, 0
  %x = call ptr @__cxa_begin_catch(ptr %e)
  call void @__cxa_end_catch()
  br label %done
done:
  ret void
}

; The catch is outside the loop (nesting 0): the function's depth again and
; its one nested slot closed (the loop's exit marker closes it too).
; CHECK-LABEL: define void @guarded(
; CHECK:       caught:
; CHECK-NEXT:    %lp = landingpad
; CHECK:         [[CSTACK:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__energy_region_stack)
; CHECK-NEXT:    [[CDEPTH:%.*]] = add i32 %energy.depth, 2
; CHECK-NEXT:    [[CDEPTHP:%.*]] = getelementptr inbounds %energy.region_stack, ptr [[CSTACK]], i32 0, i32 0
; CHECK-NEXT:    store volatile i32 [[CDEPTH]], ptr [[CDEPTHP]], align 4
; CHECK-NEXT:    [[CSLOT:%.*]] = getelementptr inbounds ptr, ptr %energy.region.slot, i32 1
; CHECK-NEXT:    store volatile i64 0, ptr [[CSLOT]], align 8
