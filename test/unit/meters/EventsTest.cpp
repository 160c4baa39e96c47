//===- EventsTest.cpp - Event names resolve as perf resolves them ---------===//
#include "meters/Events.h"

#include <gtest/gtest.h>
#include <linux/perf_event.h>

using namespace energy::meters;

namespace {

const std::string kFixtures = ENERGY_METERS_FIXTURES;

EventSpec resolved(const char *name, const std::string &root = kFixtures + "/sys-perf-power") {
  EventSpec spec;
  std::string error;
  EXPECT_TRUE(resolveEvent(name, root, spec, error)) << error;
  return spec;
}

uint64_t cacheConfig(uint64_t cache, uint64_t op, uint64_t result) {
  return cache | (op << 8) | (result << 16);
}

TEST(Events, ThePapersTwentyTwoEventsAllResolve) {
  ASSERT_EQ(paperEvents().size(), 22u);
  for (const std::string &name : paperEvents()) {
    EventSpec spec;
    EXPECT_TRUE(lookupGenericEvent(name, spec)) << name;
  }
  EXPECT_EQ(defaultEvents().size(), 24u);
}

TEST(Events, HardwareAndSoftwareNamesMatchPerf) {
  EXPECT_EQ(resolved("cycles").type, PERF_TYPE_HARDWARE);
  EXPECT_EQ(resolved("ref-cycles").config, PERF_COUNT_HW_REF_CPU_CYCLES);
  EXPECT_EQ(resolved("stalled-cycles-backend").config, PERF_COUNT_HW_STALLED_CYCLES_BACKEND);
  EXPECT_EQ(resolved("cs").type, PERF_TYPE_SOFTWARE);
  EXPECT_EQ(resolved("cs").config, PERF_COUNT_SW_CONTEXT_SWITCHES);
  EXPECT_EQ(resolved("context-switches").config, PERF_COUNT_SW_CONTEXT_SWITCHES);
  EXPECT_EQ(resolved("migrations").config, PERF_COUNT_SW_CPU_MIGRATIONS);
  EXPECT_EQ(resolved("cpu-clock").config, PERF_COUNT_SW_CPU_CLOCK);
  EXPECT_EQ(resolved("task-clock").config, PERF_COUNT_SW_TASK_CLOCK);
  EXPECT_EQ(resolved("page-faults").config, PERF_COUNT_SW_PAGE_FAULTS);
}

TEST(Events, CacheEventsComposeLikePerf) {
  EXPECT_EQ(resolved("L1-dcache-loads").config,
            cacheConfig(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_READ,
                        PERF_COUNT_HW_CACHE_RESULT_ACCESS));
  EXPECT_EQ(resolved("L1-dcache-prefetch-misses").config,
            cacheConfig(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_PREFETCH,
                        PERF_COUNT_HW_CACHE_RESULT_MISS));
  EXPECT_EQ(resolved("LLC-stores").config,
            cacheConfig(PERF_COUNT_HW_CACHE_LL, PERF_COUNT_HW_CACHE_OP_WRITE,
                        PERF_COUNT_HW_CACHE_RESULT_ACCESS));
  EXPECT_EQ(resolved("branch-load-misses").config,
            cacheConfig(PERF_COUNT_HW_CACHE_BPU, PERF_COUNT_HW_CACHE_OP_READ,
                        PERF_COUNT_HW_CACHE_RESULT_MISS));
  EXPECT_EQ(resolved("dTLB-loads").type, PERF_TYPE_HW_CACHE);
}

TEST(Events, ModifiersAndRawCodes) {
  EventSpec user = resolved("cycles:u");
  EXPECT_FALSE(user.excludeUser);
  EXPECT_TRUE(user.excludeKernel);
  EXPECT_TRUE(user.excludeHv);
  EventSpec raw = resolved("r01c2");
  EXPECT_EQ(raw.type, PERF_TYPE_RAW);
  EXPECT_EQ(raw.config, 0x1c2u);
  EXPECT_EQ(raw.name, "r01c2");
}

TEST(Events, SysfsPmuEventsUseFormatAliasScaleAndCpumask) {
  EventSpec pkg = resolved("power/energy-pkg/");
  EXPECT_EQ(pkg.type, 23u);
  EXPECT_EQ(pkg.config, 0x02u);
  EXPECT_DOUBLE_EQ(pkg.scale, 2.3283064365386962890625e-10);
  EXPECT_EQ(pkg.unit, "Joules");
  EXPECT_EQ(pkg.cpu, 0);
  // A format spread over two bit ranges: event=0x1ff puts bits 0-7 at 0-7 and bit 8 at 32.
  EventSpec split = resolved("power/event=0x1ff/");
  EXPECT_EQ(split.config, 0xffu | (uint64_t{1} << 32));
}

TEST(Events, ListsSplitOnCommasOutsideGroupsAndPmuTerms) {
  EventListResult r = parseEventList("cycles,{instructions,branches},power/event=0x2,umask=0/,cs",
                                     kFixtures + "/sys-perf-power");
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.events.size(), 5u);
  EXPECT_EQ(r.events[0].group, -1);
  EXPECT_EQ(r.events[1].group, 0);
  EXPECT_EQ(r.events[2].group, 0);
  EXPECT_EQ(r.events[3].name, "power/event=0x2,umask=0/");
  EXPECT_EQ(r.events[4].name, "cs");
}

TEST(Events, BadListsGiveOneLineErrors) {
  const std::string root = kFixtures + "/sys-perf-power";
  EventListResult unknown = parseEventList("cycles,no-such-event", root);
  EXPECT_NE(unknown.error.find("unknown event 'no-such-event'"), std::string::npos)
      << unknown.error;
  EXPECT_EQ(unknown.error.find('\n'), std::string::npos);
  EXPECT_NE(parseEventList("{cycles", root).error.find("unterminated"), std::string::npos);
  EXPECT_NE(parseEventList("cycles}", root).error.find("unmatched"), std::string::npos);
  EXPECT_NE(parseEventList("", root).error.find("empty"), std::string::npos);
  EXPECT_NE(parseEventList("nopmu/event=1/", root).error.find("unknown PMU 'nopmu'"),
            std::string::npos);
  EXPECT_NE(parseEventList("power/bogus/", root).error.find("no term or event 'bogus'"),
            std::string::npos);
}

TEST(Events, Libpfm4NamesResolve) {
  EventSpec spec;
  std::string error;
  ASSERT_TRUE(lookupPfmEvent("perf::PERF_COUNT_HW_INSTRUCTIONS", spec, error)) << error;
  EXPECT_EQ(spec.type, PERF_TYPE_HARDWARE);
  EXPECT_EQ(spec.config, PERF_COUNT_HW_INSTRUCTIONS);
  EXPECT_FALSE(lookupPfmEvent("NO_SUCH_EVENT:ANYWHERE", spec, error));
  EXPECT_NE(error.find("libpfm4"), std::string::npos);
}

} // namespace
