//===- error.cpp - The one error type of energy-train ---------------------===//
#include "energy/train/error.h"

namespace energy::train {

void require(bool Condition, const std::string &Message) {
  if (!Condition)
    throw TrainError(Message);
}

} // namespace energy::train
