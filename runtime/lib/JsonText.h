//===- JsonText.h - JSON written straight into a string --------------------===//
//
// The report's regions are most of its size, and building them as a
// nlohmann::json document (a std::map per object) then serialising it cost
// the runtime about 90 thousand instructions per region at exit: SQLite's
// workload paid more for its report than for its run. Regions and totals are
// written through this instead: members and elements go straight into the
// output, with JSON's commas, escapes and numbers (shortest round-trip
// doubles; non-finite ones as null, as nlohmann writes them), and strings
// that are not valid UTF-8 get U+FFFD for each bad byte, as nlohmann's
// `replace` error handler does. Not thread-safe; for one report at a time.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_JSONTEXT_H
#define ENERGY_RT_JSONTEXT_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace energy::rt {

class JsonText {
public:
  explicit JsonText(std::string &Out) : Out(Out) {}

  void beginObject() { open('{'); }
  void endObject() { close('}'); }
  void beginArray() { open('['); }
  void endArray() { close(']'); }
  /// An object member's name; its value follows.
  void key(std::string_view Name);

  void value(uint64_t N);
  void value(int64_t N);
  void value(uint32_t N) { value(uint64_t(N)); }
  void value(double X);
  void value(bool B);
  void value(std::string_view S);
  void value(const char *S) { value(std::string_view(S ? S : "")); }
  void value(const std::string &S) { value(std::string_view(S)); }
  void null();
  /// A value that is a small document already (a figure that may be null,
  /// an optional object).
  void value(const nlohmann::json &J);

  /// A value written as JSON text already, by another JsonText.
  void raw(std::string_view Json);

  /// key() then value(), for the common case.
  template <typename T> void member(std::string_view Name, const T &V) {
    key(Name);
    value(V);
  }

private:
  void open(char Bracket);
  void close(char Bracket);
  /// The comma before a value that is not its container's first.
  void separate();

  std::string &Out;
  static constexpr unsigned MaxDepth = 32;
  bool First[MaxDepth] = {true};
  unsigned Depth = 0;
  bool AfterKey = false;
};

} // namespace energy::rt

#endif
