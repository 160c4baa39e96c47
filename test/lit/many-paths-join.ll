; Where more paths meet than a derived count may sum (an interpreter's dispatch
; loop, MaxTermsPerBlock = 32), the block gets a counter of its own and the
; spanning tree is chosen again with its count known: the rest of the function
; keeps its counters on the tree's edges. The join here calls a function that
; may not come back (it is only declared), so the counter at its top counts
; the block and the tree still finds what leaves it. Before, such a join made
; the whole function count every block: the diamond in case 0 paid three
; counters where the tree needs one, on one of its arms.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -energy-loops=false -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -energy-loops=false -energy-spanning-tree=false -S %s | FileCheck %s --check-prefix=EVERY

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)

define void @dispatch(ptr %code, ptr %acc, i32 %n) {
entry:
  br label %dispatch
dispatch:
  %pc = phi i32 [ 0, %entry ], [ %next, %join ]
  %at = getelementptr inbounds i32, ptr %code, i32 %pc
  %op = load i32, ptr %at
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %op2
    i32 3, label %op3
    i32 4, label %op4
    i32 5, label %op5
    i32 6, label %op6
    i32 7, label %op7
    i32 8, label %op8
    i32 9, label %op9
    i32 10, label %op10
    i32 11, label %op11
    i32 12, label %op12
    i32 13, label %op13
    i32 14, label %op14
    i32 15, label %op15
    i32 16, label %op16
    i32 17, label %op17
    i32 18, label %op18
    i32 19, label %op19
    i32 20, label %op20
    i32 21, label %op21
    i32 22, label %op22
    i32 23, label %op23
    i32 24, label %op24
    i32 25, label %op25
    i32 26, label %op26
    i32 27, label %op27
    i32 28, label %op28
    i32 29, label %op29
    i32 30, label %op30
    i32 31, label %op31
    i32 32, label %op32
    i32 33, label %op33
    i32 34, label %op34
    i32 35, label %op35
    i32 36, label %op36
    i32 37, label %op37
    i32 38, label %op38
    i32 39, label %op39
  ]
op0:
  %small = icmp slt i32 %pc, 10
  br i1 %small, label %low, label %high
low:
  store i32 0, ptr %acc
  br label %merged
high:
  store i32 100, ptr %acc
  br label %merged
merged:
  store i32 1, ptr %code
  br label %join
op1:
  store i32 1, ptr %acc
  br label %join
op2:
  store i32 2, ptr %acc
  br label %join
op3:
  store i32 3, ptr %acc
  br label %join
op4:
  store i32 4, ptr %acc
  br label %join
op5:
  store i32 5, ptr %acc
  br label %join
op6:
  store i32 6, ptr %acc
  br label %join
op7:
  store i32 7, ptr %acc
  br label %join
op8:
  store i32 8, ptr %acc
  br label %join
op9:
  store i32 9, ptr %acc
  br label %join
op10:
  store i32 10, ptr %acc
  br label %join
op11:
  store i32 11, ptr %acc
  br label %join
op12:
  store i32 12, ptr %acc
  br label %join
op13:
  store i32 13, ptr %acc
  br label %join
op14:
  store i32 14, ptr %acc
  br label %join
op15:
  store i32 15, ptr %acc
  br label %join
op16:
  store i32 16, ptr %acc
  br label %join
op17:
  store i32 17, ptr %acc
  br label %join
op18:
  store i32 18, ptr %acc
  br label %join
op19:
  store i32 19, ptr %acc
  br label %join
op20:
  store i32 20, ptr %acc
  br label %join
op21:
  store i32 21, ptr %acc
  br label %join
op22:
  store i32 22, ptr %acc
  br label %join
op23:
  store i32 23, ptr %acc
  br label %join
op24:
  store i32 24, ptr %acc
  br label %join
op25:
  store i32 25, ptr %acc
  br label %join
op26:
  store i32 26, ptr %acc
  br label %join
op27:
  store i32 27, ptr %acc
  br label %join
op28:
  store i32 28, ptr %acc
  br label %join
op29:
  store i32 29, ptr %acc
  br label %join
op30:
  store i32 30, ptr %acc
  br label %join
op31:
  store i32 31, ptr %acc
  br label %join
op32:
  store i32 32, ptr %acc
  br label %join
op33:
  store i32 33, ptr %acc
  br label %join
op34:
  store i32 34, ptr %acc
  br label %join
op35:
  store i32 35, ptr %acc
  br label %join
op36:
  store i32 36, ptr %acc
  br label %join
op37:
  store i32 37, ptr %acc
  br label %join
op38:
  store i32 38, ptr %acc
  br label %join
op39:
  store i32 39, ptr %acc
  br label %join
join:
  call void @trace(i32 %pc)
  %next = add i32 %pc, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %dispatch, label %done
done:
  ret void
}

; CHECK-LABEL: define void @dispatch(
; CHECK:       merged:
; CHECK-NEXT:    store i32 1, ptr %code
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}@llvm.threadlocal.address
; CHECK-NEXT:    getelementptr inbounds i64
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64 %energy.count{{[0-9]*}}, 1
; CHECK:         call void @trace

; EVERY-LABEL: define void @dispatch(
; EVERY:       merged:
; EVERY:         add i64 %energy
