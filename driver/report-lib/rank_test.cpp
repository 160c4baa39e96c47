//===- rank_test.cpp - One-sided Mann-Whitney U test ----------------------===//
//
// The exact null distribution of U for sizes m and n counts, for each u, the
// orderings of m + n distinct values whose U is u (the recurrence of Mann and
// Whitney, 1947); it is used up to 50 runs a side without ties. Ties (equal
// counts in several runs) or larger samples use the normal approximation
// with the tie-corrected variance (Lehmann, Nonparametrics, 1975).
//
//===----------------------------------------------------------------------===//
#include "energy/report/rank_test.h"

#include <algorithm>
#include <cmath>

namespace energy::report {

namespace {

constexpr size_t LargestExactSide = 50;

/// Ways[u] for sizes (M, N): orderings of M + N distinct values in which the
/// N-sample's U is u. f(m, n, u) = f(m - 1, n, u) + f(m, n - 1, u - m): the
/// largest value is a base one (adds nothing) or a new one (beats all m).
std::vector<double> exactUCounts(size_t M, size_t N) {
  // Table[m][u] for the current n.
  std::vector<std::vector<double>> Table(M + 1);
  for (size_t I = 0; I <= M; ++I)
    Table[I] = {1.0}; // n = 0: U is 0 in the one ordering
  for (size_t J = 1; J <= N; ++J) {
    std::vector<std::vector<double>> Next(M + 1);
    Next[0] = {1.0};
    for (size_t I = 1; I <= M; ++I) {
      Next[I].assign(I * J + 1, 0.0);
      for (size_t U = 0; U < Next[I - 1].size(); ++U)
        Next[I][U] += Next[I - 1][U];
      for (size_t U = 0; U < Table[I].size(); ++U)
        Next[I][U + I] += Table[I][U];
    }
    Table = std::move(Next);
  }
  return Table[M];
}

double exactUpperTail(size_t M, size_t N, double U) {
  std::vector<double> Ways = exactUCounts(M, N);
  double All = 0.0, Tail = 0.0;
  for (size_t K = 0; K < Ways.size(); ++K) {
    All += Ways[K];
    if (static_cast<double>(K) >= U - 1e-9)
      Tail += Ways[K];
  }
  return Tail / All;
}

struct RankSums {
  double uNew = 0.0;
  double tieTerm = 0.0; // sum of t^3 - t over groups of tied values
  bool ties = false;
};

RankSums rankSums(const std::vector<double> &Base, const std::vector<double> &New) {
  std::vector<std::pair<double, bool>> All; // value, from New
  for (double V : Base)
    All.emplace_back(V, false);
  for (double V : New)
    All.emplace_back(V, true);
  std::sort(All.begin(), All.end());
  RankSums S;
  double NewRankSum = 0.0;
  for (size_t I = 0; I < All.size();) {
    size_t End = I;
    while (End < All.size() && All[End].first == All[I].first)
      ++End;
    double MidRank = (static_cast<double>(I + 1) + static_cast<double>(End)) / 2;
    for (size_t K = I; K < End; ++K)
      if (All[K].second)
        NewRankSum += MidRank;
    double T = static_cast<double>(End - I);
    S.tieTerm += T * T * T - T;
    S.ties |= T > 1;
    I = End;
  }
  double N = static_cast<double>(New.size());
  S.uNew = NewRankSum - N * (N + 1) / 2;
  return S;
}

double normalUpperTail(size_t M, size_t N, const RankSums &S) {
  double Mf = static_cast<double>(M), Nf = static_cast<double>(N);
  double Total = Mf + Nf;
  double Variance = Mf * Nf / 12 * ((Total + 1) - S.tieTerm / (Total * (Total - 1)));
  if (Variance <= 0.0)
    return 1.0; // every value tied: no evidence either way
  double Z = (S.uNew - Mf * Nf / 2 - 0.5) / std::sqrt(Variance);
  return 0.5 * std::erfc(Z / std::sqrt(2.0));
}

} // namespace

RankTestResult mannWhitneyGreater(const std::vector<double> &Base, const std::vector<double> &New) {
  RankSums S = rankSums(Base, New);
  RankTestResult R;
  R.u = S.uNew;
  R.exact = !S.ties && Base.size() <= LargestExactSide && New.size() <= LargestExactSide;
  R.pValue = R.exact ? exactUpperTail(Base.size(), New.size(), S.uNew)
                     : normalUpperTail(Base.size(), New.size(), S);
  return R;
}

double smallestPValue(size_t BaseRuns, size_t NewRuns) {
  // 1 / C(m + n, m), as a product to stay finite.
  double P = 1.0;
  for (size_t K = 1; K <= BaseRuns; ++K)
    P *= static_cast<double>(K) / static_cast<double>(NewRuns + K);
  return P;
}

} // namespace energy::report
