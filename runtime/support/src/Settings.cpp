//===- Settings.cpp - The table read once per process ---------------------===//
#include "support/Settings.h"

#include <atomic>
#include <sched.h>
#include <unistd.h>

namespace energy::support {
namespace {

/// Constant-initialised (every kind's constructor is constexpr): usable
/// before any static constructor has run.
constinit Settings Table;

/// The process whose environment Table holds (0: none yet). A process forked
/// after the reading has another pid, and so reads again at its first
/// question: with no atfork handler, which the runtime's report copies
/// (forked without them) would skip.
std::atomic<pid_t> ReadFor{0};
/// The process one of whose threads is reading, or 0.
std::atomic<pid_t> ReadingBy{0};

void readAll() noexcept {
#define ENERGY_TEXT_SETTING(Id, Variable, DefaultText, Meaning) Table.Id.read();
#define ENERGY_SWITCH_SETTING(Id, Variable, Default, Meaning) Table.Id.read();
#define ENERGY_CHOICE_SETTING(Id, Variable, Words, DefaultText, Meaning) Table.Id.read();
#define ENERGY_INTEGER_SETTING(Id, Variable, Min, Max, Default, DefaultText, Meaning)              \
  Table.Id.read();
#include "support/Settings.inc"
#undef ENERGY_TEXT_SETTING
#undef ENERGY_SWITCH_SETTING
#undef ENERGY_CHOICE_SETTING
#undef ENERGY_INTEGER_SETTING
}

void readFor(pid_t Me) noexcept {
  while (true) {
    pid_t Holder = ReadingBy.load(std::memory_order_acquire);
    if (Holder == Me) {
      // Another thread of this process reads: its answer will do.
      if (ReadFor.load(std::memory_order_acquire) == Me)
        return;
      sched_yield();
      continue;
    }
    // Nobody, or a thread of the process this one was forked from, which
    // will never finish here: take it over.
    if (ReadingBy.compare_exchange_weak(Holder, Me, std::memory_order_acquire))
      break;
  }
  if (ReadFor.load(std::memory_order_relaxed) != Me) {
    readAll();
    ReadFor.store(Me, std::memory_order_release);
  }
  ReadingBy.store(0, std::memory_order_release);
}

} // namespace

const Settings &settings() noexcept {
  pid_t Me = getpid();
  if (ReadFor.load(std::memory_order_acquire) != Me)
    readFor(Me);
  return Table;
}

void reloadSettingsForTesting() noexcept { ReadFor.store(0, std::memory_order_release); }

} // namespace energy::support
