//===- ThreadStart.cpp - Seeing every thread, even one without regions ----===//
//
// A thread's counts are merged when it ends by a hook armed on its first
// region entry. A thread that executes instrumented blocks but never enters a
// region (its functions are all below the pass's size threshold, or
// filtered out) would never arm it, and its counts would be lost. So the
// runtime interposes pthread_create, as the sanitizers do: the new thread
// creates its state before it runs the program's start routine. Everything
// else is passed through unchanged.
//
//===----------------------------------------------------------------------===//
#include "Runtime.h"

#include <cerrno>
#include <cstdlib>
#include <dlfcn.h>
#include <pthread.h>

using namespace energy::rt;

namespace {

using CreateFn = int (*)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

struct StartRoutine {
  void *(*Fn)(void *);
  void *Arg;
};

void *startThread(void *Raw) {
  StartRoutine Start = *static_cast<StartRoutine *>(Raw);
  std::free(Raw);
  Runtime::get().attachThreadIfMeasuring();
  return Start.Fn(Start.Arg);
}

CreateFn realPthreadCreate() {
  static CreateFn Real = reinterpret_cast<CreateFn>(dlsym(RTLD_NEXT, "pthread_create"));
  return Real;
}

} // namespace

extern "C" __attribute__((visibility("default"))) int
pthread_create(pthread_t *Thread, const pthread_attr_t *Attr, void *(*Fn)(void *), void *Arg) {
  CreateFn Real = realPthreadCreate();
  if (!Real)
    return EAGAIN;
  if (Measurement::creatingInternalThread())
    return Real(Thread, Attr, Fn, Arg);
  auto *Start = static_cast<StartRoutine *>(std::malloc(sizeof(StartRoutine)));
  if (!Start)
    return Real(Thread, Attr, Fn, Arg);
  *Start = {Fn, Arg};
  int Error = Real(Thread, Attr, startThread, Start);
  if (Error)
    std::free(Start);
  return Error;
}
