/*===- energy_gpu/collector.h - Host collector of device mode on a GPU -----===*
 *
 * The entry points that the host half of an instrumented CUDA translation
 * unit calls (pass/DeviceHostLaunches.h rewrites the calls clang emits; no
 * program calls them by hand). libenergy_gpu_collect.a implements them on
 * top of the CUDA runtime: every launch of an instrumented kernel gets a
 * zeroed buffer of one counter row per thread, stored in the device
 * module's `__energy_gpu_rows` on the launch stream; once the launch has
 * finished its rows are copied back and added to the GPU profile
 * (docs/formats/gpu-profile.md), written at exit.
 *
 * Thread safety: all entry points may be called from any host thread.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_GPU_COLLECTOR_H
#define ENERGY_GPU_COLLECTOR_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* From the module constructor, after __cudaRegisterFunction: `stub` is the
 * kernel's host stub, `device_name` its (mangled) name; `rows` and
 * `table_ref` are the host shadows of the module's __energy_gpu_rows and
 * __energy_gpu_table_ref, registered with __cudaRegisterVar. */
void energy_gpu_register_kernel(const void *stub, const char *device_name, void *rows,
                                const void *table_ref);

/* cudaLaunchKernel, and its per-thread-default-stream form, with counting.
 * A launch the collector cannot give a buffer (out of memory, unreadable
 * table) still runs, uncounted, after a one-line message on stderr. */
cudaError_t energy_gpu_launch_kernel(const void *stub, dim3 grid, dim3 block, void **args,
                                     size_t shared_memory, cudaStream_t stream);
cudaError_t energy_gpu_launch_kernel_ptsz(const void *stub, dim3 grid, dim3 block, void **args,
                                          size_t shared_memory, cudaStream_t stream);

/* cudaDeviceSynchronize / cudaDeviceReset, after collecting every launch. */
cudaError_t energy_gpu_device_synchronize(void);
cudaError_t energy_gpu_device_reset(void);

#ifdef __cplusplus
}
#endif

#endif
