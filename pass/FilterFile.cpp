//===- FilterFile.cpp - Allow and deny rules for regions ------------------===//
//
// See FilterFile.h. Errors name the file, the line and the way to fix it.
//
//===----------------------------------------------------------------------===//
#include "FilterFile.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace energy {
namespace {

constexpr StringLiteral Header = "energypass-filter";
constexpr StringLiteral Version = "1";

Error syntaxError(StringRef Name, unsigned Line, const Twine &Problem) {
  return createStringError(inconvertibleErrorCode(), Name + ":" + Twine(Line) + ": " + Problem);
}

} // namespace

Expected<FilterFile> FilterFile::parse(StringRef Text, StringRef Name) {
  FilterFile Filter;
  bool SawHeader = false;
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
    if (!SawHeader) {
      if (Words.size() != 2 || Words[0] != Header)
        return syntaxError(Name, LineNumber,
                           "not an EnergyPass filter file: the first line "
                           "must be '" +
                               Header + " " + Version + "'");
      if (Words[1] != Version)
        return syntaxError(Name, LineNumber,
                           "filter format version " + Words[1] +
                               " is not supported (this pass reads version " + Version + ")");
      SawHeader = true;
      continue;
    }
    if (Words.size() != 3 || (Words[0] != "include" && Words[0] != "exclude") ||
        (Words[1] != "function" && Words[1] != "file"))
      return syntaxError(Name, LineNumber,
                         "expected 'include|exclude function|file GLOB', "
                         "got '" +
                             Line + "'");
    Expected<GlobPattern> Pattern = GlobPattern::create(Words[2].trim());
    if (!Pattern)
      return syntaxError(Name, LineNumber,
                         "bad glob '" + Words[2] + "': " + toString(Pattern.takeError()));
    Filter.Rules.push_back({Words[0] == "include", Words[1] == "file", std::move(*Pattern)});
  }
  if (!SawHeader)
    return syntaxError(Name, LineNumber,
                       "empty filter file: the first line must be '" + Header + " " + Version +
                           "'");
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
    bool Matches =
        R.OnFile ? R.Pattern.match(File) : R.Pattern.match(Mangled) || R.Pattern.match(Demangled);
    if (Matches)
      return R.Include ? Verdict::Include : Verdict::Exclude;
  }
  return Verdict::NoMatch;
}

} // namespace energy
