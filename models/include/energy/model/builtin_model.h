//===- energy/model/builtin_model.h - The shipped default model, compiled in ===//
//
// Every instrumented process applies the default model at exit, and parsing
// its JSON file cost about 240 thousand instructions: more than an empty
// program runs. The build compiles models/default.json in
// (models/cmake/EmbedAnalyticModel.cmake): loadModel() still reads the file
// it is pointed at, and when its bytes are the shipped default's it builds
// the model from these numbers instead of parsing them. A file that was
// edited, or any other model, is parsed as always.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODEL_BUILTIN_MODEL_H
#define ENERGY_MODEL_BUILTIN_MODEL_H

#include "energy/model/analytic_model.h"

#include <string_view>

namespace energy::model {

/// The text of models/default.json as the build found it.
extern const std::string_view BuiltInModelText;
/// The model that text describes.
AnalyticModel builtInModel();

} // namespace energy::model

#endif
