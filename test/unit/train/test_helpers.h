//===- test_helpers.h - Synthetic datasets for the energy_train tests -----===//
#ifndef ENERGY_TRAIN_TEST_HELPERS_H
#define ENERGY_TRAIN_TEST_HELPERS_H

#include "energy/train/dataset.h"

#include <string>

namespace energy::train::test {

/// Power = Intercept + Coef . x + Gaussian noise (sd Noise), features
/// uniform in 0..1, rows spread over Programs programs; reproducible.
Dataset linearDataset(const Eigen::VectorXd &Coef, double Intercept, double Noise, int Rows,
                      int Programs, unsigned Seed = 7);

/// A fresh directory under the test's temporary directory.
std::string temporaryDirectory(const std::string &Name);

/// Writes Text to Path.
void writeFile(const std::string &Path, const std::string &Text);

} // namespace energy::train::test

#endif
