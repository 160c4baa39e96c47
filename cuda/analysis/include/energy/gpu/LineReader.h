// LineReader: streams the lines of a text file, plain or xz-compressed (detected from the xz magic
// bytes, decoded with liblzma), in fixed-size chunks so traces of several gigabytes are read in
// constant memory. It counts lines so parsers can name the line of an error.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace energy::gpu {

class LineReader {
public:
  // Opens PATH; throws InputError when it cannot be opened.
  explicit LineReader(const std::string &path);
  ~LineReader();
  LineReader(const LineReader &) = delete;
  LineReader &operator=(const LineReader &) = delete;

  // Sets LINE to the next line without its end-of-line characters; the view is valid until the
  // next call. Returns false at the end of the input. Throws InputError on corrupt xz data or
  // on a line longer than the reader accepts.
  bool next(std::string_view &line);
  uint64_t lineNumber() const { return Line; }
  const std::string &path() const { return Path; }
  bool compressed() const;

private:
  struct Source;
  bool fill();

  std::string Path;
  std::unique_ptr<Source> In;
  std::string Buffer;
  size_t Begin = 0;
  bool AtEnd = false;
  uint64_t Line = 0;
};

// True when the file at PATH starts with the xz magic bytes.
bool isXzFile(const std::string &path);

// LINE without its leading and trailing spaces and tabs, as the trace and PTX readers compare it.
std::string_view trim(std::string_view line);

} // namespace energy::gpu
