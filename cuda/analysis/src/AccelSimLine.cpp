// AccelSimLine: field-by-field parsing of Accel-Sim instruction lines.
#include "AccelSimLine.h"

#include <bit>
#include <cctype>
#include <charconv>

namespace energy::gpu {
namespace {

class Fields {
public:
  explicit Fields(std::string_view Line) : Rest(Line) {}
  // At the end of the line TOK becomes empty, so an error names the missing field rather than
  // the last one read.
  bool next(std::string_view &Tok) {
    size_t B = Rest.find_first_not_of(" \t");
    if (B == std::string_view::npos) {
      Tok = {};
      return false;
    }
    size_t E = Rest.find_first_of(" \t", B);
    Tok = Rest.substr(B, E == std::string_view::npos ? std::string_view::npos : E - B);
    Rest = E == std::string_view::npos ? std::string_view() : Rest.substr(E);
    return true;
  }

private:
  std::string_view Rest;
};

bool parseUnsigned(std::string_view Tok, int Base, uint64_t &Value) {
  if (Base == 16 && Tok.size() > 2 && Tok[0] == '0' && (Tok[1] == 'x' || Tok[1] == 'X'))
    Tok.remove_prefix(2);
  if (Tok.empty())
    return false;
  auto [Ptr, Ec] = std::from_chars(Tok.data(), Tok.data() + Tok.size(), Value, Base);
  return Ec == std::errc() && Ptr == Tok.data() + Tok.size();
}

bool parseSigned(std::string_view Tok, int64_t &Value) {
  if (Tok.empty())
    return false;
  auto [Ptr, Ec] = std::from_chars(Tok.data(), Tok.data() + Tok.size(), Value, 10);
  return Ec == std::errc() && Ptr == Tok.data() + Tok.size();
}

// Register keys for dependency distances: R0..R254 -> 1..255, UR0..UR62 -> 257..319; the zero
// registers (RZ = R255, URZ = UR63) and predicates are not dependencies.
uint16_t registerKey(std::string_view Name) {
  uint64_t N = 0;
  if (Name.size() > 1 && Name[0] == 'R' && parseUnsigned(Name.substr(1), 10, N) && N < 255)
    return uint16_t(N + 1);
  if (Name.size() > 2 && Name.substr(0, 2) == "UR" && parseUnsigned(Name.substr(2), 10, N) &&
      N < 63)
    return uint16_t(N + 257);
  return 0;
}

bool plausibleOpcode(std::string_view Op) {
  if (Op.empty() || !std::isupper(static_cast<unsigned char>(Op[0])))
    return false;
  for (char C : Op)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '.' && C != '_')
      return false;
  return true;
}

std::string quoted(std::string_view Tok) {
  if (Tok.empty())
    return "the end of the line (a truncated line?)";
  return "'" + std::string(Tok.substr(0, 40)) + (Tok.size() > 40 ? "...'" : "'");
}

std::string parseRegisters(Fields &F, const char *What, uint8_t &Count,
                           std::array<uint16_t, 4> &Keys) {
  std::string_view Tok;
  uint64_t N = 0;
  if (!F.next(Tok))
    return std::string("missing the ") + What + " count";
  if (!parseUnsigned(Tok, 10, N) || N > 16)
    return std::string("bad ") + What + " count " + quoted(Tok) + " (expected 0 to 16)";
  Count = uint8_t(N);
  for (uint64_t I = 0; I < N; ++I) {
    if (!F.next(Tok))
      return std::string("missing ") + What + " register " + std::to_string(I + 1) + " of " +
             std::to_string(N);
    if (I < Keys.size())
      Keys[I] = registerKey(Tok);
  }
  return "";
}

std::string parseAddresses(Fields &F, uint32_t Mask) {
  std::string_view Tok;
  uint64_t Mode = 0, U = 0;
  int64_t S = 0;
  if (!F.next(Tok))
    return "missing the address mode after a non-zero memory width";
  if (!parseUnsigned(Tok, 10, Mode) || Mode > 2)
    return "bad address mode " + quoted(Tok) + " (expected 0 list, 1 base+stride, 2 base+deltas)";
  int Active = std::popcount(Mask);
  if (Mode == 0) {
    for (int I = 0; I < Active; ++I)
      if (!F.next(Tok) || !parseUnsigned(Tok, 16, U))
        return "address " + std::to_string(I + 1) + " of " + std::to_string(Active) +
               " active threads is missing or not hexadecimal";
    return "";
  }
  if (!F.next(Tok) || !parseUnsigned(Tok, 16, U))
    return "missing or bad base address";
  if (Mode == 1)
    return F.next(Tok) && parseSigned(Tok, S) ? "" : "missing or bad address stride";
  for (int I = 1; I < Active; ++I)
    if (!F.next(Tok) || !parseSigned(Tok, S))
      return "address delta " + std::to_string(I) + " of " + std::to_string(Active - 1) +
             " is missing or not a decimal number";
  return "";
}

} // namespace

std::string parseTraceInstruction(std::string_view Line, const TraceLineLayout &Layout,
                                  TraceInstruction &Out) {
  Fields F(Line);
  std::string_view Tok;
  uint64_t N = 0;
  Out = TraceInstruction();
  if (Layout.RawPrefix) {
    uint32_t *Prefix[4] = {&Out.BlockX, &Out.BlockY, &Out.BlockZ, &Out.Warp};
    for (uint32_t *P : Prefix) {
      if (!F.next(Tok) || !parseUnsigned(Tok, 10, N) || N > UINT32_MAX)
        return "expected the thread block and warp (4 decimal numbers) at the start of a raw trace "
               "line";
      *P = uint32_t(N);
    }
  }
  if (Layout.LineInfo && (!F.next(Tok) || !parseUnsigned(Tok, 10, N)))
    return "missing the source line number that '-enable lineinfo = 1' announces";
  if (!F.next(Tok) || !parseUnsigned(Tok, 16, Out.Pc))
    return "expected a hexadecimal PC, found " + quoted(Tok);
  if (!F.next(Tok) || Tok.size() > 8 || !parseUnsigned(Tok, 16, N))
    return "expected a 32-bit hexadecimal active mask, found " + quoted(Tok);
  Out.Mask = uint32_t(N);
  if (std::string E = parseRegisters(F, "destination", Out.Dests, Out.Dest); !E.empty())
    return E;
  if (!F.next(Tok) || !plausibleOpcode(Tok))
    return "expected a SASS opcode, found " + quoted(Tok);
  Out.Opcode = Tok;
  if (std::string E = parseRegisters(F, "source", Out.Sources, Out.Source); !E.empty())
    return E;
  if (!F.next(Tok) || !parseUnsigned(Tok, 10, N) || N > 1024)
    return "expected a decimal memory width, found " + quoted(Tok);
  if (N > 0)
    if (std::string E = parseAddresses(F, Out.Mask); !E.empty())
      return E;
  int64_t Immediate = 0;
  if (Layout.Version >= 5 &&
      (!F.next(Tok) || !(parseUnsigned(Tok, 16, N) || parseSigned(Tok, Immediate))))
    return "missing the immediate field that tracer version 5 writes at the end of the line";
  if (F.next(Tok))
    return "unexpected extra field " + quoted(Tok) + " at the end of the instruction";
  return "";
}

} // namespace energy::gpu
