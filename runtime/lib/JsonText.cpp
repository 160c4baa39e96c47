//===- JsonText.cpp - Commas, escapes and numbers of JSON text ------------===//
#include "JsonText.h"

#include <charconv>
#include <cmath>

namespace energy::rt {

namespace {

/// The length of the UTF-8 sequence that starts at S[I], or 0 when it is
/// not a valid one (overlong forms, surrogates and code points beyond
/// U+10FFFF included).
size_t utf8Length(std::string_view S, size_t I) {
  auto Byte = [&](size_t K) { return static_cast<unsigned char>(S[K]); };
  unsigned char C = Byte(I);
  size_t N = C < 0x80 ? 1 : (C >> 5) == 0x6 ? 2 : (C >> 4) == 0xE ? 3 : (C >> 3) == 0x1E ? 4 : 0;
  if (N == 0 || I + N > S.size())
    return 0;
  uint32_t Code = N == 1 ? C : N == 2 ? C & 0x1F : N == 3 ? C & 0x0F : C & 0x07;
  for (size_t K = 1; K < N; ++K) {
    if ((Byte(I + K) & 0xC0) != 0x80)
      return 0;
    Code = (Code << 6) | (Byte(I + K) & 0x3F);
  }
  static constexpr uint32_t Smallest[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (Code < Smallest[N] || Code > 0x10FFFF || (Code >= 0xD800 && Code <= 0xDFFF))
    return 0;
  return N;
}

bool plain(unsigned char C) { return C >= 0x20 && C < 0x80 && C != '"' && C != '\\'; }

void appendEscaped(std::string &Out, std::string_view S) {
  static constexpr char Hex[] = "0123456789abcdef";
  Out += '"';
  for (size_t I = 0; I < S.size();) {
    // Names are mostly printable ASCII: copy such runs whole.
    size_t Run = I;
    while (Run < S.size() && plain(static_cast<unsigned char>(S[Run])))
      ++Run;
    if (Run > I) {
      Out.append(S.data() + I, Run - I);
      I = Run;
      continue;
    }
    unsigned char C = static_cast<unsigned char>(S[I]);
    if (C >= 0x80) {
      size_t N = utf8Length(S, I);
      if (N == 0) {
        Out += "\xEF\xBF\xBD";
        ++I;
        continue;
      }
      Out.append(S.substr(I, N));
      I += N;
      continue;
    }
    ++I;
    switch (C) {
    case '"':
      Out += "\\\"";
      continue;
    case '\\':
      Out += "\\\\";
      continue;
    case '\n':
      Out += "\\n";
      continue;
    case '\t':
      Out += "\\t";
      continue;
    case '\r':
      Out += "\\r";
      continue;
    case '\b':
      Out += "\\b";
      continue;
    case '\f':
      Out += "\\f";
      continue;
    default:
      break;
    }
    if (C < 0x20) {
      Out += "\\u00";
      Out += Hex[C >> 4];
      Out += Hex[C & 0xF];
    } else {
      Out += static_cast<char>(C);
    }
  }
  Out += '"';
}

template <typename T> void appendNumber(std::string &Out, T N) {
  char Buffer[32];
  auto [End, Error] = std::to_chars(Buffer, Buffer + sizeof Buffer, N);
  Out.append(Buffer, Error == std::errc() ? End : Buffer);
}

} // namespace

void JsonText::separate() {
  if (AfterKey) {
    AfterKey = false;
    return;
  }
  if (!First[Depth])
    Out += ',';
  First[Depth] = false;
}

void JsonText::open(char Bracket) {
  separate();
  Out += Bracket;
  if (Depth + 1 < MaxDepth)
    First[++Depth] = true;
}

void JsonText::close(char Bracket) {
  Out += Bracket;
  if (Depth)
    --Depth;
}

void JsonText::key(std::string_view Name) {
  separate();
  appendEscaped(Out, Name);
  Out += ':';
  AfterKey = true;
}

void JsonText::value(uint64_t N) {
  separate();
  appendNumber(Out, N);
}

void JsonText::value(int64_t N) {
  separate();
  appendNumber(Out, N);
}

void JsonText::value(double X) {
  separate();
  if (!std::isfinite(X)) {
    Out += "null";
    return;
  }
  size_t Start = Out.size();
  appendNumber(Out, X);
  // nlohmann writes a double that holds an integer with ".0": keep it a
  // floating-point number for readers that look at the type.
  if (Out.find_first_of(".eE", Start) == std::string::npos)
    Out += ".0";
}

void JsonText::value(bool B) {
  separate();
  Out += B ? "true" : "false";
}

void JsonText::value(std::string_view S) {
  separate();
  appendEscaped(Out, S);
}

void JsonText::null() {
  separate();
  Out += "null";
}

void JsonText::raw(std::string_view Json) {
  separate();
  Out.append(Json);
}

void JsonText::value(const nlohmann::json &J) {
  separate();
  Out += J.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace energy::rt
