//===- SettingKinds.h - The four kinds of ENERGY_* setting ----------------===//
//
// What a setting of each kind of Settings.inc holds once read, and its typed
// accessor. Reading takes no allocation and no lock, and a value is read
// where a signal handler may ask for it, so each kind keeps plain fields
// filled by read() (Settings.cpp calls it, once per process).
//
// A bad value is said about when the code first asks for the setting, not
// when the table is read: a program that never uses a setting (an exactly
// timed one, ENERGY_SAMPLE_HZ) says nothing about it, as before the table,
// and the line comes once however often the value is asked for.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_SUPPORT_SETTINGKINDS_H
#define ENERGY_SUPPORT_SETTINGKINDS_H

#include <atomic>

namespace energy::support {

/// The one line for a value that is ignored:
/// `energypass: ignoring NAME=VALUE (want WANT); using INSTEAD`, written to
/// stderr in one call. For the settings the table checks, and for those that
/// their code checks (a signal's name).
void warnIgnoredSetting(const char *Variable, const char *Value, const char *Want,
                        const char *Instead) noexcept;

/// Any text; nullptr when unset, empty, or in a secure process. The text is
/// the environment's own, which stays when the program sets the variable
/// again or unsets it (glibc frees no string setenv made), as getenv's did.
class TextSetting {
public:
  constexpr explicit TextSetting(const char *Variable) : Variable(Variable) {}
  void read() noexcept;
  const char *variable() const { return Variable; }
  const char *text() const { return Text; }

private:
  const char *Variable;
  const char *Text = nullptr;
};

/// `0` is off, anything else on; unset or empty: the table's default.
class SwitchSetting {
public:
  constexpr SwitchSetting(const char *Variable, bool Default)
      : Variable(Variable), Default(Default), On(Default) {}
  void read() noexcept;
  bool on() const { return On; }

private:
  const char *Variable;
  bool Default;
  bool On;
};

/// The part of a checked setting that remembers a bad value until it is
/// asked for, and says so once.
class CheckedSetting {
public:
  const char *variable() const { return Variable; }

protected:
  constexpr CheckedSetting(const char *Variable, const char *DefaultText)
      : Variable(Variable), DefaultText(DefaultText) {}
  /// Forgets the last reading's value and its line.
  void reset() noexcept;
  void reject(const char *Value) noexcept { Bad = Value; }
  /// Says once that Bad is ignored; `Want` names the values taken.
  void sayIfBad(const char *Want) const noexcept;
  bool bad() const { return Bad != nullptr; }

  const char *Variable;
  const char *DefaultText;

private:
  const char *Bad = nullptr;
  mutable std::atomic<bool> Said{false};
};

/// One of the words "a|b|c", as its index; the first when unset or bad.
class ChoiceSetting : public CheckedSetting {
public:
  constexpr ChoiceSetting(const char *Variable, const char *Words, const char *DefaultText)
      : CheckedSetting(Variable, DefaultText), Words(Words) {}
  void read() noexcept;
  unsigned index() const noexcept;

private:
  const char *Words;
  unsigned Index = 0;
};

/// An integer setting's range and default, at compile time (Settings.h
/// names each one's), so that the code using it can check its own constants.
struct IntegerBounds {
  unsigned long Min, Max, Default;
};

/// A decimal integer in the table's range; the default when unset or bad.
class IntegerSetting : public CheckedSetting {
public:
  constexpr IntegerSetting(const char *Variable, IntegerBounds Bounds, const char *DefaultText)
      : CheckedSetting(Variable, DefaultText), Bounds(Bounds), Value(Bounds.Default) {}
  void read() noexcept;
  unsigned long value() const noexcept;
  /// Whether the environment gave a value in range (rather than the default
  /// standing in for none or a bad one).
  bool chosen() const noexcept;

private:
  IntegerBounds Bounds;
  unsigned long Value;
  bool Chosen = false;
};

} // namespace energy::support

#endif
