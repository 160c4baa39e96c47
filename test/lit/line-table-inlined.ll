; Inlined code keeps its chain of call sites: an add inlined from h into g and g into f names
; the site in g (line 40), whose own caller is the site in f (line 50), the end of the chain; a
; site's caller comes first in the table. The same line of h inlined at two call sites of f is
; two line entries, one per site, each with its share of the block's cost.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define double @f(double %x) !dbg !5 {
entry:
  %a = fadd double %x, 1.0, !dbg !20
  %b = fadd double %a, 1.0, !dbg !22
  %c = fmul double %b, %b, !dbg !23
  ret double %c, !dbg !24
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "/src/a.cpp", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "f", linkageName: "_Z1fd", scope: !1, file: !1, line: 48, type: !4, scopeLine: 48, unit: !0)
!6 = distinct !DISubprogram(name: "g", linkageName: "_Z1gd", scope: !1, file: !1, line: 38, type: !4, scopeLine: 38, unit: !0)
!7 = distinct !DISubprogram(name: "h", linkageName: "_Z1hd", scope: !1, file: !1, line: 29, type: !4, scopeLine: 29, unit: !0)
!20 = !DILocation(line: 30, column: 3, scope: !7, inlinedAt: !21)
!21 = distinct !DILocation(line: 40, column: 3, scope: !6, inlinedAt: !25)
!25 = distinct !DILocation(line: 50, column: 3, scope: !5)
!22 = !DILocation(line: 30, column: 3, scope: !7, inlinedAt: !26)
!26 = distinct !DILocation(line: 51, column: 3, scope: !5)
!23 = !DILocation(line: 52, column: 3, scope: !5)
!24 = !DILocation(line: 53, column: 3, scope: !5)

; CHECK-DAG: [[F:@__energy_str[.0-9]*]] = private unnamed_addr constant [10 x i8] c"f(double)\00"
; CHECK-DAG: [[G:@__energy_str[.0-9]*]] = private unnamed_addr constant [10 x i8] c"g(double)\00"
; CHECK-DAG: @__energy_inline_sites = private constant [3 x %energy.inline_site] [%energy.inline_site { i32 0, i32 50, i32 -1, i32 0, ptr [[F]] }, %energy.inline_site { i32 0, i32 40, i32 0, i32 0, ptr [[G]] }, %energy.inline_site { i32 0, i32 51, i32 -1, i32 0, ptr [[F]] }], align 8
; CHECK-DAG: @__energy_lines = private constant [4 x %energy.line] [%energy.line { i32 0, i32 0, i32 30, i32 1, %energy.cost { {{[^%]*}}[4 x i32] [i32 1, i32 0, i32 0, i32 0], {{.*}} } }, %energy.line { i32 0, i32 0, i32 30, i32 2, %energy.cost { {{[^%]*}}[4 x i32] [i32 1, i32 0, i32 0, i32 0], {{.*}} } }, %energy.line { i32 0, i32 0, i32 52, i32 -1, {{.*}} }, %energy.line { i32 0, i32 0, i32 53, i32 -1, {{.*}} }], align 8
