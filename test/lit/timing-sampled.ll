; With -energy-timing=sampled (the default) a function is entered by volatile
; stores to the runtime's thread-local region stack (ABI version 8): first the
; new depth, its entry depth plus one plus K, the slots it keeps for its
; nested regions (K, their deepest nesting: 2 here); then zero into those K
; slots; then the address of its region's table entry into its own slot. A
; loop or user region nested k deep is entered by one store of its tagged
; index (2 * index + 1) into slot k and left by one store of zero there,
; innermost first when an exit leaves several: no load of the stack's depth
; or array, nothing but constants stored. The function leaves by storing back
; its entry depth. No runtime call is made. Each region names the block whose
; count is its entries; a preheader the pass added is counted for that (flags
; ENERGY_BLOCK_ADDED) and costs nothing.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-spanning-tree=false -energy-loops -energy-nested-loops -energy-promote-counters=false -energy-min-instructions=0 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @may_throw(i32)
declare i32 @__gxx_personality_v0(...)

define void @nest(i1 %a, i1 %b, i1 %c) {
entry:
  br i1 %a, label %outer, label %other
other:
  br label %outer
outer:                                  ; no preheader: two predecessors outside
  br label %inner
inner:
  br i1 %b, label %inner.latch, label %done
inner.latch:
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  br label %outer
done:                                   ; leaves both loops
  ret void
}

define i32 @unwinds(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = call i32 @may_throw(i32 %x)
  ret i32 %r
}

; Regions 0 nest (entry block 0), 1 outer loop (entry: the added preheader,
; block 2), 2 inner loop (entry: its preheader `outer`, block 3), 3 unwinds.
; CHECK: %energy.module = type { i32, i32, i32, i32, i64, ptr, ptr, ptr, ptr, i32, i32, ptr, ptr, i32, i32, ptr, i32, i32, ptr, ptr, i32, i32, ptr, ptr, ptr }
; CHECK: %energy.region_stack = type { i32, i32, ptr }
; CHECK: @__energy_regions = private constant [4 x %energy.region] [%energy.region { ptr {{.*}}, i32 0, i32 0, i32 -1, i32 0 }, %energy.region { ptr {{.*}}, i32 0, i32 1, i32 0, i32 2 }, %energy.region { ptr {{.*}}, i32 0, i32 1, i32 1, i32 3 }, %energy.region { ptr {{.*}}, i32 0, i32 0, i32 -1, i32 {{[0-9]+}} }]
; The added preheader: region 0, no cost, flags 1.
; CHECK: @__energy_blocks = {{.*}}, %energy.block { i32 0, i32 0, %energy.cost { [3 x [7 x i32]] zeroinitializer, [4 x i32] zeroinitializer, i64 0, i64 0, i32 0, i32 0, i32 0, i32 1 } }, %energy.block { i32 1,
; The module is timed by sampling (timing field 1).
; CHECK: @__energy_module = internal global %energy.module { i32 8, {{.*}}, ptr @__energy_thread_counters, i32 1, i32 0, ptr null, i32 0, i32 0, ptr null, ptr null, i32 0, i32 0, ptr null, ptr @__energy_region_body_hashes, ptr null }
; CHECK: @__energy_region_stack = external thread_local(initialexec) global %energy.region_stack
; CHECK-NOT: @__energy_region_enter

; CHECK-LABEL: define void @nest(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[STACK:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__energy_region_stack)
; CHECK-NEXT:    [[DEPTHP:%.*]] = getelementptr inbounds %energy.region_stack, ptr [[STACK]], i32 0, i32 0
; CHECK-NEXT:    %energy.depth = load i32, ptr [[DEPTHP]], align 4
; CHECK-NEXT:    [[OPENP:%.*]] = getelementptr inbounds %energy.region_stack, ptr [[STACK]], i32 0, i32 2
; CHECK-NEXT:    %energy.open = load ptr, ptr [[OPENP]], align 8
; CHECK-NEXT:    [[SLOT:%.*]] = and i32 %energy.depth, 1048575
; CHECK-NEXT:    [[SLOT64:%.*]] = zext i32 [[SLOT]] to i64
; CHECK-NEXT:    %energy.region.slot = getelementptr inbounds ptr, ptr %energy.open, i64 [[SLOT64]]
; CHECK-NEXT:    [[NEXT:%.*]] = add i32 %energy.depth, 3
; CHECK-NEXT:    [[DEPTHP2:%.*]] = getelementptr inbounds %energy.region_stack, ptr [[STACK]], i32 0, i32 0
; CHECK-NEXT:    store volatile i32 [[NEXT]], ptr [[DEPTHP2]], align 4
; CHECK-NEXT:    [[CLOSE1:%.*]] = getelementptr inbounds ptr, ptr %energy.region.slot, i32 1
; CHECK-NEXT:    store volatile i64 0, ptr [[CLOSE1]], align 8
; CHECK-NEXT:    [[CLOSE2:%.*]] = getelementptr inbounds ptr, ptr %energy.region.slot, i32 2
; CHECK-NEXT:    store volatile i64 0, ptr [[CLOSE2]], align 8
; CHECK-NEXT:    store volatile ptr @__energy_regions, ptr %energy.region.slot, align 8
; Region 1, the outer loop, nested once: tag 3 into slot 1.
; CHECK:       outer.preheader:
; CHECK-NOT:     @__energy_region_stack
; CHECK:         [[OUTERSLOT:%.*]] = getelementptr inbounds ptr, ptr %energy.region.slot, i32 1
; CHECK-NEXT:    store volatile i64 3, ptr [[OUTERSLOT]], align 8
; CHECK-NEXT:    br label %outer
; Region 2, the inner loop, nested twice: tag 5 into slot 2.
; CHECK:       outer:
; CHECK-NOT:     @__energy_region_stack
; CHECK:         [[INNERSLOT:%.*]] = getelementptr inbounds ptr, ptr %energy.region.slot, i32 2
; CHECK-NEXT:    store volatile i64 5, ptr [[INNERSLOT]], align 8
; CHECK-NEXT:    br label %inner
; Leaving the inner loop only: its slot.
; CHECK:       outer.latch:
; CHECK-NEXT:    [[LEAVEINNER:%.*]] = getelementptr inbounds ptr, ptr %energy.region.slot, i32 2
; CHECK-NEXT:    store volatile i64 0, ptr [[LEAVEINNER]], align 8
; CHECK-NOT:     store volatile
; CHECK:         br label %outer
; The exit of both loops closes the inner one's slot, then the outer one's.
; CHECK:       done:
; CHECK-NEXT:    [[DONEINNER:%.*]] = getelementptr inbounds ptr, ptr %energy.region.slot, i32 2
; CHECK-NEXT:    store volatile i64 0, ptr [[DONEINNER]], align 8
; CHECK-NEXT:    [[DONEOUTER:%.*]] = getelementptr inbounds ptr, ptr %energy.region.slot, i32 1
; CHECK-NEXT:    store volatile i64 0, ptr [[DONEOUTER]], align 8
; CHECK:         store volatile i32 %energy.depth
; CHECK-NEXT:    ret void

; The unwind cleanup leaves the region like a return.
; CHECK-LABEL: define i32 @unwinds(
; No nested region (K = 0): the depth plus one, no slot to close.
; CHECK:         add i32 %energy.depth, 1
; CHECK-NOT:     store volatile i64
; CHECK:         store volatile ptr getelementptr inbounds ([4 x %energy.region], ptr @__energy_regions, i64 0, i64 3)
; CHECK:         invoke i32 @may_throw
; CHECK:         store volatile i32 %energy.depth
; CHECK-NEXT:    ret i32
; CHECK:       energy.unwind:
; CHECK:         store volatile i32 %energy.depth
; CHECK-NEXT:    resume
