//===- model_json.cpp - Typed, path-naming access to a model document
//------===//
#include "model_json.h"

#include "energy/model/analytic_model.h"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

namespace energy::model {

namespace {
const char *typeName(const nlohmann::json &V) {
  if (V.is_number_integer())
    return "an integer";
  if (V.is_number())
    return "a number";
  return V.type_name();
}
} // namespace

ModelObject::ModelObject(const nlohmann::json &Value, std::string Origin, std::string Path)
    : Value(&Value), Origin(std::move(Origin)), Path(std::move(Path)) {
  if (!Value.is_object())
    throw ModelError(
        "energy model " + this->Origin + ": " + (this->Path.empty() ? "the document" : this->Path) +
        " must be a JSON object, found " + typeName(Value) + "; see docs/formats/model.md");
}

std::string ModelObject::keyPath(const std::string &Key) const {
  return Path.empty() ? Key : Path + "." + Key;
}

void ModelObject::fail(const std::string &Key, const std::string &Problem) const {
  throw ModelError("energy model " + Origin + ": key '" + keyPath(Key) + "' " + Problem +
                   "; fix the file (docs/formats/model.md)" +
                   " or set ENERGY_MODEL to another model");
}

const nlohmann::json &ModelObject::member(const std::string &Key) const {
  auto It = Value->find(Key);
  if (It == Value->end())
    fail(Key, "is missing");
  return *It;
}

std::string ModelObject::string(const std::string &Key) const {
  const nlohmann::json &V = member(Key);
  if (!V.is_string())
    fail(Key, std::string("must be a string, found ") + typeName(V));
  return V.get<std::string>();
}

long long ModelObject::integer(const std::string &Key) const {
  const nlohmann::json &V = member(Key);
  if (!V.is_number_integer())
    fail(Key, std::string("must be an integer, found ") + typeName(V));
  if (V.is_number_unsigned() &&
      V.get<unsigned long long>() > static_cast<unsigned long long>(LLONG_MAX))
    fail(Key, "is out of range: " + V.dump());
  return V.get<long long>();
}

double ModelObject::nonNegative(const std::string &Key) const {
  const nlohmann::json &V = member(Key);
  if (!V.is_number())
    fail(Key, std::string("must be a number, found ") + typeName(V));
  double D = V.get<double>();
  if (!std::isfinite(D) || D < 0)
    fail(Key, "must be zero or positive, found " + V.dump());
  return D;
}

nlohmann::json parseModelText(const std::string &Text, const std::string &Origin) {
  nlohmann::json Doc = nlohmann::json::parse(Text, nullptr,
                                             /*allow_exceptions=*/false);
  if (Doc.is_discarded())
    throw ModelError("energy model " + Origin +
                     ": not valid JSON (corrupt or truncated); restore it or "
                     "use another model file");
  return Doc;
}

// stdio rather than an ifstream: the runtime reads the default model in
// every measured process, and an ifstream's locale costs more than a small
// program's whole start-up.
std::string readModelText(const std::string &Path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE *)> In(std::fopen(Path.c_str(), "rb"), std::fclose);
  if (!In)
    throw ModelError("energy model " + Path + ": cannot open (" + std::strerror(errno) +
                     "); check the path (ENERGY_MODEL, --model)");
  std::string Text;
  char Buffer[8192];
  for (size_t N; (N = std::fread(Buffer, 1, sizeof Buffer, In.get())) > 0;)
    Text.append(Buffer, N);
  if (std::ferror(In.get()))
    throw ModelError("energy model " + Path + ": cannot read (" + std::strerror(errno) +
                     "); check the file");
  return Text;
}

nlohmann::json readModelFile(const std::string &Path) {
  return parseModelText(readModelText(Path), Path);
}

double ModelObject::number(const std::string &Key) const {
  const nlohmann::json &V = member(Key);
  if (!V.is_number())
    fail(Key, std::string("must be a number, found ") + typeName(V));
  double D = V.get<double>();
  if (!std::isfinite(D))
    fail(Key, "must be finite, found " + V.dump());
  return D;
}

const nlohmann::json &ModelObject::array(const std::string &Key) const {
  const nlohmann::json &V = member(Key);
  if (!V.is_array())
    fail(Key, std::string("must be an array, found ") + typeName(V));
  return V;
}

std::vector<std::string> ModelObject::strings(const std::string &Key) const {
  std::vector<std::string> Out;
  for (const nlohmann::json &E : array(Key)) {
    if (!E.is_string())
      fail(Key, std::string("must hold strings only, found ") + typeName(E));
    Out.push_back(E.get<std::string>());
  }
  return Out;
}

std::vector<double> ModelObject::numbers(const std::string &Key) const {
  std::vector<double> Out;
  for (const nlohmann::json &E : array(Key)) {
    if (!E.is_number() || !std::isfinite(E.get<double>()))
      fail(Key, "must hold finite numbers only, found " + E.dump());
    Out.push_back(E.get<double>());
  }
  return Out;
}

std::vector<ModelObject> ModelObject::objects(const std::string &Key) const {
  std::vector<ModelObject> Out;
  const nlohmann::json &A = array(Key);
  for (size_t I = 0; I < A.size(); ++I)
    Out.emplace_back(A[I], Origin, keyPath(Key) + "[" + std::to_string(I) + "]");
  return Out;
}

bool ModelObject::has(const std::string &Key) const {
  auto It = Value->find(Key);
  return It != Value->end() && !It->is_null();
}

ModelObject ModelObject::object(const std::string &Key) const {
  const nlohmann::json &V = member(Key);
  if (!V.is_object())
    fail(Key, std::string("must be an object, found ") + typeName(V));
  return ModelObject(V, Origin, keyPath(Key));
}

} // namespace energy::model
