//===- learned_model.cpp - A trained energy model and its file ------------===//
#include "energy/train/learned_model.h"
#include "document/Envelope.h"
#include "energy/train/error.h"
#include "support/SafeFile.h"

#include <algorithm>

namespace energy::train {

std::string LearnedModel::kind() const {
  return isLinear(learner) ? "linear" : learnerName(learner);
}

std::vector<std::string>
LearnedModel::missingInputs(const std::vector<std::string> &Available) const {
  std::vector<std::string> Missing;
  for (const std::string &I : inputs)
    if (std::find(Available.begin(), Available.end(), I) == Available.end())
      Missing.push_back(I);
  return Missing;
}

model::LearnedModel LearnedModel::predictor() const {
  try {
    return model::LearnedModel::fromJson(toJson(), "'" + name + "'");
  } catch (const model::ModelError &E) {
    throw TrainError(E.what());
  }
}

namespace {

int requireColumn(const Dataset &Data, const std::string &Name, const std::string &Model) {
  int C = Data.featureIndex(Name);
  require(C >= 0, "model '" + Model + "' needs counter '" + Name +
                      "', which the data lack; measure it or use a model "
                      "without it");
  return C;
}

/// The model's inputs in one row: all the predictor reads.
FeatureValues inputValues(const Dataset &Data, size_t Row, const std::vector<std::string> &Inputs,
                          const std::vector<int> &Columns) {
  FeatureValues V;
  for (size_t I = 0; I < Inputs.size(); ++I)
    V.emplace(Inputs[I], Data.x(static_cast<Eigen::Index>(Row), Columns[I]));
  return V;
}

} // namespace

Eigen::VectorXd LearnedModel::predictWatts(const Dataset &Data) const {
  std::vector<int> Columns;
  for (const std::string &I : inputs)
    Columns.push_back(requireColumn(Data, I, name));
  model::LearnedModel P = predictor();
  std::vector<size_t> Previous = previousRows(Data);
  Eigen::VectorXd Out(Data.x.rows());
  try {
    for (size_t R = 0; R < Data.rows(); ++R) {
      FeatureValues Row = inputValues(Data, R, inputs, Columns);
      FeatureValues Before = inputValues(Data, Previous[R], inputs, Columns);
      Out(static_cast<Eigen::Index>(R)) =
          P.predictWatts(Row, Data.seconds(static_cast<Eigen::Index>(R)), &Before);
    }
  } catch (const model::ModelError &E) {
    throw TrainError(E.what());
  }
  return Out;
}

void LearnedModel::setScalingFrom(const Dataset &Data) {
  for (const std::string &I : inputs)
    requireColumn(Data, I, name);
  Dataset Full = addDerivedFeatures(Data, derived);
  Eigen::MatrixXd X(Full.x.rows(), static_cast<Eigen::Index>(features.size()));
  for (size_t F = 0; F < features.size(); ++F)
    X.col(static_cast<Eigen::Index>(F)) = Full.x.col(requireColumn(Full, features[F], name));
  scaling = MinMaxScaling::fit(X);
}

FeatureValues rowValues(const Dataset &Data, size_t Row) {
  FeatureValues V;
  for (size_t F = 0; F < Data.features.size(); ++F)
    V[Data.features[F]] = Data.x(static_cast<Eigen::Index>(Row), static_cast<Eigen::Index>(F));
  return V;
}

nlohmann::json LearnedModel::toJson() const {
  nlohmann::json Derived = nlohmann::json::array();
  for (const DerivedFeature &D : derived)
    Derived.push_back(energy::train::toJson(D));
  nlohmann::json Classes = nlohmann::json::array();
  for (size_t C = 0; C < classes.size(); ++C) {
    nlohmann::json J = classes[C]->toJson();
    J["condition"] = split ? split->condition(static_cast<int>(C)) : "all";
    Classes.push_back(J);
  }
  nlohmann::json Doc = {{"format", format::Model.Name},
                        {"version", format::Model.Version},
                        {"kind", kind()},
                        {"name", name},
                        {"learner", learnerName(learner)},
                        {"target", "mean power (W)"},
                        {"inputs", inputs},
                        {"derived", Derived},
                        {"features", features},
                        {"scaling", scaling ? scaling->toJson() : nlohmann::json()},
                        {"split", split ? split->toJson() : nlohmann::json()},
                        {"classes", Classes},
                        {"training", training},
                        {"cross_validation", crossValidation}};
  if (!note.empty())
    Doc["note"] = note;
  return Doc;
}

namespace {

using document::View;

const document::Wording TrainedModelWording = {
    .BeforeOrigin = "",
    .Key = "'{path}'",
    .Missing = "missing '{path}'",
    .WayOut = "; regenerate it with energy-train fit",
    .BareTypeNames = false,
    .NumberedElements = true,
    .Raise = document::raise<TrainError>,
};

const document::Refusals NotAModelFile = {
    .NotThisFormat = "not an energypass-model file",
    .WrongFormat = "not an energypass-model file",
    .UnsupportedVersion = "model version {found} is not supported (this build reads {versions}); "
                          "upgrade EnergyPass",
};

void checkEnvelope(const View &Doc) {
  document::checkEnvelope(Doc, format::Model, NotAModelFile);
  std::string Kind = Doc["kind"].string();
  if (Kind != "linear" && Kind != "forest" && Kind != "boosted")
    Doc.refuse("model kind '" + Kind + "' is not a learned model (linear, forest or boosted)");
}

LearnerKind learnerOf(const View &Learner) {
  std::string Name = Learner.string();
  if (std::optional<LearnerKind> K = learnerNamed(Name))
    return *K;
  Learner.reject("is '" + Name + "', not ols, ridge, lasso, forest or boosted");
}

/// Free-form records (training, cross_validation): kept as written, but an
/// object, since the tools add members to them.
nlohmann::json optionalObject(const View &Doc, const std::string &Key) {
  auto Member = Doc.optional(Key);
  if (!Member)
    return nlohmann::json::object();
  Member->expectObject();
  return Member->json();
}

std::vector<std::unique_ptr<Regressor>> classesOf(const View &Doc, const LearnedModel &M) {
  View Classes = Doc["classes"];
  size_t Expected = M.split ? 2 : 1;
  if (Classes.arraySize() != Expected)
    Classes.reject("holds " + std::to_string(Classes.arraySize()) +
                   " classes where the split needs " + std::to_string(Expected));
  std::vector<std::unique_ptr<Regressor>> Out;
  for (const View &C : Classes.elements())
    Out.push_back(regressorFromJson(M.learner, C, M.features.size()));
  return Out;
}

LearnedModel parseModel(const View &Doc) {
  LearnedModel M;
  M.name = Doc.stringOr("name", "");
  M.learner = learnerOf(Doc["learner"]);
  M.inputs = Doc["inputs"].strings();
  if (auto Derived = Doc.optional("derived"))
    for (const View &D : Derived->elements())
      M.derived.push_back(derivedFromJson(D));
  M.features = Doc["features"].strings();
  if (auto Scaling = Doc.nullable("scaling"))
    M.scaling = MinMaxScaling::fromJson(*Scaling, M.features.size());
  if (auto Split = Doc.nullable("split"))
    M.split = ClassSplit::fromJson(*Split);
  M.classes = classesOf(Doc, M);
  M.training = optionalObject(Doc, "training");
  M.crossValidation = optionalObject(Doc, "cross_validation");
  M.note = Doc.stringOr("note", "");
  return M;
}

} // namespace

LearnedModel LearnedModel::fromJson(const nlohmann::json &Json, const std::string &Origin) {
  View Doc(Json, Origin, TrainedModelWording);
  checkEnvelope(Doc);
  return parseModel(Doc);
}

LearnedModel LearnedModel::load(const std::string &Path) {
  try {
    return fromJson(model::readModelFile(Path), Path);
  } catch (const model::ModelError &E) {
    // A file that cannot be read or is not JSON: the model library's line, as in every tool.
    throw TrainError(E.what());
  }
}

void LearnedModel::save(const std::string &Path) const {
  // Tree ensembles are large: written compact; linear models indented.
  std::string Text = toJson().dump(isLinear(learner) ? 1 : -1) + "\n";
  // Written whole, then renamed: a reader never sees half a model.
  std::string Error;
  require(support::writeFileSafely(Path, Text, {.Named = true}, Error),
          Path + ": cannot write (" + Error + "); check the directory and permissions");
}

} // namespace energy::train
