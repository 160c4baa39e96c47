//===- ChildProcess.h - The measured program, started on a signal -*- C++ -*-===//
//
// energy-stat must open the counters on the child before it runs a single
// instruction of the program, as perf stat does: the child is forked, waits
// on a pipe while the parent opens counters armed with enable_on_exec, and
// execs when released. An exec failure comes back through a close-on-exec
// pipe, so the parent can tell "the program failed" from "it never ran".
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_STAT_CHILDPROCESS_H
#define ENERGY_STAT_CHILDPROCESS_H

#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <vector>

namespace energy::stat {

class ChildProcess {
public:
  ~ChildProcess();
  /// Forks the child, which waits for release(). False with `error` set when
  /// fork or pipe fail.
  bool spawn(const std::vector<std::string> &argv, std::string &error);
  pid_t pid() const { return child; }
  /// Lets the child exec. Returns 0 once it runs the program, or the errno of
  /// the failed exec (the child has then exited).
  int release();
  /// Waits for the child; returns its wait status and fills its resource use.
  int wait(rusage &usage);

private:
  pid_t child = -1;
  int goFd = -1;    // parent writes one byte: exec now
  int errorFd = -1; // child writes errno when exec fails
};

/// The exit status energy-stat passes on: the program's, or 128 + signal.
int exitStatusOf(int waitStatus);

} // namespace energy::stat

#endif
