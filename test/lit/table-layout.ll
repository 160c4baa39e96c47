; The tables follow include/energy/abi.h: the descriptor is a
; writable internal energy_module in section "energy_modules" kept by
; llvm.compiler.used; regions carry the symbol, its demangled name, and the
; file and line of the DISubprogram (else the module's source and 0); blocks
; carry their first source line; the counters are one thread_local array of
; counters + dynamic slots with a getter, and each block's count is given by
; its terms (here one counter on the edge out of each function's last block
; counts both blocks of the straight-line kernel); a priority-101 constructor
; and destructor (un)register the module; each function region has a body
; hash. Counting every block by itself needs no terms.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -energy-spanning-tree=false -S %s | FileCheck %s --check-prefix=BLOCKS

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @_Z6kernelPdi(ptr %p, i32 %n) !dbg !5 {
entry:
  br label %body, !dbg !8
body:
  store double 0.0, ptr %p, !dbg !9
  ret void, !dbg !9
}

define void @plain() {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "src/kernel.cpp", directory: "/home/user")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "kernel", linkageName: "_Z6kernelPdi", scope: !1, file: !1, line: 12, type: !4, scopeLine: 12, unit: !0)
!8 = !DILocation(line: 13, column: 3, scope: !5)
!9 = !DILocation(line: 14, column: 5, scope: !5)

; CHECK-DAG: %energy.module = type { i32, i32, i32, i32, i64, ptr, ptr, ptr, ptr, i32, i32, ptr, ptr, i32, i32, ptr, i32, i32, ptr, ptr, i32, i32, ptr, ptr, ptr }
; CHECK-DAG: %energy.count_term = type { i32, i32, i64 }
; CHECK-DAG: %energy.region = type { ptr, ptr, ptr, i32, i32, i32, i32 }
; CHECK-DAG: %energy.block = type { i32, i32, %energy.cost }
; CHECK-DAG: %energy.cost = type { [3 x [7 x i32]], [4 x i32], i64, i64, i32, i32, i32, i32 }
; CHECK-DAG: [[MANGLED:@__energy_str[.0-9]*]] = private unnamed_addr constant [13 x i8] c"_Z6kernelPdi\00"
; CHECK-DAG: [[DEMANGLED:@__energy_str[.0-9]*]] = private unnamed_addr constant [21 x i8] c"kernel(double*, int)\00"
; CHECK-DAG: [[FILE:@__energy_str[.0-9]*]] = private unnamed_addr constant [15 x i8] c"src/kernel.cpp\00"
; CHECK-DAG: [[PLAIN:@__energy_str[.0-9]*]] = private unnamed_addr constant [6 x i8] c"plain\00"
; CHECK-DAG: [[SOURCE:@__energy_str[.0-9]*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}table-layout.ll\00"
; CHECK-DAG: @__energy_counters = internal thread_local global [2 x i64] zeroinitializer, align 8
; CHECK-DAG: @__energy_terms = private constant [3 x %energy.count_term] [%energy.count_term { i32 0, i32 0, i64 1 }, %energy.count_term { i32 1, i32 0, i64 1 }, %energy.count_term { i32 2, i32 1, i64 1 }], align 8
; CHECK-DAG: @__energy_regions = private constant [2 x %energy.region] [%energy.region { ptr [[MANGLED]], ptr [[DEMANGLED]], ptr [[FILE]], i32 12, i32 0, i32 -1, i32 0 }, %energy.region { ptr [[PLAIN]], ptr [[PLAIN]], ptr [[SOURCE]], i32 0, i32 0, i32 -1, i32 2 }], align 8
; CHECK-DAG: @__energy_blocks = private constant [3 x %energy.block] [%energy.block { i32 0, i32 13, {{.*}} }, %energy.block { i32 0, i32 14, {{.*}} }, %energy.block { i32 1, i32 0, {{.*}} }], align 8
; CHECK-DAG: @__energy_module = internal global %energy.module { i32 8, i32 2, i32 3, i32 0, i64 {{-?[0-9]+}}, ptr [[SOURCE]], ptr @__energy_regions, ptr @__energy_blocks, ptr null, i32 2, i32 3, ptr @__energy_terms, ptr @__energy_thread_counters, i32 0, i32 0, ptr null, i32 2, i32 1, ptr @__energy_line_files, ptr @__energy_lines, i32 0, i32 0, ptr null, ptr @__energy_region_body_hashes, ptr null }, section "energy_modules", align 8
; BLOCKS-DAG: @__energy_counters = internal thread_local global [3 x i64] zeroinitializer, align 8
; BLOCKS-DAG: @__energy_module = internal global %energy.module { i32 8, i32 2, i32 3, i32 0, i64 {{-?[0-9]+}}, ptr {{@[^,]+}}, ptr @__energy_regions, ptr @__energy_blocks, ptr null, i32 3, i32 0, ptr null, ptr @__energy_thread_counters, i32 0, i32 0, ptr null, i32 2, i32 1, ptr @__energy_line_files, ptr @__energy_lines, i32 0, i32 0, ptr null, ptr @__energy_region_body_hashes, ptr null }, section "energy_modules", align 8
; CHECK-DAG: @__energy_region_body_hashes = private constant [2 x i64] [i64 {{-?[1-9][0-9]*}}, i64 {{-?[1-9][0-9]*}}], align 8
; CHECK-DAG: @llvm.compiler.used = appending global [1 x ptr] [ptr @__energy_module], section "llvm.metadata"
; CHECK-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @__energy_module_ctor, ptr null }]
; CHECK-DAG: @llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @__energy_module_dtor, ptr null }]

; The markers carry a line-0 location in the function's scope.
; CHECK-LABEL: define void @_Z6kernelPdi(
; CHECK: call void @__energy_region_enter(ptr @__energy_module, i32 0), !dbg [[LOC0:![0-9]+]]

; CHECK-LABEL: define internal ptr @__energy_thread_counters()
; CHECK-NEXT:    [[C:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT:    ret ptr [[C]]

; CHECK-LABEL: define internal void @__energy_module_ctor()
; CHECK-NEXT:    call void @__energy_register_module(ptr @__energy_module)
; CHECK-NEXT:    ret void

; CHECK-LABEL: define internal void @__energy_module_dtor()
; CHECK-NEXT:    call void @__energy_unregister_module(ptr @__energy_module)
; CHECK-NEXT:    ret void

; CHECK: [[LOC0]] = !DILocation(line: 0, scope: !{{[0-9]+}})
