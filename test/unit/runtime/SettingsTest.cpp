//===- SettingsTest.cpp - The ENERGY_* settings table, read once ----------===//
//
// Each kind of setting of Settings.inc: its default, the values it takes, and
// the one line a bad value gets, once, when the value is first asked for.
// What a secure process withholds is shown by test/e2e/runtime/secure-process.test,
// which runs a set-user-ID program as another user.
//
//===----------------------------------------------------------------------===//
#include "support/Settings.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace energy::support;

namespace {

/// Each test starts from an environment without the table's variables.
class SettingsTest : public ::testing::Test {
protected:
  void SetUp() override { clear(); }
  void TearDown() override { clear(); }
  static void clear() {
#define ENERGY_TEXT_SETTING(Id, Variable, DefaultText, Meaning) unsetenv(Variable);
#define ENERGY_SWITCH_SETTING(Id, Variable, Default, Meaning) unsetenv(Variable);
#define ENERGY_CHOICE_SETTING(Id, Variable, Words, DefaultText, Meaning) unsetenv(Variable);
#define ENERGY_INTEGER_SETTING(Id, Variable, Min, Max, Default, DefaultText, Meaning)              \
  unsetenv(Variable);
#include "support/Settings.inc"
#undef ENERGY_TEXT_SETTING
#undef ENERGY_SWITCH_SETTING
#undef ENERGY_CHOICE_SETTING
#undef ENERGY_INTEGER_SETTING
    reloadSettingsForTesting();
  }
  /// Sets `Name` and reads the table again.
  static const Settings &with(const char *Name, const char *Value) {
    setenv(Name, Value, 1);
    reloadSettingsForTesting();
    return settings();
  }
};

/// What asking for a setting writes on stderr.
template <typename Ask> std::string stderrOf(Ask &&Question) {
  ::testing::internal::CaptureStderr();
  Question();
  return ::testing::internal::GetCapturedStderr();
}

TEST_F(SettingsTest, UnsetIsTheTablesDefaults) {
  const Settings &S = settings();
  EXPECT_EQ(S.Report.text(), nullptr);
  EXPECT_TRUE(S.ReportArgs.on());
  EXPECT_FALSE(S.Verbose.on());
  EXPECT_EQ(S.SampleTrigger.index(), 0u);
  EXPECT_EQ(S.ModelFallback.index(), 0u);
  EXPECT_EQ(S.MaxDepth.value(), 65536u);
  EXPECT_FALSE(S.MaxDepth.chosen());
  EXPECT_EQ(S.Checkpoint.value(), bounds::Checkpoint.Default);
  EXPECT_EQ(S.SampleHz.value(), 1000u);
}

TEST_F(SettingsTest, EmptyIsUnsetAndSaysNothing) {
  EXPECT_EQ(stderrOf([] {
              EXPECT_EQ(with("ENERGY_REPORT", "").Report.text(), nullptr);
              EXPECT_TRUE(with("ENERGY_SIGNAL_REPORTS", "").SignalReports.on());
              EXPECT_EQ(with("ENERGY_CLOCK", "").Clock.index(), 0u);
              EXPECT_EQ(with("ENERGY_CALL_PATHS", "").CallPaths.value(), 4096u);
            }),
            "");
}

TEST_F(SettingsTest, TextIsTakenAsItIs) {
  EXPECT_STREQ(with("ENERGY_REPORT", "/tmp/r.%p.json").Report.text(), "/tmp/r.%p.json");
  EXPECT_STREQ(with("ENERGY_REGION_EVENTS", "0").RegionEvents.text(), "0");
}

TEST_F(SettingsTest, SwitchesAreOffOnlyAtZero) {
  EXPECT_FALSE(with("ENERGY_REPORT_ARGS", "0").ReportArgs.on());
  EXPECT_TRUE(with("ENERGY_REPORT_ARGS", "no").ReportArgs.on());
  EXPECT_TRUE(with("ENERGY_VERBOSE", "1").Verbose.on());
  EXPECT_TRUE(with("ENERGY_VERBOSE", "yes").Verbose.on());
  EXPECT_FALSE(with("ENERGY_VERBOSE", "0").Verbose.on());
}

TEST_F(SettingsTest, ChoicesAreTheirWordsInOrder) {
  EXPECT_EQ(with("ENERGY_SAMPLE_TRIGGER", "auto").SampleTrigger.index(), 0u);
  EXPECT_EQ(with("ENERGY_SAMPLE_TRIGGER", "task-clock").SampleTrigger.index(), 1u);
  EXPECT_EQ(with("ENERGY_SAMPLE_TRIGGER", "cpu-timer").SampleTrigger.index(), 2u);
  EXPECT_EQ(with("ENERGY_CLOCK", "monotonic").Clock.index(), 1u);
  EXPECT_EQ(with("ENERGY_MODEL_FALLBACK", "default").ModelFallback.index(), 1u);
}

TEST_F(SettingsTest, IntegersAreTakenWithinTheirRangeOnly) {
  const IntegerSetting &Low = with("ENERGY_MAX_DEPTH", "64").MaxDepth;
  EXPECT_EQ(Low.value(), 64u);
  EXPECT_TRUE(Low.chosen());
  EXPECT_EQ(with("ENERGY_MAX_DEPTH", "16777216").MaxDepth.value(), 16777216u);
  EXPECT_EQ(with("ENERGY_CHECKPOINT", "0").Checkpoint.value(), 0u);
  EXPECT_TRUE(settings().Checkpoint.chosen());
  for (const char *Bad : {"63", "16777217", "-64", "64k", "lots", "99999999999999999999999"}) {
    std::string Said = stderrOf([&] {
      const IntegerSetting &Depth = with("ENERGY_MAX_DEPTH", Bad).MaxDepth;
      EXPECT_EQ(Depth.value(), 65536u) << Bad;
      EXPECT_FALSE(Depth.chosen()) << Bad;
    });
    EXPECT_EQ(Said, "energypass: ignoring ENERGY_MAX_DEPTH=" + std::string(Bad) +
                        " (want an integer from 64 to 16777216); using 65536\n");
  }
}

TEST_F(SettingsTest, ABadValueIsSaidOnceWhenFirstAskedFor) {
  const Settings &S = with("ENERGY_CALL_PATHS", "many");
  EXPECT_EQ(stderrOf([&] { EXPECT_EQ(S.Report.text(), nullptr); }), "")
      << "said before the setting was asked for";
  EXPECT_EQ(stderrOf([&] {
              EXPECT_EQ(S.CallPaths.value(), 4096u);
              EXPECT_EQ(S.CallPaths.value(), 4096u);
              EXPECT_FALSE(S.CallPaths.chosen());
            }),
            "energypass: ignoring ENERGY_CALL_PATHS=many (want an integer from 16 to 1048576); "
            "using 4096\n");
}

TEST_F(SettingsTest, ABadChoiceIsTheFirstWordWithOneLine) {
  EXPECT_EQ(stderrOf([] {
              EXPECT_EQ(with("ENERGY_SAMPLE_TRIGGER", "hrtimer").SampleTrigger.index(), 0u);
            }),
            "energypass: ignoring ENERGY_SAMPLE_TRIGGER=hrtimer (want auto, task-clock or "
            "cpu-timer); using auto\n");
  EXPECT_EQ(
      stderrOf([] { EXPECT_EQ(with("ENERGY_MODEL_FALLBACK", "none").ModelFallback.index(), 0u); }),
      "energypass: ignoring ENERGY_MODEL_FALLBACK=none (want default); using no "
      "fallback\n");
}

TEST_F(SettingsTest, TheEnvironmentIsReadOnce) {
  EXPECT_EQ(with("ENERGY_SAMPLE_HZ", "250").SampleHz.value(), 250u);
  setenv("ENERGY_SAMPLE_HZ", "500", 1);
  EXPECT_EQ(settings().SampleHz.value(), 250u);
}

TEST_F(SettingsTest, AForkedChildReadsItsOwnEnvironment) {
  EXPECT_STREQ(with("ENERGY_REPORT", "parent.json").Report.text(), "parent.json");
  pid_t Child = fork();
  if (Child == 0) {
    setenv("ENERGY_REPORT", "child.json", 1);
    const char *Text = settings().Report.text();
    _exit(Text && std::string(Text) == "child.json" ? 0 : 1);
  }
  int Status = 0;
  ASSERT_EQ(waitpid(Child, &Status, 0), Child);
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
  EXPECT_STREQ(settings().Report.text(), "parent.json");
}

} // namespace
