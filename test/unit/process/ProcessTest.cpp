//===- ProcessTest.cpp - The process runner's contract --------------------===//
#include "process/ExitStatus.h"
#include "process/HeldChild.h"
#include "process/Run.h"

#include <gtest/gtest.h>

#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>

using namespace energy::process;

namespace {

std::optional<int> run(const Command &Cmd) {
  std::string Why;
  std::optional<int> Status = runAndWait(Cmd, Why);
  EXPECT_TRUE(Status || !Why.empty());
  return Status;
}

std::string scratchFile(const std::string &Name) {
  return (std::filesystem::temp_directory_path() /
          ("energy-process-" + std::to_string(getpid()) + "-" + Name))
      .string();
}

volatile sig_atomic_t Alarms = 0;
void countAlarm(int) { Alarms = Alarms + 1; }

/// SIGALRM every 10 ms, with a handler installed without SA_RESTART, so that
/// blocking calls return EINTR, as they do in a tool that samples on a timer.
class InterruptingTimer {
public:
  InterruptingTimer() {
    struct sigaction Action{};
    Action.sa_handler = countAlarm;
    sigaction(SIGALRM, &Action, &Saved);
    itimerval Every10Ms{{0, 10000}, {0, 10000}};
    setitimer(ITIMER_REAL, &Every10Ms, nullptr);
  }
  ~InterruptingTimer() {
    itimerval Off{};
    setitimer(ITIMER_REAL, &Off, nullptr);
    sigaction(SIGALRM, &Saved, nullptr);
  }

private:
  struct sigaction Saved{};
};

} // namespace

TEST(RunAndWait, PassesTheExitCodeOn) {
  EXPECT_EQ(run({"sh", "-c", "exit 0"}), 0);
  EXPECT_EQ(run({"sh", "-c", "exit 3"}), 3);
}

TEST(RunAndWait, ASignalledChildIs128PlusTheSignal) {
  EXPECT_EQ(run({"sh", "-c", "kill -TERM $$"}), 128 + SIGTERM);
  EXPECT_EQ(run({"sh", "-c", "kill -KILL $$"}), 128 + SIGKILL);
}

TEST(RunAndWait, SignalsThatInterruptTheWaitAreWaitedThrough) {
  Alarms = 0;
  InterruptingTimer Timer;
  EXPECT_EQ(run({"sh", "-c", "sleep 0.2; exit 4"}), 4);
  EXPECT_GT(Alarms, 0);
}

TEST(RunAndWait, AProgramThatCannotStartIsOneLine) {
  std::string Why;
  EXPECT_FALSE(runAndWait({"/nonexistent/energy-program", "x"}, Why));
  EXPECT_EQ(Why, "cannot run /nonexistent/energy-program (No such file or directory)");
}

TEST(Execute, ReturnsTheErrnoOfAFailedExec) {
  EXPECT_EQ(execute({"/nonexistent/energy-program"}), ENOENT);
  EXPECT_EQ(execute({"/dev/null"}), EACCES);
}

TEST(Execute, BecomesTheProgram) {
  pid_t Pid = fork();
  ASSERT_GE(Pid, 0);
  if (Pid == 0) {
    [[maybe_unused]] int Error = execute({"sh", "-c", "exit 9"});
    _exit(100);
  }
  int Status = 0;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  EXPECT_EQ(shellExitStatus(Status), 9);
}

TEST(ExitStatus, IsTheShells) {
  EXPECT_EQ(execFailureStatus(ENOENT), 127);
  EXPECT_EQ(execFailureStatus(EACCES), 126);
  EXPECT_EQ(execFailureMessage("clang", EACCES), "cannot run clang (Permission denied)");
}

TEST(HeldChild, RunsNothingBeforeItIsReleased) {
  std::string Mark = scratchFile("held");
  std::filesystem::remove(Mark);
  HeldChild Child;
  std::string Why;
  ASSERT_TRUE(Child.spawn({"sh", "-c", "touch " + Mark + "; exit 5"}, Why)) << Why;
  usleep(100000);
  EXPECT_FALSE(std::filesystem::exists(Mark));
  EXPECT_EQ(Child.release(), 0);
  rusage Usage{};
  EXPECT_EQ(shellExitStatus(Child.wait(&Usage)), 5);
  EXPECT_TRUE(std::filesystem::exists(Mark));
  std::filesystem::remove(Mark);
}

TEST(HeldChild, AFailedExecComesBackAsItsErrno) {
  HeldChild Child;
  std::string Why;
  ASSERT_TRUE(Child.spawn({"/nonexistent/energy-program"}, Why)) << Why;
  EXPECT_EQ(Child.release(), ENOENT);
  EXPECT_EQ(shellExitStatus(Child.wait()), 127);
}

TEST(HeldChild, EndedDoesNotWaitAndSeesTheSignal) {
  HeldChild Child;
  std::string Why;
  ASSERT_TRUE(Child.spawn({"sh", "-c", "sleep 0.1; kill -INT $$"}, Why)) << Why;
  ASSERT_EQ(Child.release(), 0);
  int Status = 0;
  EXPECT_FALSE(Child.ended(Status));
  while (!Child.ended(Status))
    usleep(1000);
  EXPECT_EQ(shellExitStatus(Status), 128 + SIGINT);
}

TEST(HeldChild, WaitsThroughInterruptingSignals) {
  Alarms = 0;
  InterruptingTimer Timer;
  HeldChild Child;
  std::string Why;
  ASSERT_TRUE(Child.spawn({"sh", "-c", "sleep 0.2; exit 6"}, Why)) << Why;
  ASSERT_EQ(Child.release(), 0);
  EXPECT_EQ(shellExitStatus(Child.wait()), 6);
  EXPECT_GT(Alarms, 0);
}

TEST(HeldChild, DiscardedOutputGoesNowhere) {
  for (bool Discard : {false, true}) {
    testing::internal::CaptureStdout(); // before the fork: the child's stdout too
    HeldChild Child;
    std::string Why;
    bool Spawned = Child.spawn({"sh", "-c", "echo out"}, Why, {.DiscardOutput = Discard});
    int Released = Spawned ? Child.release() : -1;
    int Status = Spawned ? Child.wait() : -1;
    std::string Out = testing::internal::GetCapturedStdout();
    ASSERT_TRUE(Spawned) << Why;
    EXPECT_EQ(Released, 0);
    EXPECT_EQ(shellExitStatus(Status), 0);
    EXPECT_EQ(Out, Discard ? "" : "out\n");
  }
}

TEST(HeldChild, AChildLeftBehindIsKilledAndReaped) {
  pid_t Pid;
  {
    HeldChild Child;
    std::string Why;
    ASSERT_TRUE(Child.spawn({"sleep", "30"}, Why)) << Why;
    ASSERT_EQ(Child.release(), 0);
    Pid = Child.pid();
  }
  EXPECT_EQ(kill(Pid, 0), -1);
  EXPECT_EQ(errno, ESRCH);
}
