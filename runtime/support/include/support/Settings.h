//===- Settings.h - The runtime's ENERGY_* settings, read once ------------===//
//
// The table of Settings.inc as typed fields: settings().MaxDepth.value(),
// settings().Report.text(). The environment is read once per process, at
// the first question (the runtime asks at start-up, before it installs any
// handler that asks), through setting(): a secure process reads none
// (Environment.h). A process forked after that reads its environment again
// at its first question: the program may have set the child's own report
// path between fork and exit.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_SUPPORT_SETTINGS_H
#define ENERGY_SUPPORT_SETTINGS_H

#include "support/SettingKinds.h"

namespace energy::support {

struct Settings {
#define ENERGY_TEXT_SETTING(Id, Variable, DefaultText, Meaning) TextSetting Id{Variable};
#define ENERGY_SWITCH_SETTING(Id, Variable, Default, Meaning) SwitchSetting Id{Variable, Default};
#define ENERGY_CHOICE_SETTING(Id, Variable, Words, DefaultText, Meaning)                           \
  ChoiceSetting Id{Variable, Words, DefaultText};
#define ENERGY_INTEGER_SETTING(Id, Variable, Min, Max, Default, DefaultText, Meaning)              \
  IntegerSetting Id{Variable, {Min, Max, Default}, DefaultText};
#include "support/Settings.inc"
#undef ENERGY_TEXT_SETTING
#undef ENERGY_SWITCH_SETTING
#undef ENERGY_CHOICE_SETTING
#undef ENERGY_INTEGER_SETTING
};

/// Each integer setting's range and default: bounds::MaxDepth.Min.
namespace bounds {
#define ENERGY_TEXT_SETTING(Id, Variable, DefaultText, Meaning)
#define ENERGY_SWITCH_SETTING(Id, Variable, Default, Meaning)
#define ENERGY_CHOICE_SETTING(Id, Variable, Words, DefaultText, Meaning)
#define ENERGY_INTEGER_SETTING(Id, Variable, Min, Max, Default, DefaultText, Meaning)              \
  inline constexpr IntegerBounds Id{Min, Max, Default};
#include "support/Settings.inc"
#undef ENERGY_TEXT_SETTING
#undef ENERGY_SWITCH_SETTING
#undef ENERGY_CHOICE_SETTING
#undef ENERGY_INTEGER_SETTING
} // namespace bounds

/// This process's settings, read at the first call in it. Thread-safe, and
/// allocation-free.
const Settings &settings() noexcept;

/// Makes the next settings() read the environment again: for tests that
/// change it. Not while another thread may ask.
void reloadSettingsForTesting() noexcept;

} // namespace energy::support

#endif
