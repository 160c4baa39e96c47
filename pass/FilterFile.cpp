//===- FilterFile.cpp - Allow and deny rules for regions ------------------===//
//
// See FilterFile.h. Errors name the file, the line and the way to fix it.
//
//===----------------------------------------------------------------------===//
#include "FilterFile.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/StringSaver.h"

#include <optional>

using namespace llvm;

namespace energy {
namespace {

constexpr StringLiteral Header = "energypass-filter";
/// The newest version this pass reads; it reads every older one too.
constexpr unsigned NewestVersion = 2;

Error syntaxError(StringRef Name, unsigned Line, const Twine &Problem) {
  return createStringError(inconvertibleErrorCode(), Name + ":" + Twine(Line) + ": " + Problem);
}

/// The rule forms a version allows, as its error messages spell them.
StringRef expectedRules(unsigned Version) {
  return Version == 1
             ? "'include|exclude function|file GLOB'"
             : "'include|exclude|unmark function|file GLOB' or 'include|exclude loop GLOB'";
}

std::optional<FilterFile::Verdict> actionNamed(StringRef Word, unsigned Version) {
  if (Word == "include")
    return FilterFile::Verdict::Include;
  if (Word == "exclude")
    return FilterFile::Verdict::Exclude;
  if (Word == "unmark" && Version >= 2)
    return FilterFile::Verdict::Unmark;
  return std::nullopt;
}

} // namespace

Expected<FilterFile> FilterFile::parse(StringRef Text, StringRef Name) {
  FilterFile Filter;
  unsigned Version = 0;
  unsigned LineNumber = 0;
  SmallVector<StringRef, 4> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    ++LineNumber;
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    SmallVector<StringRef, 3> Words;
    Line.split(Words, ' ', /*MaxSplit=*/2, /*KeepEmpty=*/false);
    if (!Version) {
      if (Words.size() != 2 || Words[0] != Header)
        return syntaxError(Name, LineNumber,
                           "not an EnergyPass filter file: the first line "
                           "must be '" +
                               Header + " " + Twine(NewestVersion) + "'");
      if (Words[1].getAsInteger(10, Version) || Version < 1 || Version > NewestVersion)
        return syntaxError(Name, LineNumber,
                           "filter format version " + Words[1] +
                               " is not supported (this pass reads versions 1 to " +
                               Twine(NewestVersion) + ")");
      continue;
    }
    std::optional<Verdict> Action =
        Words.size() == 3 ? actionNamed(Words[0], Version) : std::nullopt;
    std::optional<Subject> On;
    if (Words.size() == 3 && Words[1] == "function")
      On = Subject::Function;
    else if (Words.size() == 3 && Words[1] == "file")
      On = Subject::File;
    else if (Words.size() == 3 && Words[1] == "loop" && Version >= 2)
      On = Subject::Loop;
    if (!Action || !On || (*On == Subject::Loop && *Action == Verdict::Unmark))
      return syntaxError(Name, LineNumber,
                         "expected " + expectedRules(Version) + ", got '" + Line + "'");
    Expected<GlobPattern> Pattern =
        GlobPattern::create(StringSaver(*Filter.PatternText).save(Words[2].trim()));
    if (!Pattern)
      return syntaxError(Name, LineNumber,
                         "bad glob '" + Words[2] + "': " + toString(Pattern.takeError()));
    Filter.Rules.push_back({*Action, *On, std::move(*Pattern)});
  }
  if (!Version)
    return syntaxError(Name, LineNumber,
                       "empty filter file: the first line must be '" + Header + " " +
                           Twine(NewestVersion) + "'");
  return Filter;
}

Expected<FilterFile> FilterFile::load(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read filter file '" + Path +
                                                    "': " + Buffer.getError().message() +
                                                    " (check -energy-filter)");
  return parse((*Buffer)->getBuffer(), Path);
}

FilterFile::Verdict FilterFile::match(StringRef Mangled, StringRef Demangled,
                                      StringRef File) const {
  for (const Rule &R : reverse(Rules)) {
    bool Matches = R.On == Subject::File ? R.Pattern.match(File)
                   : R.On == Subject::Function
                       ? R.Pattern.match(Mangled) || R.Pattern.match(Demangled)
                       : false;
    if (Matches)
      return R.Action;
  }
  return Verdict::NoMatch;
}

FilterFile::Verdict FilterFile::matchLoop(StringRef Name, StringRef Demangled) const {
  for (const Rule &R : reverse(Rules))
    if (R.On == Subject::Loop && (R.Pattern.match(Name) || R.Pattern.match(Demangled)))
      return R.Action;
  return Verdict::NoMatch;
}

} // namespace energy
