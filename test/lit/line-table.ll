; The line table splits each block's static cost by the source line its
; instructions were written on: line 5 loads 8 bytes and does 2 FLOPs, line
; 6 does 2 (one of them an instruction without a location, which belongs to
; the line before it) and stores 8 bytes, and the multiply inlined from
; inc.h counts on its own line 20 there, not on the call site's line 7.
; Entries of a block sum to its cost. Files carry the compilation's directory. A function without debug info adds no
; line, and a module without any has no line table.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S %s | FileCheck %s
; RUN: sed -e 's/, !dbg ![0-9]*//' %s | %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S | FileCheck %s --check-prefix=NODEBUG

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define double @kernel(ptr %p, double %x) !dbg !5 {
entry:
  %a = load double, ptr %p, !dbg !10
  %m = fmul double %a, %x, !dbg !10
  %s = fadd double %m, %x, !dbg !10
  %t = fadd double %s, 1.0, !dbg !11
  %u = fadd double %t, 2.0
  %v = fmul double %u, %u, !dbg !12
  store double %v, ptr %p, !dbg !11
  ret double %v, !dbg !11
}

define void @plain() {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "src/k.c", directory: "/home/user")
!2 = !DIFile(filename: "inc.h", directory: "/home/user")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "kernel", scope: !1, file: !1, line: 4, type: !4, scopeLine: 4, unit: !0)
!6 = distinct !DISubprogram(name: "square", scope: !2, file: !2, line: 19, type: !4, scopeLine: 19, unit: !0)
!10 = !DILocation(line: 5, column: 3, scope: !5)
!11 = !DILocation(line: 6, column: 3, scope: !5)
!12 = !DILocation(line: 20, column: 10, scope: !6, inlinedAt: !13)
!13 = distinct !DILocation(line: 7, column: 3, scope: !5)

; CHECK-DAG: %energy.line = type { i32, i32, i32, i32, %energy.cost }
; CHECK-DAG: %energy.inline_site = type { i32, i32, i32, i32, ptr }
; CHECK-DAG: [[KERNEL:@__energy_str[.0-9]*]] = private unnamed_addr constant [7 x i8] c"kernel\00"
; CHECK-DAG: @__energy_inline_sites = private constant [1 x %energy.inline_site] [%energy.inline_site { i32 0, i32 7, i32 -1, i32 0, ptr [[KERNEL]] }], align 8
; CHECK-DAG: [[MAIN:@__energy_str[.0-9]*]] = private unnamed_addr constant [19 x i8] c"/home/user/src/k.c\00"
; CHECK-DAG: [[INC:@__energy_str[.0-9]*]] = private unnamed_addr constant [17 x i8] c"/home/user/inc.h\00"
; CHECK-DAG: @__energy_line_files = private constant [2 x ptr] [ptr [[MAIN]], ptr [[INC]]], align 8
; CHECK-DAG: @__energy_lines = private constant [3 x %energy.line] [%energy.line { i32 0, i32 0, i32 5, i32 -1, %energy.cost { {{[^%]*}}[4 x i32] [i32 2, i32 0, i32 0, i32 0], i64 8, i64 0, i32 3, i32 0, i32 0, i32 0 } }, %energy.line { i32 0, i32 0, i32 6, i32 -1, %energy.cost { {{[^%]*}}[4 x i32] [i32 2, i32 0, i32 0, i32 0], i64 0, i64 8, i32 4, i32 0, i32 0, i32 0 } }, %energy.line { i32 0, i32 1, i32 20, i32 0, %energy.cost { {{[^%]*}}[4 x i32] [i32 1, i32 0, i32 0, i32 0], i64 0, i64 0, i32 1, i32 0, i32 0, i32 0 } }], align 8
; CHECK-DAG: @__energy_blocks = private constant [2 x %energy.block] [%energy.block { i32 0, i32 5, %energy.cost { {{[^%]*}}[4 x i32] [i32 5, i32 0, i32 0, i32 0], i64 8, i64 8, i32 8, i32 0, i32 0, i32 0 } }, %energy.block { i32 1, i32 0, {{.*}}
; CHECK-DAG: @__energy_module = internal global %energy.module { i32 8, {{.*}}, i32 3, i32 2, ptr @__energy_line_files, ptr @__energy_lines, i32 1, i32 0, ptr @__energy_inline_sites, ptr @__energy_region_body_hashes, ptr null }, section "energy_modules", align 8

; NODEBUG-NOT: @__energy_lines
; NODEBUG: @__energy_module = internal global %energy.module { i32 8, {{.*}}, i32 0, i32 0, ptr null, ptr null, i32 0, i32 0, ptr null, ptr @__energy_region_body_hashes, ptr null }, section "energy_modules", align 8
; NODEBUG-NOT: @__energy_lines
