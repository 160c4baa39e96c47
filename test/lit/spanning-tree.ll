; Counters go on the CFG edges off a maximum spanning tree, and each block's
; count is derived from them as terms (coefficient x counter). A diamond needs
; two counters for four blocks; a counter on a critical edge gets a block of
; its own; a block whose call may not come back is counted on both sides of
; the call; a function that is one block with a call, or that calls setjmp,
; counts every block by itself.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-min-instructions=1000 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @work()
declare i32 @setjmp(ptr) returns_twice

; Blocks 0-3: entry and join are then + else.
; CHECK: @__energy_terms = private constant [22 x %energy.count_term] [
; CHECK-SAME: %energy.count_term { i32 0, i32 0, i64 1 }, %energy.count_term { i32 0, i32 1, i64 1 },
; CHECK-SAME: %energy.count_term { i32 1, i32 0, i64 1 }, %energy.count_term { i32 2, i32 1, i64 1 },
; CHECK-SAME: %energy.count_term { i32 3, i32 0, i64 1 }, %energy.count_term { i32 3, i32 1, i64 1 },
; Blocks 4-6: counter 2 on the edge into the call block, 3 after its call, 4
; on the return. The entry is the edge into the call block plus the edge that
; skips it, which is the return minus what came back from the call.
; CHECK-SAME: %energy.count_term { i32 4, i32 2, i64 1 }, %energy.count_term { i32 4, i32 3, i64 -1 }, %energy.count_term { i32 4, i32 4, i64 1 },
; CHECK-SAME: %energy.count_term { i32 5, i32 2, i64 1 },
; CHECK-SAME: %energy.count_term { i32 6, i32 4, i64 1 },
; Blocks 7-9: counters 5 and 6 on the split edges of the default and case 0,
; 7 into u; entry and t are their sum.
; CHECK-SAME: %energy.count_term { i32 7, i32 5, i64 1 }, %energy.count_term { i32 7, i32 6, i64 1 }, %energy.count_term { i32 7, i32 7, i64 1 },
; CHECK-SAME: %energy.count_term { i32 8, i32 7, i64 1 },
; CHECK-SAME: %energy.count_term { i32 9, i32 5, i64 1 }, %energy.count_term { i32 9, i32 6, i64 1 }, %energy.count_term { i32 9, i32 7, i64 1 },
; Blocks 10-13: a counter each.
; CHECK-SAME: %energy.count_term { i32 10, i32 8, i64 1 }, %energy.count_term { i32 11, i32 9, i64 1 },
; CHECK-SAME: %energy.count_term { i32 12, i32 10, i64 1 }, %energy.count_term { i32 13, i32 11, i64 1 }]
; CHECK: @__energy_module = internal global %energy.module { i32 8, i32 5, i32 14, i32 0, i64 {{-?[0-9]+}}, ptr {{@[^,]+}}, ptr @__energy_regions, ptr @__energy_blocks, ptr null, i32 12, i32 22, ptr @__energy_terms,

; CHECK-LABEL: define i32 @diamond(
; CHECK: entry:
; CHECK-NOT: energy.slot
; CHECK: then:
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 0
; CHECK: else:
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 1
; CHECK: join:
; CHECK-NOT: energy.slot
; CHECK: ret i32
define i32 @diamond(i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  br label %join
else:
  br label %join
join:
  %r = phi i32 [ 1, %then ], [ 2, %else ]
  ret i32 %r
}

; CHECK-LABEL: define void @calls_twice(
; CHECK: entry:
; CHECK-NOT: energy.slot
; CHECK: call:
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 2
; CHECK: call void @work()
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 3
; CHECK: done:
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 4
define void @calls_twice(i1 %c) {
entry:
  br i1 %c, label %call, label %done
call:
  call void @work()
  br label %done
done:
  ret void
}

; Three edges leave the switch, two of them to t: both of those are critical
; and off the tree here, each counted in a block of its own.
; CHECK-LABEL: define i32 @shared_target(
; CHECK: switch i32 %x, label %entry.t_crit_edge [
; CHECK-NEXT: i32 0, label %entry.t_crit_edge2
; CHECK: entry.t_crit_edge2:
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 6
; CHECK: entry.t_crit_edge:
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 5
; CHECK: u:
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 7
; CHECK: t:
; CHECK-NEXT: phi i32 [ 0, %entry.t_crit_edge ], [ 0, %entry.t_crit_edge2 ], [ 1, %u ]
; CHECK-NEXT: ret i32
define i32 @shared_target(i32 %x) {
entry:
  switch i32 %x, label %t [ i32 0, label %t
                            i32 1, label %u ]
u:
  br label %t
t:
  %r = phi i32 [ 0, %entry ], [ 0, %entry ], [ 1, %u ]
  ret i32 %r
}

; CHECK-LABEL: define void @single_call(
; CHECK: getelementptr inbounds i64, ptr %energy.counters{{[0-9]*}}, i64 8
; CHECK-NEXT: load
; CHECK-NEXT: add
; CHECK-NEXT: store
; CHECK-NEXT: call void @work()
; CHECK-NEXT: ret void
define void @single_call() {
  call void @work()
  ret void
}

; CHECK-LABEL: define void @jumps(
; CHECK: entry:
; CHECK: i64 9
; CHECK: x:
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: i64 10
; CHECK: y:
; CHECK-NEXT: %energy.counters{{[0-9]+}} = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__energy_counters)
; CHECK-NEXT: i64 11
define void @jumps(ptr %buf, i1 %c) {
entry:
  %r = call i32 @setjmp(ptr %buf)
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  ret void
}
