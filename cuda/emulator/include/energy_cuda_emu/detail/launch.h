/*===- energy_cuda_emu/detail/launch.h - kernel launches on the CPU --------===*
 *
 * energy-cuda-rewrite turns a launch `K<<<G, B, S, T>>>(ARGS)` into
 *
 *   (::energy_cuda_emu::launch("K", G, B, S, T) ->*
 *        [&](auto &&...a) { K(a...); })(ARGS)
 *
 * so that the kernel is called like any function: template arguments are
 * deduced and overloads resolved as in the original call. The arguments are
 * copied once at the launch (as CUDA copies them into the parameter buffer),
 * then every CUDA thread calls the kernel with its own copies. The launch
 * returns when all blocks have run: streams are synchronous.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_LAUNCH_H
#define ENERGY_CUDA_EMU_LAUNCH_H

#include "../cuda_runtime_api.h"
#include "../vector_types.h"

#include <stddef.h>
#include <tuple>
#include <type_traits>
#include <utility>

namespace energy_cuda_emu {

struct launch_config {
  const char *kernel; /* the launch's callee as written, for messages */
  dim3 grid;
  dim3 block;
  size_t shared_bytes;
  cudaStream_t stream;
};

inline launch_config launch(const char *kernel, dim3 grid, dim3 block, size_t shared_bytes = 0,
                            cudaStream_t stream = nullptr) {
  return launch_config{kernel, grid, block, shared_bytes, stream};
}

namespace detail {
/* Runs one CUDA thread: calls the kernel with the launch's arguments. */
using thread_entry = void (*)(const void *closure);
/* Runs every block of the grid; sets the last error on a bad configuration
 * or a failed block. Defined in the emulator library. */
cudaError_t launch_grid(const launch_config &config, thread_entry entry, const void *closure);

template <class Run> void call_thread(const void *closure) {
  (*static_cast<const Run *>(closure))();
}

template <class Params, class Body> struct bound_kernel {
  const Params *params;
  const Body *body;
  void operator()() const { std::apply(*body, *params); }
};
} // namespace detail

template <class Body> struct pending_launch {
  launch_config config;
  Body body;
  template <class... Args> void operator()(Args &&...args) const {
    const std::tuple<std::decay_t<Args>...> params(std::forward<Args>(args)...);
    const detail::bound_kernel<decltype(params), Body> run{&params, &body};
    detail::launch_grid(config, &detail::call_thread<decltype(run)>, &run);
  }
};

template <class Body> pending_launch<Body> operator->*(const launch_config &config, Body body) {
  return pending_launch<Body>{config, std::move(body)};
}

} // namespace energy_cuda_emu

namespace energy_cuda_emu::detail {
template <class... Params, size_t... I>
void call_with_argument_pointers(void (*kernel)(Params...), void **args,
                                 std::index_sequence<I...>) {
  kernel(*static_cast<std::remove_reference_t<Params> *>(args[I])...);
}
} // namespace energy_cuda_emu::detail

/* The explicit launch API: args[i] points to the kernel's i-th argument. */
template <class... Params>
cudaError_t cudaLaunchKernel(void (*kernel)(Params...), dim3 grid, dim3 block, void **args,
                             size_t shared_bytes = 0, cudaStream_t stream = nullptr) {
  auto body = [kernel, args] {
    energy_cuda_emu::detail::call_with_argument_pointers(kernel, args,
                                                         std::index_sequence_for<Params...>{});
  };
  return energy_cuda_emu::detail::launch_grid(
      energy_cuda_emu::launch("cudaLaunchKernel", grid, block, shared_bytes, stream),
      &energy_cuda_emu::detail::call_thread<decltype(body)>, &body);
}

#endif
