//===- ThreadMeters.cpp - One thread's counters and region slot -----------===//
#include "meters/ThreadMeters.h"

#include <sys/syscall.h>
#include <unistd.h>

namespace energy::meters {

ThreadMeters::ThreadMeters(const MeterSet &meters, Sampler *sampler)
    : counters(meters.openThreadCounters()), sampler(sampler), eventCount(meters.events().size()) {
  if (sampler)
    slot = sampler->registerThread(counters.get(), &top, static_cast<pid_t>(syscall(SYS_gettid)));
}

ThreadMeters::~ThreadMeters() {
  if (sampler && slot >= 0)
    sampler->unregisterThread(slot);
}

void ThreadMeters::read(CounterValue *out) const {
  if (counters) {
    counters->readSelf(out);
    return;
  }
  for (size_t i = 0; i < eventCount; ++i)
    out[i] = CounterValue{};
}

} // namespace energy::meters
