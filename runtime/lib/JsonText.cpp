//===- JsonText.cpp - Commas, escapes and numbers of JSON text ------------===//
#include "JsonText.h"

#include <algorithm>
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

template <typename T> char *writeNumber(char *At, T N) {
  auto [End, Error] = std::to_chars(At, At + 24, N);
  return Error == std::errc() ? End : At;
}

/// X's shortest round-trip digits laid out as nlohmann::json writes a
/// double (its dtoa's format_buffer): plain decimal while the decimal point
/// falls within 4 places before the first digit to 15 after it ("0.0001",
/// "1000000.0"), else d.ddde+XX. std::to_chars alone picks whichever form is
/// shorter, so that 0.0001 came out "1e-04" here where the reports nlohmann
/// wrote said "0.0001". X is finite and not zero; 32 bytes at At.
char *writeDouble(char *At, double X) {
  char Scientific[32];
  auto [SciEnd, Error] =
      std::to_chars(Scientific, Scientific + sizeof Scientific, X, std::chars_format::scientific);
  if (Error != std::errc())
    return At;
  std::string_view Text(Scientific, size_t(SciEnd - Scientific));
  size_t E = Text.find('e');
  int Exponent = 0;
  std::from_chars(Text.data() + E + (Text[E + 1] == '+' ? 2 : 1), Text.data() + Text.size(),
                  Exponent);
  char Digits[20];
  size_t K = 0;
  for (char C : Text.substr(0, E))
    if (C >= '0' && C <= '9')
      Digits[K++] = C;
  // The value is 0.d1d2...dK x 10^N, in nlohmann's terms.
  int N = Exponent + 1;
  if (X < 0)
    *At++ = '-';
  if (int(K) <= N && N <= 15) {
    At = std::copy_n(Digits, K, At);
    At = std::fill_n(At, N - int(K), '0');
    return std::copy_n(".0", 2, At);
  }
  if (0 < N && N <= 15) {
    At = std::copy_n(Digits, N, At);
    *At++ = '.';
    return std::copy_n(Digits + N, K - size_t(N), At);
  }
  if (-4 < N && N <= 0) {
    At = std::copy_n("0.", 2, At);
    At = std::fill_n(At, -N, '0');
    return std::copy_n(Digits, K, At);
  }
  std::string_view Unsigned = X < 0 ? Text.substr(1) : Text;
  return std::copy(Unsigned.begin(), Unsigned.end(), At);
}

} // namespace

void JsonText::grow(size_t N) {
  size_t NewCapacity = std::max({Capacity * 2, Used + N, size_t(4096)});
  auto Bigger = std::make_unique_for_overwrite<char[]>(NewCapacity);
  if (Used)
    std::memcpy(Bigger.get(), Buffer.get(), Used);
  Buffer = std::move(Bigger);
  Capacity = NewCapacity;
}

void JsonText::appendEscaped(std::string_view S) {
  static constexpr char Hex[] = "0123456789abcdef";
  put('"');
  for (size_t I = 0; I < S.size();) {
    // Names are mostly printable ASCII: copy such runs whole.
    size_t Run = I;
    while (Run < S.size() && isPlainJsonByte(static_cast<unsigned char>(S[Run])))
      ++Run;
    if (Run > I) {
      put(S.data() + I, Run - I);
      I = Run;
      continue;
    }
    unsigned char C = static_cast<unsigned char>(S[I]);
    if (C >= 0x80) {
      size_t N = utf8Length(S, I);
      if (N == 0) {
        put("\xEF\xBF\xBD", 3);
        ++I;
        continue;
      }
      put(S.data() + I, N);
      I += N;
      continue;
    }
    ++I;
    switch (C) {
    case '"':
      put("\\\"", 2);
      continue;
    case '\\':
      put("\\\\", 2);
      continue;
    case '\n':
      put("\\n", 2);
      continue;
    case '\t':
      put("\\t", 2);
      continue;
    case '\r':
      put("\\r", 2);
      continue;
    case '\b':
      put("\\b", 2);
      continue;
    case '\f':
      put("\\f", 2);
      continue;
    default:
      break;
    }
    const char Unicode[] = {'\\', 'u', '0', '0', Hex[C >> 4], Hex[C & 0xF]};
    put(Unicode, sizeof Unicode);
  }
  put('"');
}

void JsonText::digits(uint64_t N) {
  reserve(24);
  Used = writeNumber(end(), N) - Buffer.get();
}

void JsonText::value(int64_t N) {
  separate();
  reserve(24);
  Used = writeNumber(end(), N) - Buffer.get();
}

void JsonText::value(double X) {
  separate();
  if (!std::isfinite(X)) {
    put("null", 4);
    return;
  }
  // Most times and energies of most regions of a sampled run are zero.
  if (X == 0) {
    if (std::signbit(X))
      put("-0.0", 4);
    else
      put("0.0", 3);
    return;
  }
  reserve(32);
  Used = writeDouble(end(), X) - Buffer.get();
}

void JsonText::value(bool B) {
  separate();
  if (B)
    put("true", 4);
  else
    put("false", 5);
}

void JsonText::value(std::string_view S) {
  separate();
  appendEscaped(S);
}

void JsonText::null() {
  separate();
  put("null", 4);
}

void JsonText::value(const nlohmann::json &J) {
  // The common small documents (a region's modelled joules, a null) without
  // a dump and the string it allocates.
  if (J.is_number_float())
    return value(J.get<double>());
  if (J.is_null())
    return null();
  separate();
  std::string Text = J.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  put(Text.data(), Text.size());
}

} // namespace energy::rt
