//===- model_json.h - Typed, path-naming access to a model document
//--------===//
//
// Model files are edited by hand and produced by energy-train, so every read
// checks presence, type and range and, on failure, throws a ModelError whose
// one line names the file and the full key ("energy_pj.flop.double.fma").
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODELS_LIB_MODEL_JSON_H
#define ENERGY_MODELS_LIB_MODEL_JSON_H

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace energy::model {

/// A JSON object inside a model document, together with its key path, so that
/// errors say exactly which key is wrong.
class ModelObject {
public:
  ModelObject(const nlohmann::json &Value, std::string Origin, std::string Path = "");

  const nlohmann::json &value() const { return *Value; }
  std::string keyPath(const std::string &Key) const;

  std::string string(const std::string &Key) const;
  long long integer(const std::string &Key) const;
  /// A finite number that is zero or positive (energies, powers).
  double nonNegative(const std::string &Key) const;
  /// Any finite number (coefficients, thresholds).
  double number(const std::string &Key) const;
  std::vector<std::string> strings(const std::string &Key) const;
  std::vector<double> numbers(const std::string &Key) const;
  ModelObject object(const std::string &Key) const;
  /// The array at Key; each element must be an object.
  std::vector<ModelObject> objects(const std::string &Key) const;
  /// True when Key is present and not null.
  bool has(const std::string &Key) const;

  [[noreturn]] void fail(const std::string &Key, const std::string &Problem) const;

private:
  const nlohmann::json &member(const std::string &Key) const;

  const nlohmann::json &array(const std::string &Key) const;

  const nlohmann::json *Value;
  std::string Origin;
  std::string Path;
};

/// Parses the text of a model file; throws ModelError for text that is not
/// JSON. `Origin` names the file in errors.
nlohmann::json parseModelText(const std::string &Text, const std::string &Origin);
/// Reads and parses a model file; throws ModelError.
nlohmann::json readModelFile(const std::string &Path);
/// The bytes of a model file; throws ModelError naming the path.
std::string readModelText(const std::string &Path);

} // namespace energy::model

#endif
