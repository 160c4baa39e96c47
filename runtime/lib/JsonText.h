//===- JsonText.h - JSON written straight into a buffer --------------------===//
//
// The report's regions are most of its size, and building them as a
// nlohmann::json document (a std::map per object) then serialising it cost
// the runtime about 90 thousand instructions per region at exit: SQLite's
// workload paid more for its report than for its run. Regions and totals are
// written through this instead: members and elements go straight into the
// output, with JSON's commas, escapes and numbers (shortest round-trip
// doubles; non-finite ones as null, as nlohmann writes them), and strings
// that are not valid UTF-8 get U+FFFD for each bad byte, as nlohmann's
// `replace` error handler does.
//
// A region has about seventy members whose names are the report's own, so
// those names are JsonName: checked at compile time to need no escape and
// copied whole, and the text grows in a buffer with no per-character
// capacity checks, which is never zero-filled (a report of megabytes paid
// as much again to clear the memory it was about to write). Not
// thread-safe; for one report at a time.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_JSONTEXT_H
#define ENERGY_RT_JSONTEXT_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace energy::rt {

/// A byte JSON copies into a string as it is.
constexpr bool isPlainJsonByte(unsigned char C) {
  return C >= 0x20 && C < 0x80 && C != '"' && C != '\\';
}

/// A member name of the report's own schema, known when the runtime is
/// compiled: one that needs an escape does not compile.
class JsonName {
public:
  consteval JsonName(const char *Name) : Text(Name) {
    while (Name[Size])
      if (!isPlainJsonByte(static_cast<unsigned char>(Name[Size++])))
        throw "a JsonName must be printable ASCII without quotes or backslashes";
  }
  const char *data() const { return Text; }
  size_t size() const { return Size; }

private:
  const char *Text;
  size_t Size = 0;
};

class JsonText {
public:
  /// `ExpectedSize`: about how long the text will be, so that a long one is
  /// not copied as it grows.
  explicit JsonText(size_t ExpectedSize = 0) {
    if (ExpectedSize)
      grow(ExpectedSize);
  }

  void beginObject() { open('{'); }
  void endObject() { close('}'); }
  void beginArray() { open('['); }
  void endArray() { close(']'); }
  /// An object member's name; its value follows. Inline, so that a name's
  /// length is a constant and its copy a few moves.
  void key(JsonName Name) {
    separate();
    reserve(Name.size() + 3);
    char *At = end();
    *At++ = '"';
    std::memcpy(At, Name.data(), Name.size());
    At += Name.size();
    *At++ = '"';
    *At++ = ':';
    Used = At - Buffer.get();
    AfterKey = true;
  }

  void value(uint64_t N) {
    separate();
    // Most counts of most regions and lines are small, and 0 most of all.
    if (N < 10)
      return put(char('0' + N));
    digits(N);
  }
  void value(int64_t N);
  void value(uint32_t N) { value(uint64_t(N)); }
  void value(double X);
  /// A figure that may be unknown: null then.
  void value(std::optional<double> X) {
    if (X)
      value(*X);
    else
      null();
  }
  void value(bool B);
  void value(std::string_view S);
  void value(const char *S) { value(std::string_view(S ? S : "")); }
  void value(const std::string &S) { value(std::string_view(S)); }
  void null();
  /// A value that is a small document already (a figure that may be null,
  /// an optional object).
  void value(const nlohmann::json &J);

  /// Members written by another JsonText, copied whole into the object
  /// being written (a block of constant members that many objects share).
  void members(std::string_view Written) {
    separate();
    put(Written.data(), Written.size());
  }
  /// A value written by another JsonText (a string escaped once and
  /// written many times).
  void writtenValue(std::string_view Written) { members(Written); }

  /// key() then value(), the value's text kept for repeatValue().
  template <typename T> void memberToRepeat(JsonName Name, const T &V) {
    key(Name);
    RepeatFrom = Used;
    value(V);
    RepeatTo = Used;
  }
  /// The value of the last memberToRepeat() written again, copied rather
  /// than escaped twice (a C function's name, which is its demangled name
  /// too).
  void repeatValue() {
    separate();
    size_t N = RepeatTo - RepeatFrom;
    reserve(N);
    std::memcpy(end(), Buffer.get() + RepeatFrom, N);
    Used += N;
  }

  /// key() then value(), for the common case.
  template <typename T> void member(JsonName Name, const T &V) {
    key(Name);
    value(V);
  }

  /// The text written, without a line's end; the writer is left empty: a
  /// fragment (a string escaped once, a block of members) that other texts
  /// copy (writtenValue(), members()).
  std::string takeText() {
    std::string Text(Buffer.get(), Used);
    Used = 0;
    return Text;
  }
  /// The text with a newline after it, as a file of one line ends; the
  /// writer is left empty.
  std::string takeLine() {
    std::string Line(finishLine());
    Used = 0;
    return Line;
  }
  /// The text with a newline after it, valid while the writer lives and
  /// writes nothing more: a report of megabytes is not copied to be saved.
  std::string_view finishLine() {
    put('\n');
    return {Buffer.get(), Used};
  }

private:
  /// Inline: a region opens and closes a dozen objects.
  void open(char Bracket) {
    separate();
    put(Bracket);
    if (Depth + 1 < MaxDepth)
      First[++Depth] = true;
  }
  void close(char Bracket) {
    put(Bracket);
    if (Depth)
      --Depth;
  }
  /// The comma before a value that is not its container's first.
  void separate() {
    if (AfterKey) {
      AfterKey = false;
      return;
    }
    if (!First[Depth])
      put(',');
    First[Depth] = false;
  }
  void appendEscaped(std::string_view S);
  void digits(uint64_t N);

  /// Room for N more bytes at end().
  void reserve(size_t N) {
    if (Capacity - Used < N)
      grow(N);
  }
  void grow(size_t N);
  char *end() { return Buffer.get() + Used; }
  void put(char C) {
    reserve(1);
    Buffer[Used++] = C;
  }
  void put(const char *S, size_t N) {
    reserve(N);
    std::memcpy(end(), S, N);
    Used += N;
  }

  /// Capacity bytes, sized ahead of the text; the first Used are written.
  std::unique_ptr<char[]> Buffer;
  size_t Capacity = 0;
  size_t Used = 0;
  static constexpr unsigned MaxDepth = 32;
  bool First[MaxDepth] = {true};
  unsigned Depth = 0;
  bool AfterKey = false;
  /// The text of the last memberToRepeat()'s value.
  size_t RepeatFrom = 0;
  size_t RepeatTo = 0;
};

} // namespace energy::rt

#endif
