//===- FilterFile.h - Allow and deny rules for regions --------------------===//
//
// A filter file says which functions and loops become timed regions, in the
// spirit of Score-P's filter files. Format (docs/pass.md):
//
//   energypass-filter 2
//   # comments and blank lines are ignored
//   exclude function std::*
//   include function *kernel*
//   exclude file */third_party/*
//   unmark function luaD_precall
//   exclude loop luaV_execute:loop#1.1.1@lvm.c
//
// Function globs match the mangled or the demangled name; file globs the
// function's source file; loop globs the loop region's name. The last
// matching rule wins. Version 2 adds `unmark` (no markers: timed by the
// samples' program counters, as a function too small for markers) and loop
// rules, which energy-report filter writes from a report; version 1 files
// are read as before.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_FILTERFILE_H
#define ENERGYPASS_FILTERFILE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"

#include <memory>

namespace energy {

class FilterFile {
public:
  enum class Verdict { NoMatch, Include, Exclude, Unmark };

  /// Parses Text; Name is used in error messages.
  static llvm::Expected<FilterFile> parse(llvm::StringRef Text, llvm::StringRef Name);
  /// Reads and parses the file at Path.
  static llvm::Expected<FilterFile> load(llvm::StringRef Path);

  /// The verdict of the function and file rules on a function.
  Verdict match(llvm::StringRef Mangled, llvm::StringRef Demangled, llvm::StringRef File) const;
  /// The verdict of the loop rules on a loop region named Name (mangled) or
  /// Demangled: Include, Exclude or NoMatch.
  Verdict matchLoop(llvm::StringRef Name, llvm::StringRef Demangled) const;

private:
  enum class Subject { Function, File, Loop };
  struct Rule {
    Verdict Action;
    Subject On;
    llvm::GlobPattern Pattern;
  };
  llvm::SmallVector<Rule, 8> Rules;
  /// The patterns' text: a GlobPattern keeps a reference to the literal
  /// prefix of the text it was made from, which must outlive it (the file's
  /// buffer does not). Behind a pointer, so that it stays put when the
  /// filter is moved.
  std::unique_ptr<llvm::BumpPtrAllocator> PatternText = std::make_unique<llvm::BumpPtrAllocator>();
};

} // namespace energy

#endif // ENERGYPASS_FILTERFILE_H
