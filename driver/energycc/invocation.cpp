//===- invocation.cpp - What a clang command line is going to do ----------===//
#include "invocation.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace energy::cc {

namespace {

// Options that take their value as the next argument, so that the value is
// not mistaken for an input file.
constexpr std::array<std::string_view, 38> OptionsWithSeparateValue = {"-o",
                                                                       "-I",
                                                                       "-D",
                                                                       "-U",
                                                                       "-x",
                                                                       "-include",
                                                                       "-imacros",
                                                                       "-isystem",
                                                                       "-idirafter",
                                                                       "-iquote",
                                                                       "-isysroot",
                                                                       "-iprefix",
                                                                       "-iwithprefix",
                                                                       "-iwithprefixbefore",
                                                                       "-MF",
                                                                       "-MT",
                                                                       "-MQ",
                                                                       "-Xlinker",
                                                                       "-Xclang",
                                                                       "-Xassembler",
                                                                       "-Xpreprocessor",
                                                                       "-Xopenmp-target",
                                                                       "-mllvm",
                                                                       "-L",
                                                                       "-l",
                                                                       "-target",
                                                                       "-arch",
                                                                       "-T",
                                                                       "-u",
                                                                       "-z",
                                                                       "-e",
                                                                       "--param",
                                                                       "-F",
                                                                       "--sysroot",
                                                                       "-gcc-toolchain",
                                                                       "--serialize-diagnostics",
                                                                       "-working-directory",
                                                                       "-ivfsoverlay"};

// Options after which clang produces no linked output.
constexpr std::array<std::string_view, 10> StopBeforeLink = {
    "-c",           "-S",        "-E",        "-M",  "-MM", "-fsyntax-only",
    "--precompile", "--analyze", "-emit-ast", "-###"};

bool takesSeparateValue(std::string_view Arg) {
  return std::find(OptionsWithSeparateValue.begin(), OptionsWithSeparateValue.end(), Arg) !=
         OptionsWithSeparateValue.end();
}

bool endsWith(std::string_view S, std::string_view Suffix) {
  return S.size() >= Suffix.size() && S.substr(S.size() - Suffix.size()) == Suffix;
}

// Inputs that only the linker reads.
bool isLinkerInput(std::string_view File) {
  for (std::string_view Suffix : {".o", ".a", ".so", ".lo", ".obj", ".dylib"})
    if (endsWith(File, Suffix))
      return true;
  return File.find(".so.") != std::string_view::npos; // libfoo.so.1
}

bool isCudaLanguage(std::string_view Language) { return Language == "cuda"; }

} // namespace

bool Invocation::hasCudaSources() const {
  return std::find(roles.begin(), roles.end(), ArgRole::CudaSource) != roles.end();
}

size_t Invocation::inputCount() const {
  return std::count_if(roles.begin(), roles.end(),
                       [](ArgRole R) { return R == ArgRole::Input || R == ArgRole::CudaSource; });
}

Invocation analyzeInvocation(const std::vector<std::string> &Args) {
  Invocation Inv;
  Inv.roles.assign(Args.size(), ArgRole::Other);
  // -x LANG applies to the inputs after it; empty means "by file name".
  std::string Language;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (std::find(StopBeforeLink.begin(), StopBeforeLink.end(), A) != StopBeforeLink.end())
      Inv.stopsBeforeLink = true;
    if (takesSeparateValue(A) && I + 1 < Args.size()) {
      const std::string &Value = Args[I + 1];
      if (A == "-x") {
        Language = Value == "none" ? "" : Value;
        Inv.roles[I] = Inv.roles[I + 1] = ArgRole::Language;
      }
      if (A == "-o")
        Inv.roles[I] = Inv.roles[I + 1] = ArgRole::Output;
      if (A == "-mllvm" && Value.starts_with("-energy-"))
        Inv.setsEnergyPassOption = true;
      ++I;
      continue;
    }
    if (A.starts_with("-x") && A.size() > 2) {
      Language = A.substr(2) == "none" ? "" : A.substr(2);
      Inv.roles[I] = ArgRole::Language;
    }
    if (A.starts_with("-o") && A.size() > 2)
      Inv.roles[I] = ArgRole::Output;
    bool IsInput = A == "-" || (!A.empty() && A[0] != '-');
    if (!IsInput)
      continue;
    Inv.hasInputs = true;
    if (!Language.empty() || !isLinkerInput(A))
      Inv.compilesSource = true;
    bool IsCuda = Language.empty() ? endsWith(A, ".cu") : isCudaLanguage(Language);
    Inv.roles[I] = IsCuda ? ArgRole::CudaSource : ArgRole::Input;
  }
  return Inv;
}

} // namespace energy::cc
