//===- FilterFile.h - Allow and deny rules for regions --------------------===//
//
// A filter file says which functions become timed regions, in the spirit of
// Score-P's filter files. Format (docs/pass.md):
//
//   energypass-filter 1
//   # comments and blank lines are ignored
//   exclude function std::*
//   include function *kernel*
//   exclude file */third_party/*
//
// Function globs match the mangled or the demangled name; file globs match
// the function's source file. The last matching rule wins.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_FILTERFILE_H
#define ENERGYPASS_FILTERFILE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"

namespace energy {

class FilterFile {
public:
  enum class Verdict { NoMatch, Include, Exclude };

  /// Parses Text; Name is used in error messages.
  static llvm::Expected<FilterFile> parse(llvm::StringRef Text, llvm::StringRef Name);
  /// Reads and parses the file at Path.
  static llvm::Expected<FilterFile> load(llvm::StringRef Path);

  Verdict match(llvm::StringRef Mangled, llvm::StringRef Demangled, llvm::StringRef File) const;

private:
  struct Rule {
    bool Include;
    bool OnFile;
    llvm::GlobPattern Pattern;
  };
  llvm::SmallVector<Rule, 8> Rules;
};

} // namespace energy

#endif // ENERGYPASS_FILTERFILE_H
