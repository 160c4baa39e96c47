; A standard-library function made mostly of user code inlined into it (here
; std::_Function_handler<void (int), main::$_0>::_M_invoke carrying the
; lambda main::$_0::operator()(int) const) is the user's: a timed region
; named after the lambda, at its file and line. A library function whose
; code is the library's own stays untimed and keeps its name.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: c"main::$_0::operator()(int) const\00"
; CHECK: c"lambdas.cpp\00"
; CHECK-NOT: c"std::_Function_handler<void (int), main::$_0>::_M_invoke(std::_Any_data const&, int&&)\00"
; CHECK: c"std::__1::__library_only(long)\00"

; CHECK-LABEL: define void @"_ZNSt17_Function_handlerIFviEZ4mainE3$_0E9_M_invokeERKSt9_Any_dataOi"(
; CHECK: call void @__energy_region_enter
define void @"_ZNSt17_Function_handlerIFviEZ4mainE3$_0E9_M_invokeERKSt9_Any_dataOi"(ptr %data, ptr %n) !dbg !10 {
entry:
  %rounds = load i32, ptr %n, align 4, !dbg !20
  br label %loop, !dbg !21
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ], !dbg !21
  %x = load double, ptr %data, align 8, !dbg !21
  %y = fmul double %x, 9.990000e-01, !dbg !21
  %z = fadd double %y, 1.000000e-03, !dbg !21
  store double %z, ptr %data, align 8, !dbg !21
  %next = add i32 %i, 1, !dbg !21
  %done = icmp eq i32 %next, %rounds, !dbg !21
  br i1 %done, label %exit, label %loop, !dbg !21
exit:
  ret void, !dbg !22
}

; CHECK-LABEL: define void @_ZNSt3__114__library_onlyEl(
; CHECK-NOT: call void @__energy_region_enter
define void @_ZNSt3__114__library_onlyEl(i64 %n) !dbg !30 {
entry:
  br label %loop, !dbg !31
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ], !dbg !31
  %next = add i64 %i, 1, !dbg !31
  %done = icmp eq i64 %next, %n, !dbg !31
  br i1 %done, label %exit, label %loop, !dbg !31
exit:
  ret void, !dbg !31
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "lambdas.cpp", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DIFile(filename: "std_function.h", directory: "/usr/include/c++/12/bits")
!4 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "_M_invoke", linkageName: "_ZNSt17_Function_handlerIFviEZ4mainE3$_0E9_M_invokeERKSt9_Any_dataOi", scope: !3, file: !3, line: 288, type: !4, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = distinct !DISubprogram(name: "operator()", linkageName: "_ZZ4mainENK3$_0clEi", scope: !1, file: !1, line: 20, type: !4, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = distinct !DISubprogram(name: "__invoke_impl", linkageName: "_ZSt13__invoke_implIvRZ4mainE3$_0JiEET_St14__invoke_otherOT0_DpOT1_", scope: !3, file: !3, line: 61, type: !4, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!20 = !DILocation(line: 290, scope: !10)
!23 = !DILocation(line: 61, scope: !12, inlinedAt: !20)
!21 = !DILocation(line: 22, scope: !11, inlinedAt: !23)
!22 = !DILocation(line: 292, scope: !10)
!30 = distinct !DISubprogram(name: "__library_only", linkageName: "_ZNSt3__114__library_onlyEl", scope: !3, file: !3, line: 10, type: !4, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!31 = !DILocation(line: 11, scope: !30)
