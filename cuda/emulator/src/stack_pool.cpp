//===- stack_pool.cpp - Fiber stacks with guard pages, reused --------------===//
#include "stack_pool.h"

#include <new>
#include <sys/mman.h>
#include <unistd.h>

namespace energy_cuda_emu::detail {

stack_pool::stack_pool(std::size_t usable_bytes)
    : page_bytes_(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))) {
  usable_bytes_ = (usable_bytes + page_bytes_ - 1) / page_bytes_ * page_bytes_;
}

namespace {
constexpr std::size_t stacks_per_chunk = 32;
}

stack_pool::~stack_pool() {
  for (const chunk &mapping : chunks_)
    munmap(mapping.base, mapping.bytes);
}

void stack_pool::map_chunk() {
  const std::size_t slot = usable_bytes_ + page_bytes_;
  const std::size_t bytes = slot * stacks_per_chunk;
  void *base = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED)
    throw std::bad_alloc();
  chunks_.push_back({base, bytes});
  free_tops_.reserve(chunks_.size() * stacks_per_chunk); // so that deallocate never allocates
  for (std::size_t i = stacks_per_chunk; i-- > 0;) {
    char *bottom = static_cast<char *>(base) + i * slot;
    mprotect(bottom, page_bytes_, PROT_NONE); // the guard page, below the stack
    free_tops_.push_back(bottom + slot);
  }
}

boost::context::stack_context stack_pool::allocate() {
  if (free_tops_.empty())
    map_chunk();
  boost::context::stack_context stack;
  stack.size = usable_bytes_;
  stack.sp = free_tops_.back();
  free_tops_.pop_back();
  return stack;
}

void stack_pool::deallocate(boost::context::stack_context &stack) noexcept {
  free_tops_.push_back(stack.sp);
}

} // namespace energy_cuda_emu::detail
