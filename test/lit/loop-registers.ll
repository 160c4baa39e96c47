; A loop that calls nothing keeps at most -energy-loop-registers of its
; counters in registers (default 3): those of its most frequent blocks by
; BlockFrequencyInfo. A register costs a load before the loop and a store
; after it, and an add to memory is one instruction as an add to a register
; is, so the others stay in memory rather than being spilled; 0 keeps them all
; in memory. Counters whose innermost loop is longer than
; -energy-loop-register-body IR instructions
; (default 64; this one has 17) stay in memory too.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-trip-counts=false -energy-min-instructions=0 -energy-loops=false -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-trip-counts=false -energy-min-instructions=0 -energy-loops=false -energy-loop-registers=0 -S %s | FileCheck %s --check-prefix=NONE
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-spanning-tree=false -energy-trip-counts=false -energy-min-instructions=0 -energy-loops=false -energy-loop-register-body=16 -S %s | FileCheck %s --check-prefix=NONE

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Frequencies (print<block-freq>): loop, c and latch 32 per entry of the loop,
; b 20, a 12, rare 10.
define i32 @five_blocks(ptr %v, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s4, %latch ]
  %at = getelementptr inbounds i32, ptr %v, i32 %i
  %x = load i32, ptr %at
  %odd = icmp slt i32 %x, 0
  br i1 %odd, label %a, label %b
a:
  %s1 = add i32 %s, %x
  br label %c
b:
  %s2 = sub i32 %s, %x
  %big = icmp sgt i32 %x, 100
  br i1 %big, label %rare, label %c
rare:
  %s3 = mul i32 %s2, 3
  br label %c
c:
  %s4 = phi i32 [ %s1, %a ], [ %s2, %b ], [ %s3, %rare ]
  br label %latch
latch:
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i32 %s4
}

; CHECK-LABEL: define i32 @five_blocks(
; CHECK:       loop:
; CHECK-COUNT-3: phi i64
; CHECK-NOT:     phi i64
; CHECK:       a:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}@llvm.threadlocal.address
; CHECK:         store i64
; CHECK:       b:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}@llvm.threadlocal.address
; CHECK:       rare:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}@llvm.threadlocal.address
; CHECK:       c:
; CHECK-NOT:     load i64
; CHECK:       latch:
; CHECK-NOT:     load i64
; CHECK:       exit:
; CHECK-COUNT-3: store i64 %energy.next

; NONE-LABEL: define i32 @five_blocks(
; NONE-NOT:     phi i64
; NONE:         ret i32
