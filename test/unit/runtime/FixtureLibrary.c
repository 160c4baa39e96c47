/*===- FixtureLibrary.c - A shared library instrumented by hand ------------===*
 *
 * What the pass makes of a library with one function `fixture_work`: the
 * tables, a thread_local counter array and its getter, and the constructor
 * and destructor that register and unregister the module. The runtime tests
 * dlopen and dlclose it; it is built twice, with FIXTURE_REGION naming the
 * region differently, for tests with two instrumented libraries.
 *
 *===----------------------------------------------------------------------===*/
#include "energy/abi.h"

void __energy_register_module(struct energy_module *);
void __energy_unregister_module(struct energy_module *);
void __energy_region_enter(struct energy_module *, uint32_t);
void __energy_region_exit(struct energy_module *, uint32_t);

#ifndef FIXTURE_REGION
#define FIXTURE_REGION "fixture_work"
#endif

static _Thread_local uint64_t counters[2];
static uint64_t *thread_counters(void) { return counters; }

static const struct energy_region regions[] = {
    {FIXTURE_REGION, FIXTURE_REGION, "FixtureLibrary.c", 30, ENERGY_REGION_FUNCTION,
     ENERGY_NO_REGION, ENERGY_NO_BLOCK},
};
static const struct energy_block blocks[] = {
    {0,
     31,
     {.flops = {[ENERGY_PREC_DOUBLE] = {[ENERGY_FLOP_ADDSUB] = 3}},
      .flops_by_width = {[ENERGY_WIDTH_SCALAR] = 3},
      .bytes_loaded = 24,
      .instructions = 9}},
    {0, 32, {.instructions = 1}},
};
static struct energy_module module = {.abi_version = ENERGY_ABI_VERSION,
                                      .num_regions = 1,
                                      .num_blocks = 2,
                                      .hash = 0xf1f1f1f1ull,
                                      .source = "FixtureLibrary.c",
                                      .regions = regions,
                                      .blocks = blocks,
                                      .num_counters = 2,
                                      .thread_counters = thread_counters};

__attribute__((constructor(ENERGY_CTOR_PRIORITY))) static void ctor(void) {
  __energy_register_module(&module);
}
__attribute__((destructor(ENERGY_CTOR_PRIORITY))) static void dtor(void) {
  __energy_unregister_module(&module);
}

__attribute__((visibility("default"))) void fixture_work(int n) {
  __energy_region_enter(&module, 0);
  for (int i = 0; i < n; ++i)
    ++counters[0];
  ++counters[1];
  __energy_region_exit(&module, 0);
  __asm__ volatile("" ::: "memory");
}
