; The three device modes on one kernel. Every thread: the row at the linear
; thread id, a plain increment when the host gave a buffer. Per warp: the
; row of the warp's first lane; the first active lane adds the popcount of
; the active mask, atomically. Sample: only blocks whose linear index is a
; multiple of N count.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s --check-prefixes=THREAD
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-gpu-mode=warp -S %s | FileCheck %s --check-prefixes=WARP
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -energy-gpu-mode=sample -energy-gpu-sample=4 -S %s | FileCheck %s --check-prefixes=SAMPLE

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; THREAD-LABEL: define void @k(
; THREAD: %energy.gpu.block = add i64
; THREAD: %energy.gpu.in_block = add i64
; THREAD: %energy.gpu.thread = add i64 %{{.*}}, %energy.gpu.in_block
; THREAD-NEXT: %energy.gpu.offset = mul i64 %energy.gpu.thread, 1
; THREAD-NEXT: %energy.gpu.row = getelementptr i64, ptr %energy.gpu.rows, i64 %energy.gpu.offset
; THREAD-NEXT: %energy.gpu.on = icmp ne ptr %energy.gpu.rows, null
; THREAD-NEXT: br i1 %energy.gpu.on, label %energy.gpu.counting, label
; THREAD: energy.gpu.counting:
; THREAD-NEXT: %energy.gpu.slot = getelementptr inbounds i64, ptr %energy.gpu.row, i32 0
; THREAD-NEXT: %energy.gpu.count = load i64, ptr %energy.gpu.slot
; THREAD-NEXT: %energy.gpu.next = add i64 %energy.gpu.count, 1
; THREAD-NEXT: store i64 %energy.gpu.next, ptr %energy.gpu.slot
; THREAD-NOT: atomicrmw
; THREAD: store float 1.0

; WARP-LABEL: define void @k(
; WARP: %energy.gpu.lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; WARP-NEXT: %[[LANE64:.*]] = zext i32 %energy.gpu.lane to i64
; WARP-NEXT: %energy.gpu.first_lane = sub i64 %energy.gpu.thread, %[[LANE64]]
; WARP-NEXT: %energy.gpu.offset = mul i64 %energy.gpu.first_lane, 1
; WARP-NEXT: %energy.gpu.row = getelementptr i64, ptr %energy.gpu.rows, i64 %energy.gpu.offset
; WARP-NEXT: %energy.gpu.on = icmp ne ptr %energy.gpu.rows, null
; WARP-NEXT: %energy.gpu.mask = call i32 @llvm.nvvm.activemask()
; WARP-NEXT: %energy.gpu.leader = call i32 @llvm.cttz.i32(i32 %energy.gpu.mask, i1 true)
; WARP-NEXT: %energy.gpu.is_leader = icmp eq i32 %energy.gpu.lane, %energy.gpu.leader
; WARP-NEXT: %energy.gpu.go = and i1 %energy.gpu.on, %energy.gpu.is_leader
; WARP-NEXT: %[[POP:.*]] = call i32 @llvm.ctpop.i32(i32 %energy.gpu.mask)
; WARP-NEXT: %energy.gpu.active = zext i32 %[[POP]] to i64
; WARP-NEXT: br i1 %energy.gpu.go, label %energy.gpu.counting, label
; WARP: energy.gpu.counting:
; WARP-NEXT: %energy.gpu.slot = getelementptr inbounds i64, ptr %energy.gpu.row, i32 0
; WARP-NEXT: atomicrmw add ptr %energy.gpu.slot, i64 %energy.gpu.active monotonic

; SAMPLE: \22mode\22:2,\22name\22:\22k\22,\22num_blocks\22:1,\22num_slots\22:1,\22sample_every\22:4
; SAMPLE-LABEL: define void @k(
; SAMPLE: %energy.gpu.on = icmp ne ptr %energy.gpu.rows, null
; SAMPLE-NEXT: %[[REM:.*]] = urem i64 %energy.gpu.block, 4
; SAMPLE-NEXT: %energy.gpu.sampled = icmp eq i64 %[[REM]], 0
; SAMPLE-NEXT: %[[GO:.*]] = and i1 %energy.gpu.on, %energy.gpu.sampled
; SAMPLE-NEXT: br i1 %[[GO]], label %energy.gpu.counting, label
define void @k(ptr %p) {
entry:
  store float 1.0, ptr %p
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
