; Without debug information a loop has no line: it is named by its place among its function's
; loop regions (`f:loop#2.1@file`: the first loop inside the second top-level one, siblings in
; the order of their headers), never `loop#3@file:0`. A file that debug information spells
; `./x.h` is `x.h`, as it is where another location names it without `./`.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-loops -energy-nested-loops -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-loops -energy-nested-loops -S %s | not grep -e '@lvm.c:0' -e 'c"./ljumptab.h'

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

define void @dotted(i1 %a) !dbg !5 {
entry:
  br label %loop, !dbg !8
loop:
  br i1 %a, label %loop, label %done, !dbg !9
done:
  ret void, !dbg !9
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "./ljumptab.h", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "dotted", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, unit: !0)
!8 = !DILocation(line: 19, column: 3, scope: !5)
!9 = !DILocation(line: 20, column: 3, scope: !5)

; CHECK-DAG: c"nodebug:loop#1@lvm.c\00"
; CHECK-DAG: c"nodebug:loop#2@lvm.c\00"
; CHECK-DAG: c"nodebug:loop#2.1@lvm.c\00"
; CHECK-DAG: c"dotted:loop@ljumptab.h:19\00"
; CHECK-DAG: c"ljumptab.h\00"
