//===- fit_command.cpp - energy-train fit ---------------------------------===//
//
// Cross-validates the learners on a dataset, prints the paper's Table 1 (mean
// eps per learner) with the MAE, and writes the chosen learner trained on all
// rows as a model file carrying its cross-validated errors.
//
//===----------------------------------------------------------------------===//
#include "commands.h"
#include "recipe_options.h"

#include "energy/train/error.h"

#include <cstdio>
#include <filesystem>
#include <memory>

namespace energy::train::cli {

namespace {

struct FitOptions {
  std::string dataset, output, learner = "best", name;
  bool perProgram = false;
  RecipeOptions recipe;
};

struct Candidate {
  Recipe recipe;
  CvResult cv;
};

/// The learner's error with everything it chooses chosen inside each outer
/// training fold, and its recipe for all rows, chosen the same way on them.
Candidate crossValidateLearner(const Dataset &D, const FitOptions &O, LearnerKind K) {
  Tuning T = O.recipe.tuning(K, D);
  CvResult Cv = nestedCrossValidate(D, T, O.recipe.scheme(), O.recipe.folds);
  return Candidate{chooseRecipe(D, T), std::move(Cv)};
}

void printProgramErrors(const Errors &E) {
  std::printf("%-32s %6s %10s %10s %8s\n", "program", "rows", "measured", "predicted", "eps");
  for (const ProgramError &P : E.programs)
    std::printf("%-32s %6zu %9.2fW %9.2fW %7.2f%%\n", P.program.c_str(), P.rows, P.measuredWatts,
                P.predictedWatts, 100 * P.epsilon);
}

std::string modelName(const FitOptions &O) {
  return O.name.empty() ? std::filesystem::path(O.output).stem().string() : O.name;
}

/// --folds 0: train on all rows without cross-validation (large data, or
/// timing the training alone).
void fitWithoutCv(const Dataset &D, const FitOptions &O) {
  require(O.learner != "best" && !O.recipe.autoTopK(),
          "--folds 0 skips cross-validation, so it needs one --learner and a "
          "numeric --k");
  LearnedModel M = fitModel(D, O.recipe.recipe(parseLearner(O.learner)), modelName(O));
  M.training["dataset"] = O.dataset;
  M.crossValidation = {{"scheme", "none"}};
  M.save(O.output);
  std::printf("trained %s on %zu rows without cross-validation; wrote %s\n", O.learner.c_str(),
              D.rows(), O.output.c_str());
}

void runFit(const FitOptions &O) {
  Dataset D = loadDataset(O.dataset);
  requireVariation(D, O.dataset);
  if (O.recipe.folds == 0)
    return fitWithoutCv(D, O);
  std::vector<LearnerKind> Kinds =
      O.learner == "best" ? allLearners() : std::vector{parseLearner(O.learner)};
  std::vector<Candidate> Results;
  nlohmann::json Learners = nlohmann::json::object();
  for (LearnerKind K : Kinds) {
    Results.push_back(crossValidateLearner(D, O, K));
    const Candidate &C = Results.back();
    if (Results.size() == 1)
      std::printf("cross-validation: %zu folds by %s, %zu rows, %zu program(s)\n"
                  "%-8s %4s %10s %10s %10s %7s\n",
                  C.cv.folds, foldSchemeName(C.cv.scheme), D.rows(), D.programNames().size(),
                  "learner", "k", "MAE", "mean eps", "max eps", "derived");
    std::printf("%-8s %4zu %9.3fW %9.2f%% %9.2f%% %7s\n", learnerName(K), C.recipe.topK,
                C.cv.errors.mae, 100 * C.cv.errors.meanEpsilon, 100 * C.cv.errors.maxEpsilon,
                C.recipe.derive ? "yes" : "no");
    nlohmann::json J = C.cv.toJson();
    J["k"] = C.recipe.topK;
    J["chosen"] = describeChoice(C.recipe);
    Learners[learnerName(K)] = J;
  }
  const Candidate *Best = &Results.front();
  for (const Candidate &C : Results)
    if (C.cv.errors.mae < Best->cv.errors.mae)
      Best = &C;
  LearnedModel M = fitModel(D, Best->recipe, modelName(O));
  M.training["source"] = D.info.source.empty() ? O.dataset : D.info.source;
  M.training["dataset"] = O.dataset;
  M.training["machine"] = D.info.machine;
  M.training["meter"] = D.info.meter;
  M.crossValidation = Best->cv.toJson();
  M.crossValidation["learners"] = Learners;
  M.save(O.output);
  std::printf("chose %s (lowest cross-validated MAE); wrote %s\n",
              learnerName(Best->recipe.learner.kind), O.output.c_str());
  if (O.perProgram)
    printProgramErrors(Best->cv.errors);
}

} // namespace

void addFitCommand(CLI::App &App) {
  auto O = std::make_shared<FitOptions>();
  CLI::App *Sub =
      App.add_subcommand("fit", "cross-validate learners on a dataset and write the best model");
  Sub->add_option("dataset", O->dataset, "dataset CSV")->required();
  Sub->add_option("-o,--output", O->output, "model file to write")
      ->required()
      ->check(writableOutputFile());
  Sub->add_option("--learner", O->learner,
                  "ols, ridge, lasso, forest, boosted, or best (all, keep the "
                  "lowest MAE)")
      ->capture_default_str();
  Sub->add_option("--name", O->name, "model name (default: the output's stem)");
  Sub->add_flag("--per-program", O->perProgram, "print each program's cross-validated error");
  O->recipe.addTo(*Sub);
  Sub->callback([O] { runFit(*O); });
}

} // namespace energy::train::cli
