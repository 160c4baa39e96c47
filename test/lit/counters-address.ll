; In an executable (no PIC, or PIE) the counter array is local-exec TLS: its
; address is a constant offset from the thread pointer, so each block that
; counts computes it where it counts and the back end folds it into the add
; (incq %fs:__energy_counters@TPOFF+8). In a shared library (PIC without PIE)
; it costs a call to __tls_get_addr: it is computed once, in the entry block.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-spanning-tree=false -S %s | FileCheck %s --check-prefix=EXE
; RUN: sed 's/^;PIE //' %s | %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-spanning-tree=false -S | FileCheck %s --check-prefix=EXE
; RUN: sed 's/^;DSO //' %s | %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-spanning-tree=false -S | FileCheck %s --check-prefix=DSO
; RUN: sed 's/^;PIE //' %s | %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-spanning-tree=false -S | llc-19 -O2 | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @pick(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}

; EXE-LABEL: define i32 @pick(
; EXE:       entry:
; EXE-NEXT:    %energy.counters = call {{.*}}@llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; EXE:       a:
; EXE-NEXT:    [[A:%energy.counters[0-9]+]] = call {{.*}}@llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; EXE-NEXT:    getelementptr inbounds i64, ptr [[A]], i64 1
; EXE:       b:
; EXE-NEXT:    [[B:%energy.counters[0-9]+]] = call {{.*}}@llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; EXE-NEXT:    getelementptr inbounds i64, ptr [[B]], i64 2

; DSO-LABEL: define i32 @pick(
; DSO:       entry:
; DSO-NEXT:    %energy.counters = call {{.*}}@llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; DSO:       a:
; DSO-NEXT:    getelementptr inbounds i64, ptr %energy.counters, i64 1
; DSO:       b:
; DSO-NEXT:    getelementptr inbounds i64, ptr %energy.counters, i64 2
; DSO-NOT:   threadlocal.address
; DSO-LABEL: define internal ptr @__energy_thread_counters(

; ASM-LABEL: pick:
; ASM:       incq %fs:__energy_counters@TPOFF
; ASM:       incq %fs:__energy_counters@TPOFF+8
; ASM:       incq %fs:__energy_counters@TPOFF+16

;PIE !llvm.module.flags = !{!0, !1}
;PIE !0 = !{i32 8, !"PIC Level", i32 2}
;PIE !1 = !{i32 7, !"PIE Level", i32 2}
;DSO !llvm.module.flags = !{!0}
;DSO !0 = !{i32 8, !"PIC Level", i32 2}
