; A loop that calls vfork() is no region: the child runs in the parent's memory, thread-local
; region stack included, and leaves the loop to exec or _exit; a region exit on its way would pop
; the loop off the parent's stack while the parent goes on in the loop. The loop beside it, which
; does not call vfork(), stays a region.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-loops -energy-promote-counters=false -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @vfork() returns_twice
declare i32 @execl(ptr, ptr, ...)
declare void @_exit(i32) noreturn
declare void @work()

@.true = private constant [10 x i8] c"/bin/true\00"

define void @spawn_each(i32 %n) !dbg !5 {
entry:
  br label %loop, !dbg !8
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %parent ]
  %pid = call i32 @vfork(), !dbg !9
  %child = icmp eq i32 %pid, 0, !dbg !9
  br i1 %child, label %in.child, label %parent, !dbg !9
in.child:
  %r = call i32 (ptr, ptr, ...) @execl(ptr @.true, ptr @.true, ptr null), !dbg !10
  call void @_exit(i32 127), !dbg !10
  unreachable
parent:
  %next = add i32 %i, 1, !dbg !8
  %more = icmp slt i32 %next, %n, !dbg !8
  br i1 %more, label %loop, label %work.loop, !dbg !8
work.loop:
  %j = phi i32 [ 0, %parent ], [ %jnext, %work.loop ]
  call void @work(), !dbg !11
  %jnext = add i32 %j, 1, !dbg !11
  %jmore = icmp slt i32 %jnext, %n, !dbg !11
  br i1 %jmore, label %work.loop, label %done, !dbg !11
done:
  ret void, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "spawn.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "spawn_each", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, unit: !0)
!8 = !DILocation(line: 2, column: 3, scope: !5)
!9 = !DILocation(line: 3, column: 5, scope: !5)
!10 = !DILocation(line: 4, column: 7, scope: !5)
!11 = !DILocation(line: 6, column: 5, scope: !5)
!12 = !DILocation(line: 7, column: 1, scope: !5)

; Two regions: the function and the loop that calls work() only.
; CHECK-NOT: c"spawn_each:loop@spawn.c:2\00"
; CHECK-DAG: c"spawn_each:loop@spawn.c:6\00"
; CHECK-DAG: @__energy_regions = private constant [2 x %energy.region]
; CHECK-LABEL: define void @spawn_each(
; CHECK:       in.child:
; CHECK-NOT:     call void @__energy_region_exit
; CHECK:         call i32 (ptr, ptr, ...) @execl(
