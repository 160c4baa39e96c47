//===- SettingKinds.cpp - Reading each kind of setting, and the one line --===//
#include "support/SettingKinds.h"
#include "support/Environment.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/uio.h>
#include <unistd.h>

namespace energy::support {
namespace {

/// The setting's text, or nullptr for unset or empty (the same everywhere).
const char *nonEmpty(const char *Variable) {
  const char *Text = setting(Variable);
  return Text && *Text ? Text : nullptr;
}

/// Whether `Text` is the word at [Begin, End).
bool isWord(const char *Text, const char *Begin, const char *End) {
  size_t Length = size_t(End - Begin);
  return std::strlen(Text) == Length && std::strncmp(Text, Begin, Length) == 0;
}

/// "a, b or c" for the words "a|b|c" (an empty first word left out), into a
/// buffer of the caller's: a line about a setting may be said from a signal
/// handler.
void listWords(const char *Words, char *Out, size_t Size) {
  size_t Used = 0;
  Out[0] = '\0';
  const char *Begin = Words;
  while (true) {
    const char *End = std::strchr(Begin, '|');
    const char *Stop = End ? End : Begin + std::strlen(Begin);
    if (Stop != Begin) {
      const char *Joint = Used == 0 ? "" : End ? ", " : " or ";
      int N = std::snprintf(Out + Used, Size - Used, "%s%.*s", Joint, int(Stop - Begin), Begin);
      if (N < 0 || size_t(N) >= Size - Used)
        return;
      Used += size_t(N);
    }
    if (!End)
      return;
    Begin = End + 1;
  }
}

} // namespace

void warnIgnoredSetting(const char *Variable, const char *Value, const char *Want,
                        const char *Instead) noexcept {
  auto Part = [](const char *Text) { return iovec{const_cast<char *>(Text), std::strlen(Text)}; };
  // One call, so that another thread's output does not split the line.
  iovec Parts[] = {Part("energypass: ignoring "),
                   Part(Variable),
                   Part("="),
                   Part(Value),
                   Part(" (want "),
                   Part(Want),
                   Part("); using "),
                   Part(Instead),
                   Part("\n")};
  int SavedErrno = errno;
  ssize_t Ignored = writev(STDERR_FILENO, Parts, sizeof(Parts) / sizeof(Parts[0]));
  (void)Ignored;
  errno = SavedErrno;
}

void TextSetting::read() noexcept { Text = nonEmpty(Variable); }

void SwitchSetting::read() noexcept {
  const char *Text = nonEmpty(Variable);
  On = Text ? std::strcmp(Text, "0") != 0 : Default;
}

void CheckedSetting::reset() noexcept {
  Bad = nullptr;
  Said.store(false, std::memory_order_relaxed);
}

void CheckedSetting::sayIfBad(const char *Want) const noexcept {
  if (Bad && !Said.exchange(true, std::memory_order_relaxed))
    warnIgnoredSetting(Variable, Bad, Want, DefaultText);
}

void ChoiceSetting::read() noexcept {
  reset();
  Index = 0;
  const char *Text = nonEmpty(Variable);
  if (!Text)
    return;
  unsigned I = 0;
  for (const char *Begin = Words;; Begin = std::strchr(Begin, '|') + 1, ++I) {
    const char *End = std::strchr(Begin, '|');
    if (isWord(Text, Begin, End ? End : Begin + std::strlen(Begin))) {
      Index = I;
      return;
    }
    if (!End)
      break;
  }
  reject(Text);
}

unsigned ChoiceSetting::index() const noexcept {
  if (bad()) {
    char Want[128];
    listWords(Words, Want, sizeof(Want));
    sayIfBad(Want);
  }
  return Index;
}

void IntegerSetting::read() noexcept {
  reset();
  Value = Bounds.Default;
  Chosen = false;
  const char *Text = nonEmpty(Variable);
  if (!Text)
    return;
  int SavedErrno = errno;
  char *End = nullptr;
  errno = 0;
  unsigned long Read = std::strtoul(Text, &End, 10);
  // strtoul takes "-1" as ULONG_MAX: a sign is refused, not wrapped.
  bool Good = !*End && !errno && *Text != '-' && Read >= Bounds.Min && Read <= Bounds.Max;
  errno = SavedErrno;
  if (!Good) {
    reject(Text);
    return;
  }
  Value = Read;
  Chosen = true;
}

unsigned long IntegerSetting::value() const noexcept {
  if (bad()) {
    char Want[96];
    std::snprintf(Want, sizeof(Want), "an integer from %lu to %lu", Bounds.Min, Bounds.Max);
    sayIfBad(Want);
  }
  return Value;
}

bool IntegerSetting::chosen() const noexcept {
  value();
  return Chosen;
}

} // namespace energy::support
