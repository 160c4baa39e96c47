/*===- energy_gpu/abi.h - Device instrumentation ABI: pass <-> collector ----===*
 *
 * The one definition of what EnergyPass's device mode emits for each CUDA
 * kernel and of the collection entry points that instrumented kernels call.
 * The pass (pass/DeviceInstrumenter.cpp) creates one constant
 * `struct energy_gpu_kernel` per kernel; the collector (cuda/device/) reads
 * it, sizes one counter row per CUDA thread for every launch, and writes the
 * GPU profile (docs/formats/gpu-profile.md) at exit.
 *
 * A row holds `num_slots` 64-bit counters: slot b < num_blocks counts block
 * b; the slots above count the kernel's critical CFG edges. Every other edge
 * count equals a block count (its source has one successor or its target one
 * predecessor), so `edges` names for each edge the slot that holds its count.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_GPU_ABI_H
#define ENERGY_GPU_ABI_H

#include <stdint.h>

#define ENERGY_GPU_ABI_VERSION 1u

/* What one row stands for, chosen at compile time (-energy-gpu-mode). */
#define ENERGY_GPU_MODE_THREAD 0u /* every thread counts into its own row */
#define ENERGY_GPU_MODE_WARP 1u   /* one row per warp, in its first lane's place */
#define ENERGY_GPU_MODE_SAMPLE 2u /* every thread of every sample_every-th block */

/* Symbols the pass references by name. */
#define ENERGY_GPU_EMU_ROW_FN "energy_gpu_emu_row"
#define ENERGY_GPU_KERNEL_PREFIX "__energy_gpu_kernel."
#define ENERGY_GPU_SYMBOL_PREFIX "energy_gpu_"

/* Real GPUs (pass/DeviceNvptxRows.h, pass/DeviceHostLaunches.h): the device
 * module's variables the host collector reads and writes by name, and the
 * collector entry points (energy_gpu/collector.h) the host half of a CUDA
 * translation unit calls instead of the CUDA runtime's. */
#define ENERGY_GPU_ROWS_SYMBOL "__energy_gpu_rows"
#define ENERGY_GPU_TABLE_SYMBOL "__energy_gpu_table"
#define ENERGY_GPU_TABLE_REF_SYMBOL "__energy_gpu_table_ref"
#define ENERGY_GPU_REGISTER_KERNEL_FN "energy_gpu_register_kernel"
#define ENERGY_GPU_LAUNCH_FN "energy_gpu_launch_kernel"
#define ENERGY_GPU_LAUNCH_PTSZ_FN "energy_gpu_launch_kernel_ptsz"
#define ENERGY_GPU_SYNCHRONIZE_FN "energy_gpu_device_synchronize"
#define ENERGY_GPU_RESET_FN "energy_gpu_device_reset"
#define ENERGY_GPU_TABLE_FORMAT "energypass-gpu-table"
#define ENERGY_GPU_TABLE_VERSION 1

#ifdef __cplusplus
extern "C" {
#endif

struct energy_gpu_kernel {
  uint32_t abi_version;  /* ENERGY_GPU_ABI_VERSION */
  uint32_t mode;         /* ENERGY_GPU_MODE_* */
  uint32_t sample_every; /* sample mode: blocks whose linear index % this == 0 */
  uint32_t num_blocks;
  uint32_t num_slots;
  uint32_t num_edges;
  const char *name;        /* the kernel's (mangled) symbol name */
  const char *blocks_json; /* the profile's "blocks" array, static facts */
  const uint32_t *edges;   /* num_edges triples: from block, to block, slot */
};

/* Emulated builds: the running CUDA thread's counter row for `kernel` in the
 * current launch; a scratch row when the thread is not sampled or runs
 * outside a launch. Thread safety: any host thread, from inside kernels. */
uint64_t *energy_gpu_emu_row(const struct energy_gpu_kernel *kernel);

/* `__energy_gpu_table_ref` of a device module: where its kernel table (JSON,
 * not NUL-terminated) lies in device memory, and its length in bytes. */
struct energy_gpu_table_ref {
  const char *address;
  uint64_t size;
};

#ifdef __cplusplus
}
#endif

#endif
