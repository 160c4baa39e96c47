; Edge counts: an edge whose source has one successor is counted by its
; source's slot, one whose target has one predecessor by its target's; only
; critical edges get a block and a slot of their own (slots after the
; blocks). A loop: the header's back edge from the latch and its entry edge.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Blocks: entry 0, header 1, body 2, exit 3. Edges: entry->header (slot 0:
; entry has one successor), header->body (slot 2: body has one
; predecessor); header->exit, body->exit and body->header are critical
; (slots 4, 5, 6).
; CHECK: \22edges\22:{{\[}}[0,1,0],[1,2,2],[1,3,4],[2,3,5],[2,1,6]],{{.*}}\22num_blocks\22:4,\22num_slots\22:7

; CHECK-LABEL: define void @loop(
; CHECK: br i1 %stop, label %[[TOEXIT:energy.gpu.edge[0-9]*]], label %[[TOHEADER:energy.gpu.edge[0-9]*]]
; CHECK: [[TOHEADER]]:
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 6
; CHECK: br label %header
; CHECK: [[TOEXIT]]:
; CHECK: getelementptr inbounds i64, ptr %energy.gpu.row, i32 5
; CHECK: br label %exit
define void @loop(ptr %p, i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit
body:
  store i32 %i, ptr %p
  %next = add i32 %i, 1
  %stop = icmp eq i32 %next, 100
  br i1 %stop, label %exit, label %header
exit:
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @loop, !"kernel", i32 1}
