//===- TestSupport.h - Fixtures and temporary files for ceilings tests ----===//
#pragma once

#include "energy/roofline/machine_profile.h"
#include "energy/roofline/report_regions.h"
#include "energy/roofline/roofline_model.h"

#include <filesystem>
#include <string>

namespace energy::test {

std::filesystem::path fixture(const std::string &Name);
std::string readText(const std::filesystem::path &Path);
void writeText(const std::filesystem::path &Path, const std::string &Text);
/// A fresh directory for one test, removed by nobody (it lives in the build tree).
std::filesystem::path scratchDir(const std::string &Name);

roofline::MachineProfile fixtureProfile();
roofline::ReportRegions fixtureReport();
roofline::RooflineAnalysis fixtureAnalysis();
const roofline::RegionPoint &pointNamed(const roofline::RooflineAnalysis &A,
                                        const std::string &Name);

} // namespace energy::test
