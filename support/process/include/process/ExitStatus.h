//===- process/ExitStatus.h - A child's end, as a shell reports it -*- C++ -*-===//
//
// Every tool that runs a program ends with, or reports, that program's exit
// status the way sh does: the code it exited with, 128 + N when signal N
// killed it, 127 when the program was not found and 126 when it was found but
// could not be run. Tools and scripts that wrap them (make, CI) can then tell
// these cases apart whichever tool was in between.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_PROCESS_EXITSTATUS_H
#define ENERGY_PROCESS_EXITSTATUS_H

#include <string>

namespace energy::process {

/// The shell's exit status for a wait(2) status: the exit code, or 128 + N
/// for a child killed by signal N.
int shellExitStatus(int WaitStatus);

/// The shell's exit status for a program that could not be exec'd with
/// errno `Error`: 127 when it was not found, 126 otherwise.
int execFailureStatus(int Error);

/// "cannot run PROGRAM (strerror(Error))", the one wording every tool uses.
std::string execFailureMessage(const std::string &Program, int Error);

} // namespace energy::process

#endif
