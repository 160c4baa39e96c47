/*===- energy_cuda_emu/detail/builtin_vars.h - threadIdx, blockIdx, ... ----===*
 *
 * The built-in variables are real thread_local variables of the host thread
 * that runs a block. The block's scheduler stores the running fiber's
 * thread index into `threadIdx` at every switch; since a switch happens only
 * inside a call into the emulator library (a barrier or a warp intrinsic), the
 * compiler never keeps a stale copy across one. They are constinit: without
 * it every read in a kernel first checks for (and may call) a thread_local
 * initialiser in another translation unit; with it a read is one load.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_BUILTIN_VARS_H
#define ENERGY_CUDA_EMU_BUILTIN_VARS_H

#include "../vector_types.h"

extern thread_local constinit uint3 threadIdx;
extern thread_local constinit uint3 blockIdx;
extern thread_local constinit dim3 blockDim;
extern thread_local constinit dim3 gridDim;
static constexpr int warpSize = 32;

#endif
