//===- SignalEndings.cpp - Report, then end by the signal; the copy -------===//
#include "SignalEndings.h"

#include "ReportLocation.h"
#include "Runtime.h"
#include "SignalChain.h"
#include "SignalsBlocked.h"

#include "support/Settings.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <string_view>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace energy::rt {
namespace {

/// Their default action ends the process; the runtime reports first.
constexpr int EndingSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGXCPU};
/// Crashes: the report is written best-effort (the process may be corrupt).
constexpr int CrashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
/// Endings as common as a crash is rare: a write to a pipe whose reader left
/// (`prog | head`), an alarm() nobody handles. Their default action ends the
/// process, so the runtime reports first, but a handler the program installs
/// replaces the runtime's rather than being chained behind a snapshot: a
/// server that handles SIGPIPE may take one at every write to a closed
/// socket, and a program's SIGALRM handler is its interval timer.
constexpr int UnchainedEndingSignals[] = {SIGPIPE, SIGALRM};

/// The first ending signal's handler writes the report; one that arrives
/// meanwhile in another thread waits for it to end the process.
std::atomic<bool> Ending{false};

using SigactionFn = int (*)(int, const struct sigaction *, struct sigaction *);
using SignalFn = sighandler_t (*)(int, sighandler_t);

/// The C library's sigaction, which the runtime's own calls use: the
/// exported one below is the program's view.
SigactionFn realSigaction() {
  static SigactionFn Real = reinterpret_cast<SigactionFn>(dlsym(RTLD_NEXT, "sigaction"));
  return Real;
}

SignalFn realSignal() {
  static SignalFn Real = reinterpret_cast<SignalFn>(dlsym(RTLD_NEXT, "signal"));
  return Real;
}

/// The ending and crash signals the runtime took at start-up, and whether
/// its handler is in the kernel now (the program has not ignored the signal
/// since, nor installed a crash's handler), with the action the program
/// believes is in place.
struct TakenSignal {
  std::atomic<bool> Eligible{false};
  /// An ending signal: a handler the program installs runs behind the
  /// runtime's, after a snapshot. A crash's handler replaces the runtime's
  /// (a program may handle every fault, a garbage collector's barriers).
  bool Chains = false;
  std::atomic<bool> Held{false};
  struct sigaction ProgramView = {};
};
TakenSignal Taken[NSIG];

/// Serialises the program's changes to its view of a taken signal with the
/// chaining handler that reads the view, so that no delivery calls half of
/// one action and half of another. Every signal is blocked in the thread that
/// holds it: a handler never waits for the thread it interrupted.
std::atomic_flag ViewLock = ATOMIC_FLAG_INIT;

class ViewGuard {
public:
  ViewGuard() {
    while (ViewLock.test_and_set(std::memory_order_acquire))
      sched_yield();
  }
  ~ViewGuard() { ViewLock.clear(std::memory_order_release); }
  ViewGuard(const ViewGuard &) = delete;
  ViewGuard &operator=(const ViewGuard &) = delete;

private:
  SignalsBlocked Blocked;
};

/// A fork child: the thread that may have held the lock is not the child's.
void releaseViewLockInChild() { ViewLock.clear(); }

int DumpSignal = 0;
/// What the program had for the dump signal: called after each snapshot.
struct sigaction ProgramDumpAction;

struct sigaction runtimeAction(void (*Handler)(int, siginfo_t *, void *), int ExtraFlags) {
  struct sigaction Action = {};
  Action.sa_sigaction = Handler;
  Action.sa_flags = SA_SIGINFO | SA_ONSTACK | ExtraFlags;
  // Nothing else of the program's runs in this thread while the copy is made
  // and written: the thread's state stays as the copy saw it.
  sigfillset(&Action.sa_mask);
  return Action;
}

bool install(int Signal, void (*Handler)(int, siginfo_t *, void *), int ExtraFlags,
             struct sigaction *Previous) {
  struct sigaction Action = runtimeAction(Handler, ExtraFlags);
  return realSigaction()(Signal, &Action, Previous) == 0;
}

void sleepMilliseconds(long Ms) {
  timespec Delay{Ms / 1000, (Ms % 1000) * 1000000};
  nanosleep(&Delay, nullptr);
}

/// Faults the kernel raised for an instruction: with the default action back
/// in place, returning re-runs the instruction, which faults again and dumps
/// core where the program crashed, with the kernel's own siginfo.
bool isFault(int Signal, const siginfo_t *Info) {
  bool Synchronous = Signal == SIGSEGV || Signal == SIGBUS || Signal == SIGFPE || Signal == SIGILL;
  return Synchronous && Info && Info->si_code > 0;
}

/// Puts the default action back and makes the signal take it: raised again,
/// it stays pending while the handler runs (its own signal is blocked there)
/// and ends the process as soon as the handler returns.
void endAsTheSignalWould(int Signal, const siginfo_t *Info) {
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  sigemptyset(&Default.sa_mask);
  realSigaction()(Signal, &Default, nullptr);
  if (!isFault(Signal, Info))
    raise(Signal);
}

void onEndingSignal(int Signal, siginfo_t *Info, void *) {
  int SavedErrno = errno;
  if (!Ending.exchange(true)) {
    Runtime::get().writeReportFromCopy(CopyCause::SignalEnding, Signal);
  } else {
    // Another thread writes the report and ends the process; should it not
    // (its copy hung), this one ends it after the copy's time is up.
    sleepMilliseconds(long(ReportCopyTimeoutSeconds + 1) * 1000);
  }
  endAsTheSignalWould(Signal, Info);
  errno = SavedErrno;
}

/// The program's action for this delivery of a chained signal: its handler,
/// or what it set since the kernel chose the runtime's handler. A handler
/// with SA_RESETHAND is consumed here, as the kernel would consume it, and
/// the runtime's ending handler goes back in the kernel: the next delivery
/// reports and ends the run, as the default action would end it.
struct sigaction programActionForDelivery(int Signal) {
  ViewGuard Guard;
  TakenSignal &T = Taken[Signal];
  struct sigaction Program;
  if (!T.Held.load()) {
    // Ignored meanwhile: what the kernel holds is the program's.
    realSigaction()(Signal, nullptr, &Program);
    return Program;
  }
  Program = T.ProgramView;
  if (callsHandler(Program) && (Program.sa_flags & SA_RESETHAND)) {
    T.ProgramView = afterDelivery(Program);
    install(Signal, onEndingSignal, 0, nullptr);
  }
  return Program;
}

/// Every signal waits meanwhile, as in the runtime's own handlers: one that
/// ends the run finds the runtime free to write its report once this is done.
void snapshotForSignal(int Signal) {
  SignalsBlocked Blocked;
  if (!Ending.load())
    Runtime::get().writeReportFromCopy(CopyCause::Snapshot, Signal);
}

/// In the kernel for an ending signal the program handles: a snapshot of
/// the run so far, then the program's handler, in the mask the kernel set
/// for it. Should the handler _exit(), the snapshot is the run's report.
void onChainedSignal(int Signal, siginfo_t *Info, void *Context) {
  int SavedErrno = errno;
  struct sigaction Program = programActionForDelivery(Signal);
  if (isDefaultAction(Program)) {
    errno = SavedErrno;
    onEndingSignal(Signal, Info, Context);
    return;
  }
  if (callsHandler(Program))
    snapshotForSignal(Signal);
  errno = SavedErrno;
  callProgramHandler(Program, Signal, Info, Context);
}

/// After the snapshot, what the program had for its dump signal; its default
/// action (terminate, for SIGUSR1/2) is what the user replaced by choosing
/// the signal, so it is not taken.
void onDumpSignal(int Signal, siginfo_t *Info, void *Context) {
  int SavedErrno = errno;
  if (!Ending.load())
    Runtime::get().writeReportFromCopy(CopyCause::Snapshot, Signal);
  errno = SavedErrno;
  callProgramHandler(ProgramDumpAction, Signal, Info, Context);
}

/// USR2, SIGUSR2, 12, RTMIN+3, SIGRTMAX-1; 0 for anything else.
int signalNamed(std::string_view Name) {
  if (Name.substr(0, 3) == "SIG")
    Name.remove_prefix(3);
  static constexpr struct {
    std::string_view Name;
    int Number;
  } Named[] = {{"USR1", SIGUSR1}, {"USR2", SIGUSR2}, {"HUP", SIGHUP},   {"INT", SIGINT},
               {"QUIT", SIGQUIT}, {"TERM", SIGTERM}, {"PWR", SIGPWR},   {"WINCH", SIGWINCH},
               {"URG", SIGURG},   {"TTIN", SIGTTIN}, {"TTOU", SIGTTOU}, {"PROF", SIGPROF}};
  for (const auto &N : Named)
    if (N.Name == Name)
      return N.Number;
  int Base = 0, Sign = 1;
  if (Name.substr(0, 5) == "RTMIN" || Name.substr(0, 5) == "RTMAX") {
    Base = Name[3] == 'I' ? SIGRTMIN : SIGRTMAX;
    Name.remove_prefix(5);
    if (Name.empty())
      return Base;
    if (Name[0] != '+' && Name[0] != '-')
      return 0;
    Sign = Name[0] == '-' ? -1 : 1;
    Name.remove_prefix(1);
  }
  int Number = 0;
  for (char C : Name) {
    if (C < '0' || C > '9' || Number > 1000)
      return 0;
    Number = Number * 10 + (C - '0');
  }
  if (Name.empty())
    return 0;
  return Base + Sign * Number;
}

/// The signal ENERGY_DUMP_SIGNAL names, or 0 (unset, or with one line on
/// stderr when it names none that can be caught, or one the runtime uses).
int dumpSignalFromEnvironment() {
  const support::TextSetting &Chosen = support::settings().DumpSignal;
  const char *Text = Chosen.text();
  if (!Text)
    return 0;
  int Signal = signalNamed(Text);
  bool Usable = Signal > 0 && Signal <= SIGRTMAX && Signal != SIGKILL && Signal != SIGSTOP &&
                Signal != SIGRTMAX - 3;
  for (int Crash : CrashSignals)
    Usable &= Signal != Crash;
  if (Usable)
    return Signal;
  support::warnIgnoredSetting(Chosen.variable(), Text,
                              "a signal name such as USR2, or a number, that is not KILL, "
                              "STOP, a crash's or SIGRTMAX-3",
                              "no dump signal");
  return 0;
}

/// What the copy does before Body: it must not outlive the thread that waits
/// for it, take the program's signals, or leave a core of its own.
void becomeCopy(pid_t Parent) {
  sigset_t All;
  sigfillset(&All);
  sigprocmask(SIG_SETMASK, &All, nullptr);
  // Synchronous faults still end it (the kernel unblocks them); an abort()
  // must end it too, not reach the runtime's handler and copy the copy.
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  for (int Signal : CrashSignals)
    realSigaction()(Signal, &Default, nullptr);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != Parent)
    _exit(1);
  prctl(PR_SET_DUMPABLE, 0);
  struct rlimit NoCore = {0, 0};
  setrlimit(RLIMIT_CORE, &NoCore);
}

/// Reaps the copy; false when it failed or ran past its time (then killed).
bool awaitCopy(pid_t Copy) {
  constexpr long PollMs = 1;
  for (long Waited = 0;; Waited += PollMs) {
    int Status = 0;
    pid_t Done = waitpid(Copy, &Status, __WCLONE | WNOHANG);
    if (Done == Copy)
      return WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
    if (Done < 0 && errno != EINTR)
      return false;
    if (Waited >= long(ReportCopyTimeoutSeconds) * 1000) {
      kill(Copy, SIGKILL);
      while (waitpid(Copy, &Status, __WCLONE) < 0 && errno == EINTR) {
      }
      return false;
    }
    sleepMilliseconds(PollMs);
  }
}

/// The kernel's action that gives the program `Wanted` while the runtime
/// keeps its handler there; false when the signal becomes the program's
/// alone (ignored, or a crash's handler).
bool keptAction(const TakenSignal &T, const struct sigaction &Wanted, struct sigaction &Kernel) {
  if (isDefaultAction(Wanted))
    Kernel = runtimeAction(onEndingSignal, 0);
  else if (T.Chains && callsHandler(Wanted))
    Kernel = chainingAction(Wanted, onChainedSignal);
  else
    return false;
  return true;
}

/// Takes `Signal` at start-up where the runtime would keep its handler had
/// the program set the action it found: the default, or for an ending signal
/// a handler (installed before the runtime started, by a constructor that ran
/// first), which is then chained as one installed later is. An ignored signal,
/// and a crash's handler, stay the program's.
void takeAtStart(int Signal, bool Chains) {
  struct sigaction Current, Kernel;
  TakenSignal &T = Taken[Signal];
  T.Chains = Chains;
  if (realSigaction()(Signal, nullptr, &Current) != 0 || !keptAction(T, Current, Kernel) ||
      realSigaction()(Signal, &Kernel, nullptr) != 0)
    return;
  T.ProgramView = Current;
  T.Held.store(true);
  T.Eligible.store(true);
}

/// The program's sigaction for a signal the runtime took: it reads back
/// what it set, whatever the kernel holds for the runtime.
int programSigaction(int Signal, const struct sigaction *Action, struct sigaction *Old) {
  SigactionFn Real = realSigaction();
  TakenSignal &T = Taken[Signal];
  ViewGuard Guard;
  struct sigaction Before;
  if (T.Held.load())
    Before = T.ProgramView;
  else if (Real(Signal, nullptr, &Before) != 0)
    return -1;
  if (Action) {
    struct sigaction Kernel;
    bool Kept = keptAction(T, *Action, Kernel);
    if (Real(Signal, Kept ? &Kernel : Action, nullptr) != 0)
      return -1;
    if (Kept)
      T.ProgramView = *Action;
    T.Held.store(Kept);
  }
  if (Old)
    *Old = Before;
  return 0;
}

} // namespace

std::string signalName(int Signal) {
  if (Signal >= SIGRTMIN && Signal <= SIGRTMAX) {
    int FromMax = SIGRTMAX - Signal, FromMin = Signal - SIGRTMIN;
    return FromMax < FromMin ? (FromMax ? "SIGRTMAX-" + std::to_string(FromMax) : "SIGRTMAX")
                             : (FromMin ? "SIGRTMIN+" + std::to_string(FromMin) : "SIGRTMIN");
  }
  if (const char *Name = sigabbrev_np(Signal))
    return std::string("SIG") + Name;
  return "signal " + std::to_string(Signal);
}

long startCopy(int (*Body)(void *), void *Arg) noexcept {
  pid_t Parent = getpid();
  // Flags 0: a copy of the address space, and no signal at its end, which
  // makes it a "clone" child that the program's wait(), waitpid(-1) and
  // SIGCHLD handler never see (only __WCLONE or __WALL waits for it).
  long Copy = syscall(SYS_clone, 0ul, nullptr, nullptr, nullptr, 0ul);
  if (Copy == 0) {
    becomeCopy(Parent);
    _exit(Body(Arg));
  }
  return Copy < 0 ? -1 : Copy;
}

bool runInCopy(int (*Body)(void *), void *Arg) noexcept {
  long Copy = startCopy(Body, Arg);
  return Copy > 0 && awaitCopy(pid_t(Copy));
}

bool copyEnded(long Copy) noexcept {
  int Status = 0;
  pid_t Done;
  while ((Done = waitpid(pid_t(Copy), &Status, __WCLONE | WNOHANG)) < 0 && errno == EINTR) {
  }
  // ECHILD: a program waiting with __WALL reaped it already.
  return Done != 0;
}

void endCopy(long Copy) noexcept {
  if (copyEnded(Copy))
    return;
  kill(pid_t(Copy), SIGKILL);
  int Status = 0;
  while (waitpid(pid_t(Copy), &Status, __WCLONE) < 0 && errno == EINTR) {
  }
}

void installSignalEndings() noexcept {
  // Looked up now: the program's sigaction and signal calls may come from a
  // signal handler, where dlsym is not safe.
  if (!realSigaction() || !realSignal())
    return;
  // The dump signal first: chosen by the user, it is a snapshot even where
  // it would otherwise be an ending (HUP).
  try {
    DumpSignal = dumpSignalFromEnvironment();
  } catch (...) {
    DumpSignal = 0;
  }
  if (DumpSignal && !install(DumpSignal, onDumpSignal, SA_RESTART, &ProgramDumpAction))
    DumpSignal = 0;
  if (!support::settings().SignalReports.on())
    return;
  pthread_atfork(nullptr, nullptr, releaseViewLockInChild);
  for (int Signal : EndingSignals)
    if (Signal != DumpSignal)
      takeAtStart(Signal, /*Chains=*/true);
  for (int Signal : UnchainedEndingSignals)
    if (Signal != DumpSignal)
      takeAtStart(Signal, /*Chains=*/false);
  for (int Signal : CrashSignals)
    takeAtStart(Signal, /*Chains=*/false);
}

} // namespace energy::rt

// The program's sigaction and signal: for a signal the runtime took, the
// program sees and sets its own view. Setting the default keeps the runtime's
// handler (which ends the process by the default action, after the report):
// the cleanup handler that restores the default and raises the signal again
// still leaves a report. A handler for an ending signal keeps it too, with
// the program's mask and flags, and runs after a snapshot. SIG_IGN, and a
// crash's handler, give the signal to the program, as if the runtime had
// never had it; setting the default again later takes it back. Every other
// signal goes straight to the C library.

#define ENERGY_EXPORT extern "C" __attribute__((visibility("default")))

ENERGY_EXPORT int sigaction(int Signal, const struct sigaction *Action,
                            struct sigaction *Old) noexcept {
  using namespace energy::rt;
  SigactionFn Real = realSigaction();
  if (!Real) {
    errno = ENOSYS;
    return -1;
  }
  if (Signal <= 0 || Signal >= NSIG || !Taken[Signal].Eligible.load())
    return Real(Signal, Action, Old);
  return programSigaction(Signal, Action, Old);
}

ENERGY_EXPORT sighandler_t signal(int Signal, sighandler_t Handler) noexcept {
  using namespace energy::rt;
  if (Signal <= 0 || Signal >= NSIG || !Taken[Signal].Eligible.load()) {
    SignalFn Real = realSignal();
    if (!Real) {
      errno = ENOSYS;
      return SIG_ERR;
    }
    return Real(Signal, Handler);
  }
  // What glibc's signal() asks for: BSD semantics.
  struct sigaction Action = {}, Old;
  Action.sa_handler = Handler;
  sigemptyset(&Action.sa_mask);
  sigaddset(&Action.sa_mask, Signal);
  Action.sa_flags = SA_RESTART;
  if (sigaction(Signal, &Action, &Old) != 0)
    return SIG_ERR;
  // sa_handler shares its storage with sa_sigaction, as signal() returns it.
  return Old.sa_handler;
}
