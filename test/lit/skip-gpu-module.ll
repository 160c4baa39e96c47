; Device modules (here nvptx64) have no thread_local storage and no host
; runtime: the host pass leaves them alone and does not mark them.
; RUN: %opt -load-pass-plugin %plugin -passes=energy-instrument -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @kernel(ptr %p) {
  store float 1.0, ptr %p
  ret void
}

; CHECK-NOT: __energy_
; CHECK-NOT: energypass.instrumented
