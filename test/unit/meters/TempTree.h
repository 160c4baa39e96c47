//===- TempTree.h - Writable copies of fixture trees ---------------*- C++ -*-===//
//
// Tests that move counters (energy_uj going up, wrapping) work on a copy of
// a fixture tree in a fresh temporary directory, removed afterwards.
// DenyingOpener answers EACCES for chosen files, as a non-root user sees
// root-only energy_uj files; chmod cannot show that to a test run as root.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TEST_TEMPTREE_H
#define ENERGY_TEST_TEMPTREE_H

#include "meters/SysfsFiles.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace energy::meters::test {

class TempTree {
public:
  explicit TempTree(const std::string &fixture) {
    char pattern[] = "/tmp/energy-meters-XXXXXX";
    root = ::mkdtemp(pattern);
    std::filesystem::copy(std::string(ENERGY_METERS_FIXTURES) + "/" + fixture, root,
                          std::filesystem::copy_options::recursive);
  }
  ~TempTree() { std::filesystem::remove_all(root); }
  TempTree(const TempTree &) = delete;
  TempTree &operator=(const TempTree &) = delete;

  void write(const std::string &relative, const std::string &text) const {
    std::ofstream(root + "/" + relative) << text << "\n";
  }
  void remove(const std::string &relative) const {
    std::filesystem::remove_all(root + "/" + relative);
  }
  std::string root;
};

class DenyingOpener final : public FileOpener {
public:
  explicit DenyingOpener(std::string suffix) : suffix(std::move(suffix)) {}
  int open(const std::string &path) override {
    if (path.size() >= suffix.size() &&
        path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)
      return -EACCES;
    return realFileOpener().open(path);
  }

private:
  std::string suffix;
};

} // namespace energy::meters::test

#endif
