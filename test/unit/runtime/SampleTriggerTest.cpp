//===- SampleTriggerTest.cpp - What is taken before exec ------------------===//
//
// exec keeps pending signals: before it, the runtime takes the sampling
// signals its trigger had queued and leaves the program's own of the same
// number pending, as they would be without it.
//
//===----------------------------------------------------------------------===//
#include "SampleTrigger.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstring>
#include <sys/syscall.h>
#include <unistd.h>

using namespace energy::rt;

namespace {

int theSignal() { return SIGRTMAX - 3; }

/// Queues theSignal() to the calling thread with the given code and value,
/// as a timer (SI_TIMER) or the program's sigqueue (SI_QUEUE) would.
void queueToSelf(int Code, void *Value) {
  siginfo_t Info;
  std::memset(&Info, 0, sizeof Info);
  Info.si_signo = theSignal();
  Info.si_code = Code;
  Info.si_pid = getpid();
  Info.si_uid = getuid();
  Info.si_value.sival_ptr = Value;
  ASSERT_EQ(syscall(SYS_rt_tgsigqueueinfo, getpid(), gettid(), theSignal(), &Info), 0);
}

class SampleTriggerQueue : public ::testing::Test {
protected:
  void SetUp() override {
    sigset_t Only;
    sigemptyset(&Only);
    sigaddset(&Only, theSignal());
    pthread_sigmask(SIG_BLOCK, &Only, &Before);
  }
  void TearDown() override {
    sigset_t Only;
    sigemptyset(&Only);
    sigaddset(&Only, theSignal());
    const timespec DoNotWait = {0, 0};
    while (sigtimedwait(&Only, nullptr, &DoNotWait) == theSignal())
      ;
    pthread_sigmask(SIG_SETMASK, &Before, nullptr);
  }
  sigset_t Before;
};

} // namespace

TEST_F(SampleTriggerQueue, TheRuntimesQueuedSignalsAreTakenAndTheProgramsKept) {
  int Tag = 0, ProgramsValue = 0;
  queueToSelf(SI_TIMER, &Tag);
  queueToSelf(SI_QUEUE, &ProgramsValue);
  queueToSelf(SI_TIMER, &Tag);
  SampleTrigger Stopped;
  takeQueuedTriggerSignals(Stopped, theSignal(), &Tag);

  sigset_t Only;
  sigemptyset(&Only);
  sigaddset(&Only, theSignal());
  const timespec DoNotWait = {0, 0};
  siginfo_t Info;
  ASSERT_EQ(sigtimedwait(&Only, &Info, &DoNotWait), theSignal());
  EXPECT_EQ(Info.si_code, SI_QUEUE);
  EXPECT_EQ(Info.si_value.sival_ptr, &ProgramsValue);
  EXPECT_EQ(sigtimedwait(&Only, &Info, &DoNotWait), -1) << "a second signal was left";
}

TEST(SampleTrigger, OnlyTheThreadThatStartedItOwnsIt) {
  SampleTrigger T;
  EXPECT_FALSE(triggerIsCallers(T)) << "no trigger";
  T.Kind = TriggerKind::CpuTimer;
  T.Owner = gettid();
  EXPECT_TRUE(triggerIsCallers(T));
  // A vfork child runs on its parent's thread state: not its trigger.
  T.Owner = gettid() + 1;
  EXPECT_FALSE(triggerIsCallers(T));
}
