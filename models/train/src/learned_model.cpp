//===- learned_model.cpp - A trained energy model and its file ------------===//
#include "energy/train/learned_model.h"
#include "document/Envelope.h"
#include "energy/train/error.h"
#include "support/SafeFile.h"

#include <algorithm>
#include <fstream>

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

void checkEnvelope(const nlohmann::json &Json, const std::string &Origin) {
  document::View Doc(Json, Origin, TrainedModelWording);
  document::checkEnvelope(Doc, format::Model, NotAModelFile);
  std::string Kind = Doc["kind"].string();
  if (Kind != "linear" && Kind != "forest" && Kind != "boosted")
    Doc.refuse("model kind '" + Kind + "' is not a learned model (linear, forest or boosted)");
}

LearnedModel parseModel(const nlohmann::json &Doc, const std::string &Origin) {
  LearnedModel M;
  M.name = Doc.value("name", "");
  M.learner = parseLearner(Doc.at("learner").get<std::string>());
  M.inputs = Doc.at("inputs").get<std::vector<std::string>>();
  for (const auto &D : Doc.value("derived", nlohmann::json::array()))
    M.derived.push_back(derivedFromJson(D, Origin));
  M.features = Doc.at("features").get<std::vector<std::string>>();
  if (!Doc.at("scaling").is_null())
    M.scaling = MinMaxScaling::fromJson(Doc.at("scaling"), M.features.size());
  if (!Doc.at("split").is_null())
    M.split = ClassSplit::fromJson(Doc.at("split"), Origin);
  for (const auto &C : Doc.at("classes"))
    M.classes.push_back(regressorFromJson(M.learner, C, M.features.size()));
  require(M.classes.size() == (M.split ? 2u : 1u), std::to_string(M.classes.size()) +
                                                       " classes where the split needs " +
                                                       (M.split ? "2" : "1"));
  M.training = Doc.value("training", nlohmann::json::object());
  M.crossValidation = Doc.value("cross_validation", nlohmann::json::object());
  M.note = Doc.value("note", "");
  return M;
}

} // namespace

LearnedModel LearnedModel::fromJson(const nlohmann::json &Doc, const std::string &Origin) {
  checkEnvelope(Doc, Origin);
  try {
    return parseModel(Doc, Origin);
  } catch (const nlohmann::json::exception &E) {
    throw TrainError(Origin + ": malformed model (" + E.what() +
                     "); regenerate it with energy-train fit");
  } catch (const TrainError &E) {
    throw TrainError(Origin + ": " + E.what());
  } catch (const model::ModelError &E) {
    throw TrainError(E.what());
  }
}

LearnedModel LearnedModel::load(const std::string &Path) {
  std::ifstream In(Path);
  require(static_cast<bool>(In), Path + ": cannot open the model; check the path (--model)");
  nlohmann::json Doc = nlohmann::json::parse(In, nullptr, false);
  require(!Doc.is_discarded(),
          Path + ": not valid JSON (truncated?); regenerate it with energy-train fit");
  return fromJson(Doc, Path);
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
