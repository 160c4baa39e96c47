//===- tool/InputError.h - Bad input: one line, exit status 2 -------------===//
//
// The contract every reader of the project's files keeps (reports, models,
// machine profiles, GPU traces, training data): input it cannot use is
// thrown as an InputError whose what() is one line naming the file, the
// problem and the way out. The tools print it after their name and end with
// status 2 (ToolMain.h). Each reader's own type derives from it, so that a
// tool reading several formats catches them as one.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TOOL_INPUTERROR_H
#define ENERGY_TOOL_INPUTERROR_H

#include <stdexcept>

namespace energy {

class InputError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The exit status of a tool given bad input or a bad command line.
inline constexpr int BadInputStatus = 2;

} // namespace energy

#endif
