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

int notFound() {
  errno = ENOSYS;
  return -1;
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

/// Fills Argv (room for Count + 1) with the Count arguments and a null,
/// taking all but First, and their null, from Args; for execle, returns the
/// environment that follows them.
char *const *fillArguments(char **Argv, const char *First, va_list Args, size_t Count,
                           bool ThenEnvironment = false) {
  for (size_t I = 0; I < Count; ++I)
    Argv[I] = I == 0 ? const_cast<char *>(First) : va_arg(Args, char *);
  if (First)
    va_arg(Args, char *);
  Argv[Count] = nullptr;
  return ThenEnvironment ? va_arg(Args, char *const *) : nullptr;
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) int execve(const char *Path, char *const Argv[],
                                                  char *const Envp[]) {
  if (!real().Execve)
    return notFound();
  TriggerStoppedForExec Guard;
  return real().Execve(Path, Argv, Envp);
}

__attribute__((visibility("default"))) int execv(const char *Path, char *const Argv[]) {
  if (!real().Execv)
    return notFound();
  TriggerStoppedForExec Guard;
  return real().Execv(Path, Argv);
}

__attribute__((visibility("default"))) int execvp(const char *File, char *const Argv[]) {
  if (!real().Execvp)
    return notFound();
  TriggerStoppedForExec Guard;
  return real().Execvp(File, Argv);
}

__attribute__((visibility("default"))) int execvpe(const char *File, char *const Argv[],
                                                   char *const Envp[]) {
  if (!real().Execvpe)
    return notFound();
  TriggerStoppedForExec Guard;
  return real().Execvpe(File, Argv, Envp);
}

__attribute__((visibility("default"))) int fexecve(int Fd, char *const Argv[],
                                                   char *const Envp[]) {
  if (!real().Fexecve)
    return notFound();
  TriggerStoppedForExec Guard;
  return real().Fexecve(Fd, Argv, Envp);
}

__attribute__((visibility("default"))) int execveat(int DirFd, const char *Path,
                                                    char *const Argv[], char *const Envp[],
                                                    int Flags) {
  if (!real().Execveat)
    return notFound();
  TriggerStoppedForExec Guard;
  return real().Execveat(DirFd, Path, Argv, Envp, Flags);
}

__attribute__((visibility("default"))) int execl(const char *Path, const char *Arg, ...) {
  va_list Args;
  va_start(Args, Arg);
  // On the stack: exec may run in a fork child, where malloc is not safe.
  size_t Count = countArguments(Arg, Args);
  auto **Argv = static_cast<char **>(__builtin_alloca((Count + 1) * sizeof(char *)));
  fillArguments(Argv, Arg, Args, Count);
  va_end(Args);
  return execv(Path, Argv);
}

__attribute__((visibility("default"))) int execlp(const char *File, const char *Arg, ...) {
  va_list Args;
  va_start(Args, Arg);
  // On the stack: exec may run in a fork child, where malloc is not safe.
  size_t Count = countArguments(Arg, Args);
  auto **Argv = static_cast<char **>(__builtin_alloca((Count + 1) * sizeof(char *)));
  fillArguments(Argv, Arg, Args, Count);
  va_end(Args);
  return execvp(File, Argv);
}

__attribute__((visibility("default"))) int execle(const char *Path, const char *Arg, ...) {
  va_list Args;
  va_start(Args, Arg);
  // On the stack: exec may run in a fork child, where malloc is not safe.
  size_t Count = countArguments(Arg, Args);
  auto **Argv = static_cast<char **>(__builtin_alloca((Count + 1) * sizeof(char *)));
  char *const *Envp = fillArguments(Argv, Arg, Args, Count, /*ThenEnvironment=*/true);
  va_end(Args);
  return execve(Path, Argv, Envp);
}

} // extern "C"
