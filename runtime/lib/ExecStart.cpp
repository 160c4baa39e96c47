//===- ExecStart.cpp - The sample trigger stopped before exec -------------===//
//
// exec keeps a thread's pending signals and resets its handlers: a sampling
// signal queued while the thread was in execve (a task-clock event counts
// the kernel's work too, and lives until exec has closed its descriptor) is
// delivered to the new program, whose default action for a real-time signal
// is to terminate. A program that execs (a shell, a launcher, a fork child,
// Open MPI starting its daemon) would be killed by a signal it never asked
// for. So the runtime interposes the exec functions, as it does
// pthread_create: the calling thread's trigger is stopped and its queued
// signals taken before the real call, and started again if exec fails.
// POSIX timers need none of this (the kernel deletes them and flushes their
// signals at exec), but take the same path.
//
// The real functions are looked up when the runtime loads: a fork child of
// a threaded program may exec while the loader's lock was held at fork.
//
//===----------------------------------------------------------------------===//
#include "RegionSampling.h"
#include "Runtime.h"

#include <cerrno>
#include <cstdarg>
#include <dlfcn.h>
#include <unistd.h>

using namespace energy::rt;

namespace {

using ExecveFn = int (*)(const char *, char *const[], char *const[]);
using ExecvFn = int (*)(const char *, char *const[]);
using FexecveFn = int (*)(int, char *const[], char *const[]);
using ExecveatFn = int (*)(int, const char *, char *const[], char *const[], int);

template <typename Fn> Fn lookUp(const char *Name) {
  return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, Name));
}

struct RealExecs {
  ExecveFn Execve = lookUp<ExecveFn>("execve");
  ExecvFn Execv = lookUp<ExecvFn>("execv");
  ExecvFn Execvp = lookUp<ExecvFn>("execvp");
  ExecveFn Execvpe = lookUp<ExecveFn>("execvpe");
  FexecveFn Fexecve = lookUp<FexecveFn>("fexecve");
  ExecveatFn Execveat = lookUp<ExecveatFn>("execveat");
};

const RealExecs &real() {
  static const RealExecs Real;
  return Real;
}

__attribute__((constructor)) void lookUpRealExecs() { real(); }

/// Stops the calling thread's trigger for the length of an exec call; a
/// failed exec leaves the scope and gets it back.
class TriggerStoppedForExec {
public:
  TriggerStoppedForExec() : Thread(CurrentThread) {
    Stopped = Thread && stopThreadTimerForExec(*Thread);
  }
  ~TriggerStoppedForExec() {
    int SavedErrno = errno;
    if (Stopped)
      startThreadTimer(*Thread);
    errno = SavedErrno;
  }
  TriggerStoppedForExec(const TriggerStoppedForExec &) = delete;
  TriggerStoppedForExec &operator=(const TriggerStoppedForExec &) = delete;

private:
  ThreadState *Thread;
  bool Stopped = false;
};

/// Calls the C library's exec function Real with the calling thread's
/// trigger stopped; ENOSYS when it was not found.
template <typename Fn, typename... Arguments>
int execWithTriggerStopped(Fn *Real, Arguments... Args) {
  if (!Real) {
    errno = ENOSYS;
    return -1;
  }
  TriggerStoppedForExec Guard;
  return Real(Args...);
}

/// The number of execl arguments, First included, before their null.
size_t countArguments(const char *First, va_list Args) {
  if (!First)
    return 0;
  va_list Probe;
  va_copy(Probe, Args);
  size_t Count = 1;
  while (va_arg(Probe, char *))
    ++Count;
  va_end(Probe);
  return Count;
}

/// Calls Exec(Argv, Envp) with execl's arguments from First on as an argv
/// and, for execle, the environment that follows their null. The argv is
/// on the stack: exec may run in a fork child, where malloc is not safe.
template <typename ExecFn>
int execWithArgv(const char *First, va_list Args, bool ThenEnvironment, ExecFn Exec) {
  size_t Count = countArguments(First, Args);
  auto **Argv = static_cast<char **>(__builtin_alloca((Count + 1) * sizeof(char *)));
  for (size_t I = 0; I < Count; ++I)
    Argv[I] = I == 0 ? const_cast<char *>(First) : va_arg(Args, char *);
  if (First)
    va_arg(Args, char *);
  Argv[Count] = nullptr;
  char *const *Envp = ThenEnvironment ? va_arg(Args, char *const *) : nullptr;
  return Exec(Argv, Envp);
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) int execve(const char *Path, char *const Argv[],
                                                  char *const Envp[]) {
  return execWithTriggerStopped(real().Execve, Path, Argv, Envp);
}

__attribute__((visibility("default"))) int execv(const char *Path, char *const Argv[]) {
  return execWithTriggerStopped(real().Execv, Path, Argv);
}

__attribute__((visibility("default"))) int execvp(const char *File, char *const Argv[]) {
  return execWithTriggerStopped(real().Execvp, File, Argv);
}

__attribute__((visibility("default"))) int execvpe(const char *File, char *const Argv[],
                                                   char *const Envp[]) {
  return execWithTriggerStopped(real().Execvpe, File, Argv, Envp);
}

__attribute__((visibility("default"))) int fexecve(int Fd, char *const Argv[], char *const Envp[]) {
  return execWithTriggerStopped(real().Fexecve, Fd, Argv, Envp);
}

__attribute__((visibility("default"))) int execveat(int DirFd, const char *Path, char *const Argv[],
                                                    char *const Envp[], int Flags) {
  return execWithTriggerStopped(real().Execveat, DirFd, Path, Argv, Envp, Flags);
}

__attribute__((visibility("default"))) int execl(const char *Path, const char *Arg, ...) {
  va_list Args;
  va_start(Args, Arg);
  int Result = execWithArgv(Arg, Args, /*ThenEnvironment=*/false,
                            [&](char **Argv, char *const *) { return execv(Path, Argv); });
  va_end(Args);
  return Result;
}

__attribute__((visibility("default"))) int execlp(const char *File, const char *Arg, ...) {
  va_list Args;
  va_start(Args, Arg);
  int Result = execWithArgv(Arg, Args, /*ThenEnvironment=*/false,
                            [&](char **Argv, char *const *) { return execvp(File, Argv); });
  va_end(Args);
  return Result;
}

__attribute__((visibility("default"))) int execle(const char *Path, const char *Arg, ...) {
  va_list Args;
  va_start(Args, Arg);
  int Result =
      execWithArgv(Arg, Args, /*ThenEnvironment=*/true,
                   [&](char **Argv, char *const *Envp) { return execve(Path, Argv, Envp); });
  va_end(Args);
  return Result;
}

} // extern "C"
