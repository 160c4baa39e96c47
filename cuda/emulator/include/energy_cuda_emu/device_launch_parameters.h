/*===- energy_cuda_emu/device_launch_parameters.h - threadIdx and friends --===*
 * Some CUDA programs include this toolkit header by name; under emulation the
 * built-in variables come with cuda_runtime.h.
 *===----------------------------------------------------------------------===*/
#include "cuda_runtime.h"
