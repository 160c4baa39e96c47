; A filter file decides which functions are timed: function globs match the
; mangled or demangled name, file globs the source file, the last matching
; rule wins, and an include times a function below the size threshold.
; Unreadable or malformed filter files are a one-line error.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=100 -energy-filter=%S/Inputs/filter.txt -S %s | FileCheck %s
; RUN: not %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-filter=%S/Inputs/missing.txt -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSING
; RUN: not %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-filter=%S/Inputs/filter-bad-version.txt -disable-output %s 2>&1 | FileCheck %s --check-prefix=VERSION
; RUN: not %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-filter=%S/Inputs/filter-bad-rule.txt -disable-output %s 2>&1 | FileCheck %s --check-prefix=RULE

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @_ZNSt6vectorIiE5clearEv() {
  ret void
}

define void @helper_drop() {
  ret void
}

define void @helper_keep() {
  ret void
}

define void @vendored() !dbg !5 {
  ret void
}

define void @unlisted() {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "/src/third_party/lib.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "vendored", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, unit: !0)

; CHECK-LABEL: define void @_ZNSt6vectorIiE5clearEv(
; CHECK-NOT:     call void @__energy_region_enter
; CHECK-LABEL: define void @helper_drop(
; CHECK-NOT:     call void @__energy_region_enter
; CHECK-LABEL: define void @helper_keep(
; CHECK-NEXT:    call void @__energy_region_enter(ptr @__energy_module, i32 2)
; CHECK-LABEL: define void @vendored(
; CHECK-NOT:     call void @__energy_region_enter
; The unmatched tiny function falls to the size threshold: untimed.
; CHECK-LABEL: define void @unlisted(
; CHECK-NOT:     call void @__energy_region_enter
; CHECK-LABEL: declare void @__energy_region_enter

; MISSING: error: energy-instrument: cannot read filter file '{{.*}}missing.txt': {{.*}} (check -energy-filter)
; VERSION: error: energy-instrument: {{.*}}filter-bad-version.txt:1: filter format version 3 is not supported (this pass reads versions 1 to 2)
; RULE: error: energy-instrument: {{.*}}filter-bad-rule.txt:2: expected 'include|exclude function|file GLOB', got 'skip function main'
