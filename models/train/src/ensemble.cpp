//===- ensemble.cpp - Random forests and boosted trees (xgboost C API) ----===//
#include "energy/train/ensemble.h"
#include "energy/train/error.h"

#include <xgboost/c_api.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace energy::train {

namespace {

void check(int Status, const char *What) {
  if (Status != 0)
    throw TrainError(std::string("xgboost: ") + What + " failed: " + XGBGetLastError());
}

/// xgboost prints progress by default; a library must stay quiet.
void quietXgboost() {
  static const bool Done = [] {
    XGBSetGlobalConfig(R"({"verbosity": 0})");
    return true;
  }();
  (void)Done;
}

/// A DMatrix that frees itself; rows of X as float (xgboost's precision).
class Matrix {
public:
  explicit Matrix(const Eigen::MatrixXd &X) {
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> F = X.cast<float>();
    check(XGDMatrixCreateFromMat(F.data(), static_cast<bst_ulong>(X.rows()),
                                 static_cast<bst_ulong>(X.cols()), NAN, &H),
          "creating a matrix");
  }
  ~Matrix() { XGDMatrixFree(H); }
  Matrix(const Matrix &) = delete;
  Matrix &operator=(const Matrix &) = delete;
  void setLabels(const Eigen::VectorXd &Y) {
    std::vector<float> L(Y.data(), Y.data() + Y.size());
    check(XGDMatrixSetFloatInfo(H, "label", L.data(), L.size()), "setting labels");
  }
  DMatrixHandle handle() const { return H; }

private:
  DMatrixHandle H = nullptr;
};

void setParam(BoosterHandle B, const char *Name, const std::string &Value) {
  check(XGBoosterSetParam(B, Name, Value.c_str()), Name);
}

int forestTrees(const EnsembleParams &P) { return P.trees ? P.trees : 100; }

/// Deep enough never to bind: a tree on N rows grown until pure is about
/// log2(N) deep on smooth data, and far below this on any data set here.
constexpr int ForestMaxDepth = 64;

void configure(BoosterHandle B, const EnsembleParams &P, double BaseScore) {
  setParam(B, "objective", "reg:squarederror");
  // A forest's trees split at the midpoints between distinct values, as
  // scikit-learn's do (xgboost's exact method); the histogram method's 256 bins
  // per feature would stop them short of pure leaves.
  setParam(B, "tree_method", P.forest ? "exact" : "hist");
  setParam(B, "nthread", "1");
  setParam(B, "seed", std::to_string(P.seed));
  setParam(B, "base_score", std::to_string(BaseScore));
  setParam(B, "min_child_weight", std::to_string(P.minChildWeight));
  if (P.forest) {
    // scikit-learn's RandomForestRegressor by default: every feature at every split, trees
    // grown until a leaf is pure or holds one bootstrap row (ForestMaxDepth never binds; no
    // penalty on leaf values), averaged. Each tree is one round whose gradients bagForest()
    // sets, scaled by eta = 1/trees so that the rounds' sum is the trees' mean (to 17 digits:
    // six would bias a forest of 300 trees by 0.01%).
    setParam(B, "max_depth", std::to_string(P.maxDepth ? P.maxDepth : ForestMaxDepth));
    setParam(B, "lambda", std::to_string(P.lambda >= 0 ? P.lambda : 0.0));
    char Eta[32];
    std::snprintf(Eta, sizeof Eta, "%.17g", 1.0 / forestTrees(P));
    setParam(B, "eta", Eta);
    setParam(B, "colsample_bynode", std::to_string(P.colsample > 0 ? P.colsample : 1.0));
  } else {
    setParam(B, "lambda", std::to_string(P.lambda >= 0 ? P.lambda : 1.0));
    setParam(B, "eta", std::to_string(P.eta));
    setParam(B, "max_depth", std::to_string(P.maxDepth ? P.maxDepth : 4));
    setParam(B, "subsample", std::to_string(P.subsample > 0 ? P.subsample : 0.8));
    setParam(B, "colsample_bynode", std::to_string(P.colsample > 0 ? P.colsample : 1.0));
  }
}

/// How often each of N rows is drawn in round(Fraction * N) draws with replacement.
std::vector<float> bootstrapCounts(size_t N, double Fraction, std::mt19937_64 &Rng) {
  std::vector<float> Counts(N, 0.0f);
  std::uniform_int_distribution<size_t> Row(0, N - 1);
  auto Draws = static_cast<size_t>(std::max(1.0, std::round(Fraction * double(N))));
  for (size_t I = 0; I < Draws; ++I)
    Counts[Row(Rng)] += 1.0f;
  return Counts;
}

/// A random forest as rounds of xgboost, one tree each, fitted to the targets rather than to
/// the residuals: with gradient c (base - y) and hessian c, where c counts a row's draws in
/// the tree's bootstrap sample, a leaf's value is the mean of y - base over the sample's rows
/// in it and a split's gain is the squared-error reduction on the sample: CART on a bootstrap
/// sample, which xgboost's own subsampling (without replacement) is not.
void bagForest(BoosterHandle B, DMatrixHandle H, const Eigen::VectorXd &Y, double Base,
               const EnsembleParams &P) {
  size_t N = static_cast<size_t>(Y.size());
  std::mt19937_64 Rng(static_cast<uint64_t>(P.seed));
  std::vector<float> Grad(N), Hess(N);
  for (int T = 0; T < forestTrees(P); ++T) {
    std::vector<float> Counts = bootstrapCounts(N, P.subsample > 0 ? P.subsample : 1.0, Rng);
    for (size_t I = 0; I < N; ++I) {
      Hess[I] = Counts[I];
      Grad[I] = Counts[I] * static_cast<float>(Base - Y(static_cast<Eigen::Index>(I)));
    }
    check(XGBoosterBoostOneIter(B, H, Grad.data(), Hess.data(), N), "growing a tree");
  }
}

Eigen::MatrixXd predictRaw(void *Booster, const Eigen::MatrixXd &X, int Mask,
                           Eigen::Index Columns) {
  Matrix M(X);
  bst_ulong Len = 0;
  const float *Out = nullptr;
  check(XGBoosterPredict(Booster, M.handle(), Mask, 0, 0, &Len, &Out), "predicting");
  require(Len == static_cast<bst_ulong>(X.rows() * Columns), "xgboost: unexpected prediction size");
  Eigen::MatrixXd R(X.rows(), Columns);
  for (Eigen::Index I = 0; I < X.rows(); ++I)
    for (Eigen::Index J = 0; J < Columns; ++J)
      R(I, J) = Out[I * Columns + J];
  return R;
}

} // namespace

nlohmann::json EnsembleParams::toJson() const {
  return {{"forest", forest},
          {"trees", trees},
          {"max_depth", maxDepth},
          {"eta", eta},
          {"subsample", subsample},
          {"colsample_bynode", colsample},
          {"min_child_weight", minChildWeight},
          {"lambda", lambda},
          {"seed", seed}};
}

namespace {

// One per field type of EnsembleParams: Field keeps its default unless Key is present.
void readOptional(const document::View &Params, const char *Key, bool &Field) {
  if (auto V = Params.optional(Key))
    Field = V->boolean();
}

void readOptional(const document::View &Params, const char *Key, int &Field) {
  if (auto V = Params.optional(Key))
    Field = static_cast<int>(V->integer());
}

void readOptional(const document::View &Params, const char *Key, double &Field) {
  if (auto V = Params.optional(Key))
    Field = V->number();
}

} // namespace

EnsembleParams EnsembleParams::fromJson(const document::View &Params) {
  EnsembleParams P;
  readOptional(Params, "forest", P.forest);
  readOptional(Params, "trees", P.trees);
  readOptional(Params, "max_depth", P.maxDepth);
  readOptional(Params, "eta", P.eta);
  readOptional(Params, "subsample", P.subsample);
  readOptional(Params, "colsample_bynode", P.colsample);
  readOptional(Params, "min_child_weight", P.minChildWeight);
  readOptional(Params, "lambda", P.lambda);
  readOptional(Params, "seed", P.seed);
  return P;
}

Ensemble::Ensemble(Ensemble &&O) noexcept : Booster(O.Booster) { O.Booster = nullptr; }

Ensemble &Ensemble::operator=(Ensemble &&O) noexcept {
  std::swap(Booster, O.Booster);
  return *this;
}

Ensemble::~Ensemble() {
  if (Booster)
    XGBoosterFree(Booster);
}

Ensemble Ensemble::train(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y,
                         const EnsembleParams &P) {
  quietXgboost();
  require(X.rows() >= 2, "a tree ensemble needs at least 2 rows");
  Matrix M(X);
  M.setLabels(Y);
  Ensemble E;
  DMatrixHandle H = M.handle();
  check(XGBoosterCreate(&H, 1, &E.Booster), "creating a booster");
  configure(E.Booster, P, Y.mean());
  if (P.forest) {
    bagForest(E.Booster, H, Y, Y.mean(), P);
    return E;
  }
  for (int I = 0; I < (P.trees ? P.trees : 200); ++I)
    check(XGBoosterUpdateOneIter(E.Booster, I, H), "training");
  return E;
}

Ensemble Ensemble::fromJson(const nlohmann::json &Model) {
  quietXgboost();
  std::string Text = Model.dump();
  Ensemble E;
  check(XGBoosterCreate(nullptr, 0, &E.Booster), "creating a booster");
  check(XGBoosterLoadModelFromBuffer(E.Booster, Text.data(), Text.size()),
        "loading the model's trees");
  return E;
}

nlohmann::json Ensemble::toJson() const {
  bst_ulong Len = 0;
  const char *Buf = nullptr;
  check(XGBoosterSaveModelToBuffer(Booster, R"({"format": "json"})", &Len, &Buf), "saving trees");
  return nlohmann::json::parse(Buf, Buf + Len);
}

Eigen::VectorXd Ensemble::predict(const Eigen::MatrixXd &X) const {
  return predictRaw(Booster, X, 0, 1).col(0);
}

Eigen::MatrixXd Ensemble::contributions(const Eigen::MatrixXd &X) const {
  // Option mask 4: per-feature contributions (TreeSHAP) plus the bias.
  return predictRaw(Booster, X, 4, X.cols() + 1);
}

Eigen::VectorXd Ensemble::gainImportance(Eigen::Index Features) const {
  bst_ulong N = 0, Dim = 0;
  const char **Names = nullptr;
  const bst_ulong *Shape = nullptr;
  const float *Scores = nullptr;
  check(XGBoosterFeatureScore(Booster, R"({"importance_type": "total_gain"})", &N, &Names, &Dim,
                              &Shape, &Scores),
        "feature importance");
  Eigen::VectorXd Gain = Eigen::VectorXd::Zero(Features);
  for (bst_ulong I = 0; I < N; ++I) {
    // Unnamed features are called f0, f1, ... in column order.
    Eigen::Index Column = std::stol(std::string(Names[I]).substr(1));
    if (Column < Features)
      Gain(Column) = Scores[I];
  }
  return Gain;
}

} // namespace energy::train
