//===- SignalsBlocked.h - Every signal blocked in the calling thread ------===//
//
// For the runtime's short critical sections that a signal handler must not
// interrupt on the same thread: a handler that runs instrumented code there
// would wait for the thread it interrupted, or change what is being copied.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_SIGNALSBLOCKED_H
#define ENERGY_RT_SIGNALSBLOCKED_H

#include <csignal>
#include <pthread.h>

namespace energy::rt {

/// Blocks every signal for its lifetime and restores the mask it found.
class SignalsBlocked {
public:
  SignalsBlocked() {
    sigset_t All;
    sigfillset(&All);
    pthread_sigmask(SIG_SETMASK, &All, &Before);
  }
  ~SignalsBlocked() { pthread_sigmask(SIG_SETMASK, &Before, nullptr); }
  SignalsBlocked(const SignalsBlocked &) = delete;
  SignalsBlocked &operator=(const SignalsBlocked &) = delete;

private:
  sigset_t Before;
};

} // namespace energy::rt

#endif
