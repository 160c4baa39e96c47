//===- test_helpers.cpp - Synthetic datasets for the energy_train tests ---===//
#include "test_helpers.h"

#include <filesystem>
#include <fstream>
#include <random>

namespace energy::train::test {

Dataset linearDataset(const Eigen::VectorXd &Coef, double Intercept, double Noise, int Rows,
                      int Programs, unsigned Seed) {
  std::mt19937 Gen(Seed);
  std::uniform_real_distribution<double> Uniform(0.0, 1.0);
  std::normal_distribution<double> Gauss(0.0, Noise > 0 ? Noise : 1.0);
  Dataset D;
  D.x.resize(Rows, Coef.size());
  D.power.resize(Rows);
  D.seconds = Eigen::VectorXd::Constant(Rows, 1.0);
  for (Eigen::Index F = 0; F < Coef.size(); ++F)
    D.features.push_back("f" + std::to_string(F));
  for (int R = 0; R < Rows; ++R) {
    for (Eigen::Index F = 0; F < Coef.size(); ++F)
      D.x(R, F) = Uniform(Gen);
    D.power(R) = Intercept + D.x.row(R).dot(Coef) + (Noise > 0 ? Gauss(Gen) : 0.0);
    D.programs.push_back("p" + std::to_string(R % Programs));
  }
  return D;
}

std::string temporaryDirectory(const std::string &Name) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("energy-train-test-" + std::to_string(::getpid()) + "-" + Name);
  std::filesystem::remove_all(Dir);
  std::filesystem::create_directories(Dir);
  return Dir.string();
}

void writeFile(const std::string &Path, const std::string &Text) { std::ofstream(Path) << Text; }

} // namespace energy::train::test
