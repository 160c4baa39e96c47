; clang outlines each `#pragma omp task` into an `.omp_task_entry.` function, which names no
; function (a parallel region's is `f.omp_outlined`): its region is named after the function the
; task was written in, as `f.omp_outlined` is (C++: `fib(int) (.omp_task_entry)`), from the debug
; location of the call that allocates the task (the original subprogram even where that code was
; inlined into another function), or after the one function that allocates it without debug
; information. The mangled name stays clang's.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@0 = private constant %struct.ident_t zeroinitializer

declare ptr @__kmpc_omp_task_alloc(ptr, i32, i32, i64, i64, ptr)
declare i32 @__kmpc_omp_task(ptr, i32, ptr)

define internal i32 @.omp_task_entry.(i32 %gtid, ptr %task) !dbg !20 {
  ret i32 0, !dbg !21
}

define internal i32 @.omp_task_entry..5(i32 %gtid, ptr %task) {
  ret i32 0
}

; fib allocates the first task; its code was inlined into @main.omp_outlined too, where the
; debug location still names fib.
define void @_Z3fibi(i32 %gtid) !dbg !5 {
  %t = call ptr @__kmpc_omp_task_alloc(ptr @0, i32 %gtid, i32 1, i64 48, i64 8, ptr @.omp_task_entry.), !dbg !8
  %r = call i32 @__kmpc_omp_task(ptr @0, i32 %gtid, ptr %t), !dbg !8
  ret void, !dbg !8
}

define internal void @main.omp_outlined(i32 %gtid) !dbg !10 {
  %t = call ptr @__kmpc_omp_task_alloc(ptr @0, i32 %gtid, i32 1, i64 48, i64 8, ptr @.omp_task_entry.), !dbg !12
  %r = call i32 @__kmpc_omp_task(ptr @0, i32 %gtid, ptr %t), !dbg !12
  ret void, !dbg !11
}

; With -g clang puts a parallel region's body in `main.omp_outlined_debug__`, called by
; `main.omp_outlined`: a task allocated there is named as without -g.
define internal i32 @.omp_task_entry..7(i32 %gtid, ptr %task) {
  ret i32 0
}

define internal void @main.omp_outlined_debug__(i32 %gtid) !dbg !30 {
  %t = call ptr @__kmpc_omp_task_alloc(ptr @0, i32 %gtid, i32 1, i64 48, i64 8, ptr @.omp_task_entry..7), !dbg !31
  %r = call i32 @__kmpc_omp_task(ptr @0, i32 %gtid, ptr %t), !dbg !31
  ret void, !dbg !31
}

; Without debug information: the one function that allocates it.
define void @spawner(i32 %gtid) {
  %t = call ptr @__kmpc_omp_task_alloc(ptr @0, i32 %gtid, i32 1, i64 48, i64 8, ptr @.omp_task_entry..5)
  %r = call i32 @__kmpc_omp_task(ptr @0, i32 %gtid, ptr %t)
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "tasks.cpp", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "fib", linkageName: "_Z3fibi", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, unit: !0)
!8 = !DILocation(line: 12, column: 3, scope: !5)
!10 = distinct !DISubprogram(name: "main.omp_outlined", scope: !1, file: !1, line: 30, type: !4, scopeLine: 30, unit: !0)
!11 = !DILocation(line: 31, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !5, inlinedAt: !11)
!20 = distinct !DISubprogram(linkageName: ".omp_task_entry.", scope: !1, file: !1, line: 12, type: !4, scopeLine: 12, flags: DIFlagArtificial, unit: !0)
!21 = !DILocation(line: 12, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "main.omp_outlined_debug__", scope: !1, file: !1, line: 40, type: !4, scopeLine: 40, unit: !0)
!31 = !DILocation(line: 41, column: 3, scope: !30)

; CHECK-DAG: c"fib(int) (.omp_task_entry)\00"
; CHECK-DAG: c"spawner.omp_task_entry.5\00"
; CHECK-DAG: c"main.omp_outlined.omp_task_entry.7\00"
; CHECK-DAG: c".omp_task_entry.\00"
; CHECK-DAG: c".omp_task_entry..5\00"
