; ENERGY_REGION_BEGIN/END (energy/regions.h) become calls of marker functions
; that the pass lowers: each distinct name in a function becomes a region of
; kind user (2) named func:name@file:line after its first BEGIN, nested in the
; function, entered and left where the markers were, which are removed. The
; block is split after each marker so that each block lies wholly inside or
; outside the region; the split's branch is the pass's own and not counted.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@solve = private constant [6 x i8] c"solve\00"

declare void @__energy_user_begin(ptr) nounwind
declare void @__energy_user_end(ptr) nounwind
declare void @work(i32) nounwind

define void @f() !dbg !5 {
entry:
  call void @work(i32 0), !dbg !8
  call void @__energy_user_begin(ptr @solve), !dbg !9
  call void @work(i32 1), !dbg !10
  call void @__energy_user_end(ptr @solve), !dbg !11
  call void @work(i32 2), !dbg !12
  ret void, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, unit: !0)
!8 = !DILocation(line: 2, column: 3, scope: !5)
!9 = !DILocation(line: 3, column: 3, scope: !5)
!10 = !DILocation(line: 4, column: 3, scope: !5)
!11 = !DILocation(line: 5, column: 3, scope: !5)
!12 = !DILocation(line: 6, column: 3, scope: !5)

; Regions: 0 f, 1 f:solve@f.c:3 (kind 2, parent 0).
; CHECK-DAG: c"f:solve@f.c:3\00"
; CHECK-DAG: @__energy_regions = private constant [2 x %energy.region] [%energy.region { ptr {{.*}}, i32 1, i32 0, i32 -1, i32 0 }, %energy.region { ptr {{.*}}, i32 3, i32 2, i32 0, i32 0 }]
; Three blocks, each with one call and one instruction besides: work(0) in f,
; work(1) in solve, work(2) and the ret in f.
; CHECK-DAG: @__energy_blocks = private constant [3 x %energy.block] [%energy.block { i32 0, i32 2, %energy.cost { {{.*}}, i64 0, i64 0, i32 1, i32 0, i32 1, i32 0 } }, %energy.block { i32 1, i32 4, %energy.cost { {{.*}}, i64 0, i64 0, i32 1, i32 0, i32 1, i32 0 } }, %energy.block { i32 0, i32 6, %energy.cost { {{.*}}, i64 0, i64 0, i32 2, i32 0, i32 1, i32 0 } }]

; CHECK-LABEL: define void @f(
; CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 0)
; CHECK:         call void @work(i32 0)
; CHECK-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 1)
; CHECK-NEXT:    br label %[[IN:[^,]*]]
; CHECK:       [[IN]]:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT:    getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 1
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
; CHECK-NEXT:    call void @work(i32 1)
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 1)
; CHECK-NEXT:    br label %[[OUT:[^,]*]]
; CHECK:       [[OUT]]:
; CHECK:         call void @work(i32 2)
; CHECK-NEXT:    call void @__energy_region_exit(ptr @__energy_module, i32 0)
; CHECK-NEXT:    ret void
; CHECK-NOT:   call void @__energy_user_
