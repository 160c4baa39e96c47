/*===- energy_cuda_emu/device_functions.h - the toolkit header of that name ===*
 * Programs include it for the device intrinsics, which come with
 * cuda_runtime.h under emulation.
 *===----------------------------------------------------------------------===*/
#include "cuda_runtime.h"
