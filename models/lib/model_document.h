//===- model_document.h - A model file as a checked document --------------===//
//
// Model files are edited by hand and produced by energy-train, so every read
// checks presence, type and range (document::View) and, on failure, throws a
// ModelError whose one line names the file and the full key
// ("energy_pj.flop.double.fma") and says how to get a working model.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODELS_LIB_MODEL_DOCUMENT_H
#define ENERGY_MODELS_LIB_MODEL_DOCUMENT_H

#include "document/Envelope.h"
#include "document/View.h"

#include <nlohmann/json.hpp>

#include <string>

namespace energy::model {

using document::View;

/// A checked view of a model document from Origin, or of the part of one at
/// Path.
View modelView(const nlohmann::json &Doc, const std::string &Origin, std::string Path = "");

/// Checks the envelope every model file shares (support/Formats.h); the
/// kind's reader checks the rest.
void checkModelEnvelope(const View &Doc);

/// Parses the text of a model file; throws ModelError for text that is not
/// JSON. `Origin` names the file in errors.
nlohmann::json parseModelText(const std::string &Text, const std::string &Origin);
/// The bytes of a model file; throws ModelError naming the path.
std::string readModelText(const std::string &Path);

} // namespace energy::model

#endif
