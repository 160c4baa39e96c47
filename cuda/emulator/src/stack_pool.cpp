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

stack_pool::~stack_pool() {
  for (void *mapping : mappings_)
    munmap(mapping, usable_bytes_ + page_bytes_);
}

boost::context::stack_context stack_pool::allocate() {
  boost::context::stack_context stack;
  stack.size = usable_bytes_;
  if (!free_tops_.empty()) {
    stack.sp = free_tops_.back();
    free_tops_.pop_back();
    return stack;
  }
  const std::size_t total = usable_bytes_ + page_bytes_;
  void *mapping = mmap(nullptr, total, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapping == MAP_FAILED)
    throw std::bad_alloc();
  mprotect(mapping, page_bytes_, PROT_NONE); // the guard page, below the stack
  mappings_.push_back(mapping);
  free_tops_.reserve(mappings_.size()); // so that deallocate never allocates
  stack.sp = static_cast<char *>(mapping) + total;
  return stack;
}

void stack_pool::deallocate(boost::context::stack_context &stack) noexcept {
  free_tops_.push_back(stack.sp);
}

} // namespace energy_cuda_emu::detail
