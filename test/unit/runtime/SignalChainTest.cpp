// The program's actions as the kernel reads them (runtime/lib/SignalChain.h).
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
