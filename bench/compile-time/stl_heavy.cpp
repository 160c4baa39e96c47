// A compile-time workload: a small word-statistics program that instantiates
// a good share of the C++ standard library (containers, algorithms, regex,
// streams), so that most of the compile is template-heavy optimised C++.
#include <algorithm>
#include <iostream>
#include <map>
#include <numeric>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

std::vector<std::string> tokenize(const std::string &Text) {
  static const std::regex Word("[A-Za-z']+");
  std::vector<std::string> Words;
  for (auto It = std::sregex_iterator(Text.begin(), Text.end(), Word);
       It != std::sregex_iterator(); ++It)
    Words.push_back(It->str());
  return Words;
}

std::map<std::string, std::size_t> histogram(const std::vector<std::string> &Words) {
  std::unordered_map<std::string, std::size_t> Counts;
  for (const std::string &W : Words) {
    std::string Lower(W);
    std::transform(Lower.begin(), Lower.end(), Lower.begin(),
                   [](unsigned char C) { return std::tolower(C); });
    ++Counts[Lower];
  }
  return {Counts.begin(), Counts.end()};
}

double meanLength(const std::vector<std::string> &Words) {
  if (Words.empty())
    return 0;
  double Total = std::accumulate(Words.begin(), Words.end(), 0.0,
                                 [](double S, const std::string &W) { return S + W.size(); });
  return Total / Words.size();
}

} // namespace

int main() {
  std::ostringstream Input;
  Input << std::cin.rdbuf();
  std::vector<std::string> Words = tokenize(Input.str());
  auto Counts = histogram(Words);
  std::vector<std::pair<std::string, std::size_t>> Sorted(Counts.begin(), Counts.end());
  std::sort(Sorted.begin(), Sorted.end(), [](const auto &A, const auto &B) {
    return A.second != B.second ? A.second > B.second : A.first < B.first;
  });
  std::set<std::size_t> Lengths;
  for (const auto &[Word, Count] : Sorted)
    Lengths.insert(Word.size());
  std::cout << Words.size() << " words, " << Counts.size() << " distinct, mean length "
            << meanLength(Words) << ", " << Lengths.size() << " lengths\n";
  for (std::size_t I = 0; I < std::min<std::size_t>(10, Sorted.size()); ++I)
    std::cout << Sorted[I].first << ' ' << Sorted[I].second << '\n';
}
