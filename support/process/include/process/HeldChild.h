//===- process/HeldChild.h - A program started when its parent says -*- C++ -*-===//
//
// Counters armed with enable_on_exec must be open on a child before it runs a
// single instruction of the program (energy-stat, as perf stat does; energy-
// train collect): the child is forked, waits on a pipe while the parent opens
// them, and execs when released. An exec failure comes back through a
// close-on-exec pipe, so the parent can tell "the program failed" from "it
// never ran".
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_PROCESS_HELDCHILD_H
#define ENERGY_PROCESS_HELDCHILD_H

#include "process/Run.h"

#include <sys/resource.h>
#include <sys/types.h>

namespace energy::process {

struct HeldChildOptions {
  /// The child's stdout goes to /dev/null (collect may write its dataset to
  /// its own stdout).
  bool DiscardOutput = false;
};

class HeldChild {
public:
  HeldChild() = default;
  /// Kills and reaps a child that was not waited for: one left behind by an
  /// error between spawn() and wait().
  ~HeldChild();
  HeldChild(const HeldChild &) = delete;
  HeldChild &operator=(const HeldChild &) = delete;

  /// Forks the child, which waits for release(). Its SIGINT and SIGQUIT are
  /// back at their defaults whatever this process ignores. False with `Why`
  /// set when a pipe or the fork fails.
  bool spawn(const Command &Cmd, std::string &Why, HeldChildOptions Opts = {});
  pid_t pid() const { return Child; }
  /// Lets the child exec. Returns 0 once it runs the program, or the errno
  /// of the failed exec (the child has then exited with execFailureStatus()).
  int release();
  /// Waits for the child through signals that interrupt the wait; returns its
  /// wait status, or -1 with errno set, and fills `Usage` when given.
  int wait(rusage *Usage = nullptr);
  /// Whether the child has ended, without waiting; its wait status is then
  /// in `WaitStatus`.
  bool ended(int &WaitStatus);

private:
  pid_t Child = -1;
  int GoFd = -1;    // the parent writes one byte: exec now
  int ErrorFd = -1; // the child writes errno when its exec fails
  bool Reaped = false;
};

} // namespace energy::process

#endif
