//===- units.cpp - Human-friendly numbers and names -----------------------===//
#include "energy/report/units.h"

#include <array>
#include <cmath>
#include <cstdio>

namespace energy::report {

namespace {

constexpr std::string_view Ellipsis = "...";

// Three significant digits for a value already scaled into [1, 1000).
std::string threeDigits(double V) {
  char Buf[32];
  int Decimals = V < 10 ? 2 : V < 100 ? 1 : 0;
  std::snprintf(Buf, sizeof Buf, "%.*f", Decimals, V);
  return Buf;
}

struct Prefix {
  double Scale;
  const char *Name;
};

// Picks the largest prefix whose scaled value is at least 1; values below the
// smallest prefix are shown in it anyway.
template <size_t N>
std::string withPrefix(double V, const std::array<Prefix, N> &Prefixes, const char *Unit) {
  if (V == 0)
    return std::string("0 ") + Unit;
  const Prefix *Chosen = &Prefixes.back();
  for (const Prefix &P : Prefixes)
    if (std::fabs(V) >= P.Scale * 0.9995) {
      Chosen = &P;
      break;
    }
  return threeDigits(V / Chosen->Scale) + " " + Chosen->Name + Unit;
}

constexpr std::array<Prefix, 5> LargePrefixes = {
    {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}}};
constexpr std::array<Prefix, 6> SmallPrefixes = {
    {{1e3, "k"}, {1, ""}, {1e-3, "m"}, {1e-6, "u"}, {1e-9, "n"}, {1e-12, "p"}}};

bool isContinuationByte(char C) { return (static_cast<unsigned char>(C) & 0xC0) == 0x80; }

// Removes the contents of the outermost bracket pairs Open..Close, leaving
// Open "..." Close, so that "f(int, std::vector<int>)" becomes "f(...)".
std::string collapseBrackets(const std::string &Name, char Open, char Close) {
  std::string Out;
  int Depth = 0;
  for (char C : Name) {
    if (C == Open) {
      if (Depth++ == 0) {
        Out += Open;
        Out += Ellipsis;
      }
      continue;
    }
    if (C == Close && Depth > 0) {
      if (--Depth == 0)
        Out += Close;
      continue;
    }
    if (Depth == 0)
      Out += C;
  }
  return Out;
}

// Byte offset of the first code point after skipping Columns code points.
size_t offsetAfter(std::string_view Text, size_t Columns) {
  size_t I = 0;
  for (size_t Seen = 0; I < Text.size(); ++I) {
    if (isContinuationByte(Text[I]))
      continue;
    if (Seen++ == Columns)
      break;
  }
  return I;
}

} // namespace

std::string formatSeconds(double Seconds) {
  if (Seconds >= 1)
    return threeDigits(Seconds) + " s"; // no ks: minutes read better as s
  return withPrefix(Seconds, SmallPrefixes, "s");
}

std::string formatFlopRate(double FlopsPerSecond) {
  return withPrefix(FlopsPerSecond, LargePrefixes, "FLOP/s");
}

std::string formatJoules(double Joules) { return withPrefix(Joules, SmallPrefixes, "J"); }

std::string formatShare(double Fraction) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.1f%%", Fraction * 100);
  return Buf;
}

std::string formatRatio(double Value) {
  char Buf[32];
  if (Value != 0 && (Value < 0.001 || Value >= 1e5))
    std::snprintf(Buf, sizeof Buf, "%.2g", Value);
  else
    std::snprintf(Buf, sizeof Buf, "%.3g", Value);
  return Buf;
}

std::string formatCount(uint64_t N) {
  if (N < 1000000)
    return std::to_string(N);
  return withPrefix(static_cast<double>(N), LargePrefixes, "");
}

size_t displayWidth(std::string_view Text) {
  size_t Width = 0;
  for (char C : Text)
    Width += !isContinuationByte(C);
  return Width;
}

std::string elideName(const std::string &Name, size_t Width) {
  if (displayWidth(Name) <= Width)
    return Name;
  std::string Short = collapseBrackets(Name, '(', ')');
  if (displayWidth(Short) > Width)
    Short = collapseBrackets(Short, '<', '>');
  size_t ShortWidth = displayWidth(Short);
  if (ShortWidth <= Width)
    return Short;
  // Once the middle is cut the name is unrecognisable as a signature anyway;
  // the end of the qualified name says more than an empty "(...)".
  if (Short.size() > 5 && Short.compare(Short.size() - 5, 5, "(...)") == 0) {
    Short.resize(Short.size() - 5);
    ShortWidth -= 5;
  }
  if (Width <= Ellipsis.size())
    return std::string(Ellipsis.substr(0, Width));
  size_t Keep = Width - Ellipsis.size();
  size_t Head = (Keep + 1) / 2, Tail = Keep - Head;
  return Short.substr(0, offsetAfter(Short, Head)) + std::string(Ellipsis) +
         Short.substr(offsetAfter(Short, ShortWidth - Tail));
}

std::string elidePath(const std::string &Path, size_t Width) {
  size_t PathWidth = displayWidth(Path);
  if (PathWidth <= Width)
    return Path;
  if (Width <= Ellipsis.size())
    return std::string(Ellipsis.substr(0, Width));
  size_t Keep = Width - Ellipsis.size();
  return std::string(Ellipsis) + Path.substr(offsetAfter(Path, PathWidth - Keep));
}

} // namespace energy::report
