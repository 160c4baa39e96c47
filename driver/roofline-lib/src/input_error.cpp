//===- input_error.cpp - Bad input, said in one line ----------------------===//
#include "energy/roofline/input_error.h"

namespace energy::roofline {

// Messages are printed as one line: a stray newline from a parser would split it.
static std::string oneLine(std::string Message) {
  for (char &C : Message)
    if (C == '\n' || C == '\r')
      C = ' ';
  return Message;
}

InputError::InputError(const std::string &Message) : ::energy::InputError(oneLine(Message)) {}

} // namespace energy::roofline
