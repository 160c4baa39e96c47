//===- SettingsDoc.cpp - energy-settings-doc: the settings table as markdown ===//
//
// Prints the table of Settings.inc as docs/runtime.md shows it, so that the
// document is the table and cannot drift from it: scripts/update-settings-doc.sh
// puts this output between the document's markers, and a test fails when
// they differ.
//
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <string>

namespace {

/// "`a`, `b` or `c`" for the words "a|b|c"; an empty first word (the unset
/// state) is left out.
std::string wordList(const std::string &Words) {
  std::string List;
  size_t Begin = 0;
  while (true) {
    size_t End = Words.find('|', Begin);
    std::string Word = Words.substr(Begin, End == std::string::npos ? End : End - Begin);
    if (!Word.empty())
      List += (List.empty() ? "" : End == std::string::npos ? " or " : ", ") + ("`" + Word + "`");
    if (End == std::string::npos)
      return List;
    Begin = End + 1;
  }
}

void row(const char *Variable, const std::string &Kind, const std::string &Default,
         const char *Meaning) {
  std::printf("| `%s` | %s | %s | %s |\n", Variable, Kind.c_str(), Default.c_str(), Meaning);
}

} // namespace

int main() {
  std::printf("| variable | values | default | effect |\n|---|---|---|---|\n");
#define ENERGY_TEXT_SETTING(Id, Variable, DefaultText, Meaning)                                    \
  row(Variable, "text", DefaultText, Meaning);
#define ENERGY_SWITCH_SETTING(Id, Variable, Default, Meaning)                                      \
  row(Variable, "`0` off, other on", Default ? "on" : "off", Meaning);
#define ENERGY_CHOICE_SETTING(Id, Variable, Words, DefaultText, Meaning)                           \
  row(Variable, wordList(Words), DefaultText, Meaning);
#define ENERGY_INTEGER_SETTING(Id, Variable, Min, Max, Default, DefaultText, Meaning)              \
  row(Variable, std::to_string(Min) + " … " + std::to_string(Max), DefaultText, Meaning);
#include "support/Settings.inc"
  return 0;
}
