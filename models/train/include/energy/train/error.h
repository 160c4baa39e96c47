//===- energy/train/error.h - The one error type of energy-train ----------===//
//
// Every problem with the user's input (files, columns, values, options) is
// reported as a TrainError whose what() is one line naming the problem and the
// way out; the CLI prints it and exits with status 2.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_ERROR_H
#define ENERGY_TRAIN_ERROR_H

#include "tool/InputError.h"

#include <string>

namespace energy::train {

class TrainError : public InputError {
public:
  using InputError::InputError;
};

/// Throws TrainError(Message) unless Condition holds.
void require(bool Condition, const std::string &Message);

} // namespace energy::train

#endif
