//===- Environment.cpp - ENERGY_* settings, none in a secure process ------===//
#include "support/Environment.h"

#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <sys/auxv.h>
#include <unistd.h>

namespace energy::support {

bool secureProcess() { return getauxval(AT_SECURE) != 0; }

const char *setting(const char *Name) { return secure_getenv(Name); }

std::vector<std::string> energyVariables(const char *const *Environ) {
  constexpr std::string_view Prefix = "ENERGY_";
  std::vector<std::string> Names;
  for (const char *const *Entry = Environ; Entry && *Entry; ++Entry) {
    std::string_view Text = *Entry;
    if (Text.substr(0, Prefix.size()) != Prefix)
      continue;
    Names.emplace_back(Text.substr(0, Text.find('=')));
  }
  std::sort(Names.begin(), Names.end());
  Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
  return Names;
}

std::vector<std::string> ignoredSettings() {
  if (!secureProcess())
    return {};
  return energyVariables(environ);
}

} // namespace energy::support
