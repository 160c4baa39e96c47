//===- learned_model.cpp - A trained energy model and its file ------------===//
#include "energy/train/learned_model.h"
#include "energy/train/error.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace energy::train {

namespace {
constexpr const char *ModelFormat = "energypass-model";
constexpr int ModelVersion = 1;
} // namespace

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

namespace {

double rawValue(const FeatureValues &Raw, const std::string &Name,
                double Seconds, const std::string &Model) {
  if (Name == "seconds")
    return Seconds;
  auto It = Raw.find(Name);
  require(It != Raw.end(),
          "model '" + Model + "' needs counter '" + Name +
              "', which the data lacks; measure it or use a model without it");
  return It->second;
}

double featureValue(const LearnedModel &M, const std::string &Name,
                    const FeatureValues &Raw, double Seconds,
                    const FeatureValues *Previous) {
  for (const DerivedFeature &D : M.derived) {
    if (D.name != Name)
      continue;
    if (D.op == DerivedFeature::Previous)
      return rawValue(Previous ? *Previous : Raw, D.numerator, Seconds, M.name);
    return ratioValue(D, rawValue(Raw, D.numerator, Seconds, M.name),
                      rawValue(Raw, D.denominator, Seconds, M.name));
  }
  return rawValue(Raw, Name, Seconds, M.name);
}

} // namespace

int LearnedModel::classOf(const FeatureValues &Raw) const {
  if (!split)
    return 0;
  return split->classOf(featureValue(*this, split->feature, Raw, 0.0, nullptr));
}

namespace {

void requireScaling(const LearnedModel &M) {
  require(M.scaling.has_value(),
          "model '" + M.name + "' has no scaling ranges (its source did not "
          "publish them); take them from your data with energy-train rescale "
          "MODEL DATASET -o OUT");
}

} // namespace

Eigen::VectorXd LearnedModel::featureRow(const FeatureValues &Raw, double Seconds,
                                         const FeatureValues *Previous) const {
  requireScaling(*this);
  Eigen::VectorXd Row(features.size());
  for (size_t I = 0; I < features.size(); ++I) {
    Eigen::Index F = static_cast<Eigen::Index>(I);
    double V = featureValue(*this, features[I], Raw, Seconds, Previous);
    Row(F) = scaling->apply(F, V);
  }
  return Row;
}

double LearnedModel::predictWatts(const FeatureValues &Raw, double Seconds,
                                  const FeatureValues *Previous) const {
  Eigen::MatrixXd Row = featureRow(Raw, Seconds, Previous).transpose();
  return classes[static_cast<size_t>(classOf(Raw))]->predict(Row)(0);
}

namespace {

int requireColumn(const Dataset &Data, const std::string &Name,
                  const std::string &Model) {
  int C = Data.featureIndex(Name);
  require(C >= 0, "model '" + Model + "' needs counter '" + Name +
                      "', which the data lack; measure it or use a model "
                      "without it");
  return C;
}

} // namespace

Eigen::VectorXd LearnedModel::predictWatts(const Dataset &Data) const {
  for (const std::string &I : inputs)
    requireColumn(Data, I, name);
  requireScaling(*this);
  Dataset Full = addDerivedFeatures(Data, derived);
  Eigen::MatrixXd Rows(Full.x.rows(), static_cast<Eigen::Index>(features.size()));
  for (size_t F = 0; F < features.size(); ++F) {
    Eigen::Index C = static_cast<Eigen::Index>(F);
    Eigen::Index Col = requireColumn(Full, features[F], name);
    for (Eigen::Index R = 0; R < Full.x.rows(); ++R)
      Rows(R, C) = scaling->apply(C, Full.x(R, Col));
  }
  std::vector<std::vector<Eigen::Index>> ByClass(classes.size());
  int SplitCol = split ? requireColumn(Full, split->feature, name) : -1;
  for (Eigen::Index R = 0; R < Full.x.rows(); ++R)
    ByClass[split ? static_cast<size_t>(split->classOf(Full.x(R, SplitCol))) : 0]
        .push_back(R);
  // Predict each class in one batch: one xgboost call instead of one per row.
  Eigen::VectorXd Out(Data.x.rows());
  for (size_t C = 0; C < classes.size(); ++C) {
    if (ByClass[C].empty())
      continue;
    Eigen::MatrixXd Part = Rows(ByClass[C], Eigen::all);
    Eigen::VectorXd P = classes[C]->predict(Part);
    for (size_t I = 0; I < ByClass[C].size(); ++I)
      Out(ByClass[C][I]) = P(static_cast<Eigen::Index>(I));
  }
  return Out;
}

void LearnedModel::setScalingFrom(const Dataset &Data) {
  for (const std::string &I : inputs)
    requireColumn(Data, I, name);
  Dataset Full = addDerivedFeatures(Data, derived);
  Eigen::MatrixXd X(Full.x.rows(), static_cast<Eigen::Index>(features.size()));
  for (size_t F = 0; F < features.size(); ++F)
    X.col(static_cast<Eigen::Index>(F)) =
        Full.x.col(requireColumn(Full, features[F], name));
  scaling = MinMaxScaling::fit(X);
}

FeatureValues rowValues(const Dataset &Data, size_t Row) {
  FeatureValues V;
  for (size_t F = 0; F < Data.features.size(); ++F)
    V[Data.features[F]] = Data.x(static_cast<Eigen::Index>(Row),
                                 static_cast<Eigen::Index>(F));
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
  nlohmann::json Doc = {{"format", ModelFormat},
                        {"version", ModelVersion},
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

void checkEnvelope(const nlohmann::json &Doc, const std::string &Origin) {
  require(Doc.is_object() && Doc.value("format", "") == ModelFormat,
          Origin + ": not an energypass-model file");
  require(Doc.value("version", 0) == ModelVersion,
          Origin + ": model version " + Doc.value("version", nlohmann::json(0)).dump() +
              " is not supported (this build reads version 1); upgrade EnergyPass");
  std::string Kind = Doc.value("kind", "");
  require(Kind == "linear" || Kind == "forest" || Kind == "boosted",
          Origin + ": model kind '" + Kind +
              "' is not a learned model (linear, forest or boosted)");
}

LearnedModel parseModel(const nlohmann::json &Doc) {
  LearnedModel M;
  M.name = Doc.value("name", "");
  M.learner = parseLearner(Doc.at("learner").get<std::string>());
  M.inputs = Doc.at("inputs").get<std::vector<std::string>>();
  for (const auto &D : Doc.value("derived", nlohmann::json::array()))
    M.derived.push_back(derivedFromJson(D));
  M.features = Doc.at("features").get<std::vector<std::string>>();
  if (!Doc.at("scaling").is_null())
    M.scaling = MinMaxScaling::fromJson(Doc.at("scaling"), M.features.size());
  if (!Doc.at("split").is_null())
    M.split = ClassSplit::fromJson(Doc.at("split"));
  for (const auto &C : Doc.at("classes"))
    M.classes.push_back(regressorFromJson(M.learner, C, M.features.size()));
  require(M.classes.size() == (M.split ? 2u : 1u),
          std::to_string(M.classes.size()) + " classes where the split needs " +
              (M.split ? "2" : "1"));
  M.training = Doc.value("training", nlohmann::json::object());
  M.crossValidation = Doc.value("cross_validation", nlohmann::json::object());
  M.note = Doc.value("note", "");
  return M;
}

} // namespace

LearnedModel LearnedModel::fromJson(const nlohmann::json &Doc,
                                    const std::string &Origin) {
  checkEnvelope(Doc, Origin);
  try {
    return parseModel(Doc);
  } catch (const nlohmann::json::exception &E) {
    throw TrainError(Origin + ": malformed model (" + E.what() +
                     "); regenerate it with energy-train fit");
  } catch (const TrainError &E) {
    throw TrainError(Origin + ": " + E.what());
  }
}

LearnedModel LearnedModel::load(const std::string &Path) {
  std::ifstream In(Path);
  require(static_cast<bool>(In),
          Path + ": cannot open the model; check the path (--model)");
  nlohmann::json Doc = nlohmann::json::parse(In, nullptr, false);
  require(!Doc.is_discarded(),
          Path + ": not valid JSON (truncated?); regenerate it with energy-train fit");
  return fromJson(Doc, Path);
}

void LearnedModel::save(const std::string &Path) const {
  std::string Temp = Path + ".tmp";
  {
    std::ofstream Out(Temp);
    require(static_cast<bool>(Out),
            Path + ": cannot write; check the directory and permissions");
    // Tree ensembles are large: written compact; linear models indented.
    Out << toJson().dump(isLinear(learner) ? 1 : -1) << '\n';
    require(static_cast<bool>(Out), Path + ": write failed (disk full?)");
  }
  // Written whole, then renamed: a reader never sees half a model.
  require(std::rename(Temp.c_str(), Path.c_str()) == 0,
          Path + ": cannot replace the file");
}

} // namespace energy::train
