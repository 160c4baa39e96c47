//===- TestSupport.cpp - Fixtures and temporary files for ceilings tests --===//
#include "TestSupport.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace energy::test {
namespace fs = std::filesystem;

fs::path fixture(const std::string &Name) { return fs::path(ENERGY_CEILINGS_FIXTURES) / Name; }

std::string readText(const fs::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  return Buffer.str();
}

void writeText(const fs::path &Path, const std::string &Text) {
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  Out << Text;
}

fs::path scratchDir(const std::string &Name) {
  fs::path Dir = fs::path(ENERGY_TEST_OUTPUT) / "scratch" / Name;
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  return Dir;
}

roofline::MachineProfile fixtureProfile() { return roofline::readProfile(fixture("profile.json")); }

roofline::ReportRegions fixtureReport() {
  return roofline::readReportRegions({fixture("report_kernels.json").string()});
}

roofline::RooflineAnalysis fixtureAnalysis() {
  return roofline::analyse(fixtureReport(), fixtureProfile());
}

const roofline::RegionPoint &pointNamed(const roofline::RooflineAnalysis &A,
                                        const std::string &Name) {
  for (const auto &Point : A.Points)
    if (Point.Region.Name == Name)
      return Point;
  throw std::runtime_error("no point named " + Name);
}

} // namespace energy::test
