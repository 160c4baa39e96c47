/*===- energy_cuda_emu/cuda.h - the toolkit's cuda.h under emulation -------===*
 * Programs that include cuda.h only for CUDA_VERSION or for types shared with
 * the runtime API get them here; the driver API (cu* functions) is not
 * emulated.
 *===----------------------------------------------------------------------===*/
#include "cuda_runtime.h"
