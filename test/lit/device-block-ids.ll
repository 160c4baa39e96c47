; Block IDs are per kernel: the kernel's blocks in layout order, then those
; of the device functions it calls, each cloned for the kernel (so @shared
; has one numbering in each kernel). The table names every block's facts.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s -o %t.ll
; RUN: FileCheck %s --input-file %t.ll
; RUN: FileCheck %s --check-prefix=TABLE --input-file %t.ll

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define internal i32 @shared(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %big, label %small
big:
  ret i32 3
small:
  ret i32 %x
}

define void @first(ptr %p, i32 %x) {
entry:
  %v = call i32 @shared(i32 %x)
  store i32 %v, ptr %p
  ret void
}

define void @second(ptr %p, i32 %x) {
entry:
  %y = add i32 %x, 1
  br label %next
next:
  %v = call i32 @shared(i32 %y)
  store i32 %v, ptr %p
  ret void
}

; The original is gone: both kernels call their own copies.
; CHECK-NOT: define internal i32 @shared(
; CHECK-LABEL: define void @first(
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 0
; CHECK: call i32 @shared.energy_gpu.first(
; CHECK-LABEL: define void @second(
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 0
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 1
; CHECK: call i32 @shared.energy_gpu.second(
; CHECK-LABEL: define internal i32 @shared.energy_gpu.first(
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 1
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 2
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 3
; CHECK-LABEL: define internal i32 @shared.energy_gpu.second(
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 2
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 3
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 4

; Kernel @first: entry (0) then shared's entry, big, small (1..3); only the
; kernel's return ends the thread; the def-use distance of shared's entry is
; 1 (the branch uses the compare just before it).
; TABLE: \22address\22:0,\22def_use_distance\22:1,\22exit\22:true,\22id\22:0,\22instructions\22:3,\22label\22:\22entry\22,\22line\22:0,\22opcodes\22:{\22call\22:1,\22ret\22:1,\22store\22:1},\22preds\22:[],\22succs\22:[],\22terminator\22:\22ret\22}
; TABLE-SAME: \22exit\22:false,\22function\22:\22shared\22,\22id\22:1,\22instructions\22:2,\22label\22:\22shared:entry\22,{{.*}}\22succs\22:[2,3]
; TABLE-SAME: \22id\22:2,{{.*}}\22label\22:\22shared:big\22,{{.*}}\22preds\22:[1]
; TABLE-SAME: \22edges\22:{{\[}}[1,2,2],[1,3,3]],\22mode\22:0,\22name\22:\22first\22,\22num_blocks\22:4,\22num_slots\22:4
; TABLE-SAME: \22edges\22:{{\[}}[0,1,0],[2,3,3],[2,4,4]],\22mode\22:0,\22name\22:\22second\22,\22num_blocks\22:5,\22num_slots\22:5

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @first, !"kernel", i32 1}
!1 = !{ptr @second, !"kernel", i32 1}
