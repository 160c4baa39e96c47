; Where many paths meet (the join of an interpreter's dispatch loop, where
; every opcode's case ends), the join's count is the sum of a counter per path:
; terms cost table space and work at report time, never run time, so each
; opcode pays one counter, on its own path, and the join none. Only where a
; function's sums outgrow their budget (16 terms per block on average,
; TermsPerBlockBudget) does the block with the longest sum get a counter of its
; own, and the tree is chosen again with its count known. In @long_tail, 30
; blocks after the join would each sum 40 terms or more: t2, the first after a
; call that may not come back (only declared; a counter must tell how often
; t1 got past it), gets a counter, and t3 to t30 follow from it. Before the
; budget, a join of more than 32 paths was always counted (two counters per
; opcode), and a function where such joins kept appearing round after round
; (Lua's luaV_execute: 78 rounds, past the limit of 16) counted every block.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -energy-loops=false -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-timing=exact -energy-min-instructions=0 -energy-loops=false -energy-spanning-tree=false -S %s | FileCheck %s --check-prefix=EVERY

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)
declare void @work(i32) #0

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
  call void @work(i32 0)
  br label %join
op1:
  call void @work(i32 1)
  br label %join
op2:
  call void @work(i32 2)
  br label %join
op3:
  call void @work(i32 3)
  br label %join
op4:
  call void @work(i32 4)
  br label %join
op5:
  call void @work(i32 5)
  br label %join
op6:
  call void @work(i32 6)
  br label %join
op7:
  call void @work(i32 7)
  br label %join
op8:
  call void @work(i32 8)
  br label %join
op9:
  call void @work(i32 9)
  br label %join
op10:
  call void @work(i32 10)
  br label %join
op11:
  call void @work(i32 11)
  br label %join
op12:
  call void @work(i32 12)
  br label %join
op13:
  call void @work(i32 13)
  br label %join
op14:
  call void @work(i32 14)
  br label %join
op15:
  call void @work(i32 15)
  br label %join
op16:
  call void @work(i32 16)
  br label %join
op17:
  call void @work(i32 17)
  br label %join
op18:
  call void @work(i32 18)
  br label %join
op19:
  call void @work(i32 19)
  br label %join
op20:
  call void @work(i32 20)
  br label %join
op21:
  call void @work(i32 21)
  br label %join
op22:
  call void @work(i32 22)
  br label %join
op23:
  call void @work(i32 23)
  br label %join
op24:
  call void @work(i32 24)
  br label %join
op25:
  call void @work(i32 25)
  br label %join
op26:
  call void @work(i32 26)
  br label %join
op27:
  call void @work(i32 27)
  br label %join
op28:
  call void @work(i32 28)
  br label %join
op29:
  call void @work(i32 29)
  br label %join
op30:
  call void @work(i32 30)
  br label %join
op31:
  call void @work(i32 31)
  br label %join
op32:
  call void @work(i32 32)
  br label %join
op33:
  call void @work(i32 33)
  br label %join
op34:
  call void @work(i32 34)
  br label %join
op35:
  call void @work(i32 35)
  br label %join
op36:
  call void @work(i32 36)
  br label %join
op37:
  call void @work(i32 37)
  br label %join
op38:
  call void @work(i32 38)
  br label %join
op39:
  call void @work(i32 39)
  br label %join
join:
  call void @trace(i32 %pc)
  %next = add i32 %pc, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %dispatch, label %done
done:
  ret void
}

define void @long_tail(ptr %code, ptr %acc, i32 %n) {
entry:
  br label %dispatch
dispatch:
  %pc = phi i32 [ 0, %entry ], [ %next, %t30 ]
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
  call void @work(i32 0)
  br label %join
op1:
  call void @work(i32 1)
  br label %join
op2:
  call void @work(i32 2)
  br label %join
op3:
  call void @work(i32 3)
  br label %join
op4:
  call void @work(i32 4)
  br label %join
op5:
  call void @work(i32 5)
  br label %join
op6:
  call void @work(i32 6)
  br label %join
op7:
  call void @work(i32 7)
  br label %join
op8:
  call void @work(i32 8)
  br label %join
op9:
  call void @work(i32 9)
  br label %join
op10:
  call void @work(i32 10)
  br label %join
op11:
  call void @work(i32 11)
  br label %join
op12:
  call void @work(i32 12)
  br label %join
op13:
  call void @work(i32 13)
  br label %join
op14:
  call void @work(i32 14)
  br label %join
op15:
  call void @work(i32 15)
  br label %join
op16:
  call void @work(i32 16)
  br label %join
op17:
  call void @work(i32 17)
  br label %join
op18:
  call void @work(i32 18)
  br label %join
op19:
  call void @work(i32 19)
  br label %join
op20:
  call void @work(i32 20)
  br label %join
op21:
  call void @work(i32 21)
  br label %join
op22:
  call void @work(i32 22)
  br label %join
op23:
  call void @work(i32 23)
  br label %join
op24:
  call void @work(i32 24)
  br label %join
op25:
  call void @work(i32 25)
  br label %join
op26:
  call void @work(i32 26)
  br label %join
op27:
  call void @work(i32 27)
  br label %join
op28:
  call void @work(i32 28)
  br label %join
op29:
  call void @work(i32 29)
  br label %join
op30:
  call void @work(i32 30)
  br label %join
op31:
  call void @work(i32 31)
  br label %join
op32:
  call void @work(i32 32)
  br label %join
op33:
  call void @work(i32 33)
  br label %join
op34:
  call void @work(i32 34)
  br label %join
op35:
  call void @work(i32 35)
  br label %join
op36:
  call void @work(i32 36)
  br label %join
op37:
  call void @work(i32 37)
  br label %join
op38:
  call void @work(i32 38)
  br label %join
op39:
  call void @work(i32 39)
  br label %join
join:
  br label %t1
t1:
  call void @trace(i32 %pc)
  store i32 1, ptr %acc
  br label %t2
t2:
  store i32 2, ptr %acc
  br label %t3
t3:
  store i32 3, ptr %acc
  br label %t4
t4:
  store i32 4, ptr %acc
  br label %t5
t5:
  store i32 5, ptr %acc
  br label %t6
t6:
  store i32 6, ptr %acc
  br label %t7
t7:
  store i32 7, ptr %acc
  br label %t8
t8:
  store i32 8, ptr %acc
  br label %t9
t9:
  store i32 9, ptr %acc
  br label %t10
t10:
  store i32 10, ptr %acc
  br label %t11
t11:
  store i32 11, ptr %acc
  br label %t12
t12:
  store i32 12, ptr %acc
  br label %t13
t13:
  store i32 13, ptr %acc
  br label %t14
t14:
  store i32 14, ptr %acc
  br label %t15
t15:
  store i32 15, ptr %acc
  br label %t16
t16:
  store i32 16, ptr %acc
  br label %t17
t17:
  store i32 17, ptr %acc
  br label %t18
t18:
  store i32 18, ptr %acc
  br label %t19
t19:
  store i32 19, ptr %acc
  br label %t20
t20:
  store i32 20, ptr %acc
  br label %t21
t21:
  store i32 21, ptr %acc
  br label %t22
t22:
  store i32 22, ptr %acc
  br label %t23
t23:
  store i32 23, ptr %acc
  br label %t24
t24:
  store i32 24, ptr %acc
  br label %t25
t25:
  store i32 25, ptr %acc
  br label %t26
t26:
  store i32 26, ptr %acc
  br label %t27
t27:
  store i32 27, ptr %acc
  br label %t28
t28:
  store i32 28, ptr %acc
  br label %t29
t29:
  store i32 29, ptr %acc
  br label %t30
t30:
  store i32 30, ptr %acc
  %next = add i32 %pc, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %dispatch, label %done
done:
  ret void
}

; CHECK-LABEL: define void @dispatch(
; CHECK:       op39:
; CHECK-NEXT:    call void @work(i32 39)
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}@llvm.threadlocal.address
; CHECK-NEXT:    getelementptr inbounds i64
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64 %energy.count{{[0-9]*}}, 1
; CHECK-NEXT:    store i64
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    call void @trace(i32 %pc)
; CHECK-NEXT:    %next = add i32 %pc, 1

; CHECK-LABEL: define void @long_tail(
; CHECK:       join:
; CHECK-NEXT:    br label %t1
; CHECK:       t1:
; CHECK-NEXT:    call void @trace(i32 %pc)
; CHECK-NEXT:    store i32 1, ptr %acc
; CHECK:       t2:
; CHECK-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}@llvm.threadlocal.address
; CHECK-NEXT:    getelementptr inbounds i64
; CHECK-NEXT:    load i64
; CHECK-NEXT:    add i64 %energy.count{{[0-9]*}}, 1
; CHECK:       t3:
; CHECK-NEXT:    store i32 3, ptr %acc
; CHECK:       t30:
; CHECK-NEXT:    store i32 30, ptr %acc
; CHECK-NEXT:    %next = add i32 %pc, 1

; EVERY-LABEL: define void @dispatch(
; EVERY:       join:
; EVERY-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}@llvm.threadlocal.address
; EVERY-LABEL: define void @long_tail(
; EVERY:       t30:
; EVERY-NEXT:    %energy.counters{{[0-9]+}} = call {{.*}}@llvm.threadlocal.address

attributes #0 = { nounwind willreturn }
