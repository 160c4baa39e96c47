// The kernel action that chains the program's handler behind the runtime's
// (runtime/lib/SignalChain.h).
#include "SignalChain.h"

#include <gtest/gtest.h>

namespace energy::rt {
namespace {

int PlainCalls = 0;
siginfo_t *SeenInfo = nullptr;
void *SeenContext = nullptr;

void plainHandler(int) { ++PlainCalls; }
void infoHandler(int, siginfo_t *Info, void *Context) {
  SeenInfo = Info;
  SeenContext = Context;
}
void trampoline(int, siginfo_t *, void *) {}

struct sigaction programAction(int Flags) {
  struct sigaction Action = {};
  Action.sa_handler = plainHandler;
  Action.sa_flags = Flags;
  sigemptyset(&Action.sa_mask);
  sigaddset(&Action.sa_mask, SIGUSR1);
  return Action;
}

TEST(SignalChain, TheDefaultIsReadByItsHandlerAlone) {
  struct sigaction Action = {};
  Action.sa_flags = SA_SIGINFO;
  Action.sa_sigaction = nullptr;
  EXPECT_TRUE(isDefaultAction(Action));
  EXPECT_FALSE(callsHandler(Action));
  Action.sa_handler = SIG_IGN;
  EXPECT_FALSE(isDefaultAction(Action));
  EXPECT_FALSE(callsHandler(Action));
  EXPECT_TRUE(callsHandler(programAction(0)));
}

TEST(SignalChain, TheTrampolineKeepsTheProgramsMaskAndFlags) {
  struct sigaction Kernel =
      chainingAction(programAction(SA_RESTART | SA_NODEFER | SA_ONSTACK), trampoline);
  EXPECT_EQ(Kernel.sa_sigaction, trampoline);
  EXPECT_EQ(Kernel.sa_flags, SA_RESTART | SA_NODEFER | SA_ONSTACK | SA_SIGINFO);
  EXPECT_TRUE(sigismember(&Kernel.sa_mask, SIGUSR1));
  EXPECT_FALSE(sigismember(&Kernel.sa_mask, SIGUSR2));
}

TEST(SignalChain, TheTrampolineLeavesResetHandToItself) {
  struct sigaction Kernel = chainingAction(programAction(SA_RESETHAND), trampoline);
  EXPECT_EQ(Kernel.sa_flags, SA_SIGINFO);
}

TEST(SignalChain, ADeliveryConsumesResetHandOnly) {
  struct sigaction Kept = afterDelivery(programAction(SA_RESTART));
  EXPECT_EQ(Kept.sa_handler, plainHandler);
  struct sigaction Reset = afterDelivery(programAction(SA_RESETHAND | SA_RESTART));
  EXPECT_EQ(Reset.sa_handler, SIG_DFL);
  EXPECT_EQ(Reset.sa_flags, SA_RESETHAND | SA_RESTART);
  EXPECT_TRUE(sigismember(&Reset.sa_mask, SIGUSR1));
}

TEST(SignalChain, TheProgramsHandlerGetsTheArgumentsItAskedFor) {
  PlainCalls = 0;
  siginfo_t Info = {};
  int Context = 0;
  callProgramHandler(programAction(0), SIGTERM, &Info, &Context);
  EXPECT_EQ(PlainCalls, 1);
  struct sigaction WithInfo = {};
  WithInfo.sa_sigaction = infoHandler;
  WithInfo.sa_flags = SA_SIGINFO;
  callProgramHandler(WithInfo, SIGTERM, &Info, &Context);
  EXPECT_EQ(SeenInfo, &Info);
  EXPECT_EQ(SeenContext, &Context);
}

TEST(SignalChain, NothingIsCalledForTheDefaultOrAnIgnoredSignal) {
  PlainCalls = 0;
  struct sigaction Ignored = programAction(SA_SIGINFO);
  Ignored.sa_handler = SIG_IGN;
  callProgramHandler(Ignored, SIGTERM, nullptr, nullptr);
  struct sigaction Default = programAction(0);
  Default.sa_handler = SIG_DFL;
  callProgramHandler(Default, SIGTERM, nullptr, nullptr);
  EXPECT_EQ(PlainCalls, 0);
}

} // namespace
} // namespace energy::rt
