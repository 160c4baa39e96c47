//===- select_command.cpp - energy-train select ---------------------------===//
//
// Prints the three feature rankings of a dataset (Spearman, PCA with its
// explained variance, random-forest importance) and the top k of each.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include "energy/train/fit.h"
#include "energy/train/statistics.h"

#include <cstdio>
#include <iostream>
#include <memory>

namespace energy::train::cli {

namespace {

struct SelectOptions {
  std::string dataset, method = "all";
  size_t k = 22;
  bool noDerived = false, json = false;
};

void printPca(const Eigen::MatrixXd &Scaled, const std::vector<std::string> &Names) {
  Pca P = principalComponents(Scaled);
  std::printf("PCA explained variance:");
  double Cumulative = 0;
  for (Eigen::Index C = 0; C < P.explainedRatio.size() && C < 8; ++C) {
    Cumulative += P.explainedRatio(C);
    std::printf(" PC%ld %.1f%% (%.1f%%)", static_cast<long>(C + 1), 100 * P.explainedRatio(C),
                100 * Cumulative);
  }
  std::printf("\nPCA loadings (PC1..PC3):\n");
  for (Eigen::Index F = 0; F < P.loadings.rows(); ++F) {
    std::printf("  %-28s", Names[static_cast<size_t>(F)].c_str());
    for (Eigen::Index C = 0; C < std::min<Eigen::Index>(3, P.loadings.cols()); ++C)
      std::printf(" %+7.3f", P.loadings(F, C));
    std::printf("\n");
  }
}

void runSelect(const SelectOptions &O) {
  Recipe R;
  R.derive = !O.noDerived;
  Dataset D = withDerivedFeatures(loadDataset(O.dataset), R);
  Eigen::MatrixXd Scaled = MinMaxScaling::fit(D.x).apply(D.x);
  std::vector<RankingMethod> Methods;
  if (O.method == "all")
    Methods = {RankingMethod::Spearman, RankingMethod::Pca, RankingMethod::Forest};
  else
    Methods = {parseRankingMethod(O.method)};
  nlohmann::json Out = nlohmann::json::object();
  for (RankingMethod M : Methods) {
    Ranking Rank = rankFeatures(M, Scaled, D.power, D.features);
    nlohmann::json List = nlohmann::json::array();
    if (!O.json)
      std::printf("%s ranking (top %zu of %zu):\n", rankingMethodName(M),
                  std::min(O.k ? O.k : Rank.scores.size(), Rank.scores.size()), Rank.scores.size());
    for (size_t I = 0; I < Rank.scores.size(); ++I) {
      const auto &[Name, Score] = Rank.scores[I];
      List.push_back({{"feature", Name}, {"score", Score}, {"kept", O.k == 0 || I < O.k}});
      if (!O.json)
        std::printf("  %2zu %-28s %8.4f%s\n", I + 1, Name.c_str(), Score,
                    (O.k == 0 || I < O.k) ? "" : "  (dropped)");
    }
    Out[rankingMethodName(M)] = List;
    if (M == RankingMethod::Pca && !O.json)
      printPca(Scaled, D.features);
  }
  if (O.json)
    std::cout << Out.dump(2) << '\n';
}

} // namespace

void addSelectCommand(CLI::App &App) {
  auto O = std::make_shared<SelectOptions>();
  CLI::App *Sub =
      App.add_subcommand("select", "rank a dataset's features (Spearman, PCA, random forest)");
  Sub->add_option("dataset", O->dataset, "dataset CSV")->required();
  Sub->add_option("--method", O->method, "all, spearman, pca or forest")->capture_default_str();
  Sub->add_option("--k", O->k, "features to keep (marks the rest)")->capture_default_str();
  Sub->add_flag("--no-derived", O->noDerived, "rank raw counters only");
  Sub->add_flag("--json", O->json, "print the rankings as JSON");
  Sub->callback([O] { runSelect(*O); });
}

} // namespace energy::train::cli
