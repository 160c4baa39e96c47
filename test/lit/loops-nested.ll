; With -energy-loops every natural loop is a region named func:loop@file:line,
; nested in its function or enclosing loop, entered at the end of its
; preheader and left at the top of each exit block, inner loops first. The
; pass adds a preheader where the loop has none and dedicated exits where an
; exit block is shared; those blocks hold no user code and get no counter,
; except an added preheader, counted (at no cost) for its loop's entries.
; Blocks belong to their innermost loop region.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-loops -energy-nested-loops -energy-promote-counters=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @nest(i1 %a, i1 %b, i1 %c) !dbg !5 {
entry:
  br i1 %a, label %outer, label %other, !dbg !8
other:
  br label %outer, !dbg !8
outer:                                  ; no preheader: two predecessors outside
  br label %inner, !dbg !9
inner:
  br i1 %b, label %inner, label %inner.end, !dbg !10
inner.end:
  br i1 %c, label %outer, label %done, !dbg !9
done:
  ret void, !dbg !11
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "nest.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "nest", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, unit: !0)
!8 = !DILocation(line: 2, column: 3, scope: !5)
!9 = !DILocation(line: 3, column: 3, scope: !5)
!10 = !DILocation(line: 4, column: 5, scope: !5)
!11 = !DILocation(line: 6, column: 1, scope: !5)

; Regions: 0 nest, 1 the outer loop (parent 0), 2 the inner loop (parent 1).
; CHECK-DAG: c"nest:loop@nest.c:3\00"
; The inner loop starts at its preheader's branch (line 3) like the outer one,
; so its name takes an ordinal.
; CHECK-DAG: c"nest:loop#2@nest.c:3\00"
; Entry blocks: 0 for the function, the added preheader (2) for the outer
; loop, `outer` (3) for the inner one.
; CHECK-DAG: @__energy_regions = private constant [3 x %energy.region] [%energy.region { ptr {{.*}}, i32 1, i32 0, i32 -1, i32 0 }, %energy.region { ptr {{.*}}, i32 3, i32 1, i32 0, i32 2 }, %energy.region { ptr {{.*}}, i32 3, i32 1, i32 1, i32 3 }]
; Six user blocks: entry, other, done in region 0; outer, inner.end in 1; inner
; in 2; and the outer loop's added preheader (region 0, no cost, flags 1).
; CHECK-DAG: @__energy_blocks = private constant [7 x %energy.block] [%energy.block { i32 0, i32 2, {{.*}} }, %energy.block { i32 0, i32 2, {{.*}} }, %energy.block { i32 0, i32 3, %energy.cost { [3 x [7 x i32]] zeroinitializer, [4 x i32] zeroinitializer, i64 0, i64 0, i32 0, i32 0, i32 0, i32 1 } }, %energy.block { i32 1, i32 3, {{.*}} }, %energy.block { i32 2, i32 4, {{.*}} }, %energy.block { i32 1, i32 3, {{.*}} }, %energy.block { i32 0, i32 6, {{.*}} }]

; CHECK-LABEL: define void @nest(
; CHECK:       entry:
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 0)
; CHECK:         br i1 %a, label %[[PRE:.*]], label %other
; CHECK:       other:
; CHECK:         br label %[[PRE]]
; The added preheader counts the outer loop's entries, then enters it.
; CHECK:       [[PRE]]:
; CHECK:         store i64
; CHECK-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 1)
; CHECK-NEXT:    br label %outer
; CHECK:       outer:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 3
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
; CHECK-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 2)
; CHECK-NEXT:    br label %inner
; CHECK:       inner:
; CHECK:         br i1 %b, label %inner, label %inner.end
; inner.end is the inner loop's dedicated exit.
; CHECK:       inner.end:
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 2)
; CHECK:         br i1 %c, label %outer, label %done
; done is the outer loop's dedicated exit; the function exit follows.
; CHECK:       done:
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 1)
; CHECK:         call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    ret void
