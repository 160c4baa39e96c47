//===- stack_pool.h - Fiber stacks for the threads of a block ---------------===//
//
// Every CUDA thread of a block runs on its own fiber stack. Blocks come and
// go by the million, so stacks are kept and reused by the host thread that
// runs the blocks; each has a guard page below it, so that a kernel that
// overflows its stack stops with SIGSEGV instead of corrupting a neighbour.
// Pages are committed by the kernel only where touched. Stacks are mapped in
// chunks, so that a block of 1024 threads costs a few mmap calls, not 1024.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_CUDA_EMU_STACK_POOL_H
#define ENERGY_CUDA_EMU_STACK_POOL_H

#include <boost/context/stack_context.hpp>

#include <cstddef>
#include <vector>

namespace energy_cuda_emu::detail {

class stack_pool {
public:
  // `usable_bytes` is rounded up to whole pages.
  explicit stack_pool(std::size_t usable_bytes);
  ~stack_pool();
  stack_pool(const stack_pool &) = delete;
  stack_pool &operator=(const stack_pool &) = delete;

  // Throws std::bad_alloc when the address space is exhausted.
  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context &stack) noexcept;

private:
  std::size_t page_bytes_;
  std::size_t usable_bytes_;
  std::vector<void *> free_tops_; // stack tops (highest addresses) ready for reuse
  struct chunk {
    void *base;
    std::size_t bytes;
  };
  void map_chunk();
  std::vector<chunk> chunks_; // every mapping made, unmapped at destruction
};

// The StackAllocator that boost::context::fiber takes, drawing from a pool.
struct pooled_stack_allocator {
  stack_pool *pool;
  boost::context::stack_context allocate() { return pool->allocate(); }
  void deallocate(boost::context::stack_context &stack) noexcept { pool->deallocate(stack); }
};

} // namespace energy_cuda_emu::detail

#endif
