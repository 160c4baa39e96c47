//===- folds.cpp - Fold assignment that never leaks a program or a block --===//
#include "energy/train/cross_validation.h"
#include "energy/train/error.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace energy::train {

const char *foldSchemeName(FoldScheme S) {
  switch (S) {
  case FoldScheme::Auto:
    return "auto";
  case FoldScheme::Grouped:
    return "program";
  case FoldScheme::TimeBlocks:
    return "time";
  }
  return "auto";
}

FoldScheme parseFoldScheme(const std::string &Name) {
  for (FoldScheme S : {FoldScheme::Auto, FoldScheme::Grouped, FoldScheme::TimeBlocks})
    if (Name == foldSchemeName(S))
      return S;
  throw TrainError("unknown fold scheme '" + Name + "'; use auto, program or time");
}

FoldScheme resolveScheme(FoldScheme S, const Dataset &Data) {
  if (S != FoldScheme::Auto)
    return S;
  return Data.info.kind == RowKind::Series ? FoldScheme::TimeBlocks : FoldScheme::Grouped;
}

namespace {

std::vector<std::vector<size_t>> timeBlocks(const Dataset &Data, size_t K) {
  std::vector<size_t> Order(Data.rows());
  std::iota(Order.begin(), Order.end(), 0);
  if (Data.timestamp.size())
    std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      return Data.timestamp(static_cast<Eigen::Index>(A)) <
             Data.timestamp(static_cast<Eigen::Index>(B));
    });
  require(K >= 2 && Data.rows() >= K, std::to_string(Data.rows()) + " rows cannot make " +
                                          std::to_string(K) +
                                          " time blocks; use fewer folds (--folds)");
  std::vector<std::vector<size_t>> Folds(K);
  for (size_t I = 0; I < Order.size(); ++I)
    Folds[I * K / Order.size()].push_back(Order[I]);
  return Folds;
}

std::vector<std::vector<size_t>> programGroups(const Dataset &Data, size_t K) {
  std::vector<std::string> Names = Data.programNames();
  require(Names.size() >= 2, "the data hold one program only ('" + (Names.empty() ? "" : Names[0]) +
                                 "'): cross-validation by program needs at least two; measure "
                                 "more programs, or use --folds-by time for a time series");
  std::sort(Names.begin(), Names.end());
  size_t Folds = std::min(std::max<size_t>(K, 2), Names.size());
  std::map<std::string, size_t> FoldOf;
  for (size_t I = 0; I < Names.size(); ++I)
    FoldOf[Names[I]] = I % Folds;
  std::vector<std::vector<size_t>> Out(Folds);
  for (size_t R = 0; R < Data.rows(); ++R)
    Out[FoldOf[Data.programs[R]]].push_back(R);
  return Out;
}

} // namespace

std::vector<std::vector<size_t>> makeFolds(const Dataset &Data, FoldScheme Scheme, size_t K) {
  return resolveScheme(Scheme, Data) == FoldScheme::TimeBlocks ? timeBlocks(Data, K)
                                                               : programGroups(Data, K);
}

} // namespace energy::train
