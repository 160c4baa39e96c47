//===- tree_ensemble.cpp - Evaluating xgboost trees without xgboost -------===//
#include "energy/model/tree_ensemble.h"

#include "model_document.h"

#include <cmath>
#include <cstdlib>

namespace energy::model {

namespace {

/// xgboost writes its model parameters as strings ("8.572783E1").
double numericString(const View &Field) {
  std::string Text = Field.string();
  char *End = nullptr;
  double V = std::strtod(Text.c_str(), &End);
  if (Text.empty() || *End != '\0' || !std::isfinite(V))
    Field.reject("is not a number: \"" + Text + "\"");
  return V;
}

void requireValue(const View &Field, const std::string &Expected, const std::string &Why) {
  std::string Found = Field.string();
  if (Found != Expected)
    Field.reject("is \"" + Found + "\", but only \"" + Expected + "\" " + Why);
}

/// xgboost's node arrays: numbers without a fraction, in whichever JSON type.
std::vector<long long> wholeNumbers(const View &Field) {
  std::vector<long long> Out;
  for (double D : Field.numbers()) {
    if (D != std::floor(D))
      Field.reject("must hold integers only");
    Out.push_back(static_cast<long long>(D));
  }
  return Out;
}

} // namespace

TreeEnsemble TreeEnsemble::fromXgboostJson(const nlohmann::json &Booster, size_t Features,
                                           const std::string &Origin, const std::string &Path) {
  View Learner = modelView(Booster, Origin, Path)["learner"];
  requireValue(Learner["objective"]["name"], "reg:squarederror",
               "(regression) is applied without xgboost");
  View Gbm = Learner["gradient_booster"];
  requireValue(Gbm["name"], "gbtree", "boosters are applied without xgboost");
  View Param = Learner["learner_model_param"];
  if (numericString(Param["num_class"]) != 0)
    Param["num_class"].reject("must be 0 (a regression model)");
  if (numericString(Param["num_feature"]) != static_cast<double>(Features))
    Param["num_feature"].reject("does not match the model's " + std::to_string(Features) +
                                " features");

  TreeEnsemble E;
  E.Features = Features;
  E.BaseScore = static_cast<float>(numericString(Param["base_score"]));
  View Trees = Gbm["model"];
  for (long long Group : wholeNumbers(Trees["tree_info"]))
    if (Group != 0)
      Trees["tree_info"].reject("names output group " + std::to_string(Group) +
                                "; a regression model has one");
  for (const View &T : Trees["trees"].elements()) {
    std::vector<long long> Left = wholeNumbers(T["left_children"]);
    std::vector<long long> Right = wholeNumbers(T["right_children"]);
    std::vector<long long> Feature = wholeNumbers(T["split_indices"]);
    std::vector<long long> Default = wholeNumbers(T["default_left"]);
    std::vector<double> Value = T["split_conditions"].numbers();
    size_t N = Left.size();
    if (N == 0 || Right.size() != N || Feature.size() != N || Default.size() != N ||
        Value.size() != N)
      T["left_children"].reject("and the other node arrays must be non-empty and of one length");
    if (T.has("split_type"))
      for (long long Type : wholeNumbers(T["split_type"]))
        if (Type != 0)
          T["split_type"].reject("holds a categorical split, which is not supported");
    size_t Root = E.Nodes.size();
    E.Roots.push_back(Root);
    for (size_t I = 0; I < N; ++I) {
      Node Nd;
      Nd.value = static_cast<float>(Value[I]);
      Nd.defaultLeft = Default[I] != 0;
      bool Leaf = Left[I] == -1;
      // Children after their parent: evaluation always ends at a leaf.
      auto validChild = [&](long long C) {
        return C > static_cast<long long>(I) && C < static_cast<long long>(N);
      };
      if (!Leaf) {
        if (!validChild(Left[I]) || !validChild(Right[I]))
          T["left_children"].reject("has node " + std::to_string(I) +
                                    " with children outside the tree");
        if (Feature[I] < 0 || Feature[I] >= static_cast<long long>(Features))
          T["split_indices"].reject("has node " + std::to_string(I) +
                                    " splitting on a feature the model does not have");
        Nd.left = static_cast<int32_t>(Root + static_cast<size_t>(Left[I]));
        Nd.right = static_cast<int32_t>(Root + static_cast<size_t>(Right[I]));
        Nd.feature = static_cast<uint32_t>(Feature[I]);
      }
      E.Nodes.push_back(Nd);
    }
  }
  return E;
}

double TreeEnsemble::predict(const std::vector<double> &Row) const {
  std::vector<float> X(Row.begin(), Row.end());
  float Sum = BaseScore;
  for (size_t Root : Roots) {
    const Node *N = &Nodes[Root];
    while (N->left >= 0) {
      float V = X[N->feature];
      bool GoLeft = std::isnan(V) ? N->defaultLeft : V < N->value;
      N = &Nodes[static_cast<size_t>(GoLeft ? N->left : N->right)];
    }
    Sum += N->value;
  }
  return Sum;
}

} // namespace energy::model
