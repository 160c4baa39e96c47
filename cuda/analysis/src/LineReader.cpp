// LineReader: chunked line reading of plain and xz-compressed files.
#include "energy/gpu/LineReader.h"

#include "energy/gpu/InputError.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <lzma.h>
#include <vector>

namespace energy::gpu {
namespace {
constexpr size_t ChunkSize = 1 << 20;
// Longer lines than this are not trace lines; refusing them bounds memory on garbage input.
constexpr size_t MaxLineLength = 64u << 20;
constexpr unsigned char XzMagic[6] = {0xFD, '7', 'z', 'X', 'Z', 0x00};
} // namespace

bool isXzFile(const std::string &path) {
  FILE *F = std::fopen(path.c_str(), "rb");
  if (!F)
    return false;
  unsigned char Head[6] = {};
  size_t N = std::fread(Head, 1, sizeof Head, F);
  std::fclose(F);
  return N == sizeof Head && std::memcmp(Head, XzMagic, sizeof Head) == 0;
}

// The byte source: the file itself or liblzma's decoder over it.
struct LineReader::Source {
  FILE *File = nullptr;
  bool Xz = false;
  lzma_stream Stream = LZMA_STREAM_INIT;
  std::vector<uint8_t> Compressed = std::vector<uint8_t>(ChunkSize);
  bool StreamEnded = false;
  // Why the xz stream stopped early. Reported once the lines decoded before it have been read,
  // so that the error can name the last complete line.
  std::string Failure;

  ~Source() {
    if (Xz)
      lzma_end(&Stream);
    if (File)
      std::fclose(File);
  }

  // Appends up to ChunkSize bytes to OUT; returns how many, 0 at the end.
  size_t read(std::string &Out, const std::string &Path, uint64_t Line) {
    if (!Failure.empty())
      failDecoding(Path, Line);
    size_t Old = Out.size();
    Out.resize(Old + ChunkSize);
    char *Dest = Out.data() + Old;
    size_t Got = Xz ? decode(Dest) : std::fread(Dest, 1, ChunkSize, File);
    if (Xz && Got == 0 && !Failure.empty())
      failDecoding(Path, Line);
    if (!Xz && Got == 0 && std::ferror(File))
      failAt(Path, Line, std::string("read error: ") + std::strerror(errno));
    Out.resize(Old + Got);
    return Got;
  }

  [[noreturn]] void failDecoding(const std::string &Path, uint64_t Line) {
    std::string Where = Line ? "after line " + std::to_string(Line) + ", the last complete line"
                             : "before its first complete line";
    failAt(Path, Line, "xz data is " + Failure + " " + Where + "; re-copy or re-compress the file");
  }

  size_t decode(char *Dest) {
    if (StreamEnded)
      return 0;
    Stream.next_out = reinterpret_cast<uint8_t *>(Dest);
    Stream.avail_out = ChunkSize;
    while (Stream.avail_out > 0) {
      if (Stream.avail_in == 0 && !std::feof(File)) {
        Stream.avail_in = std::fread(Compressed.data(), 1, Compressed.size(), File);
        Stream.next_in = Compressed.data();
      }
      lzma_action Action = std::feof(File) && Stream.avail_in == 0 ? LZMA_FINISH : LZMA_RUN;
      lzma_ret R = lzma_code(&Stream, Action);
      if (R == LZMA_STREAM_END) {
        StreamEnded = true;
        break;
      }
      if (R != LZMA_OK) {
        Failure = R == LZMA_BUF_ERROR ? "truncated"
                                      : "corrupt (liblzma error " + std::to_string(int(R)) + ")";
        break;
      }
    }
    return ChunkSize - Stream.avail_out;
  }
};

LineReader::LineReader(const std::string &path) : Path(path), In(std::make_unique<Source>()) {
  bool Xz = isXzFile(path);
  In->File = std::fopen(path.c_str(), "rb");
  if (!In->File)
    failAt(path, 0,
           std::string("cannot open: ") + std::strerror(errno) +
               "; check the path and its permissions");
  if (Xz) {
    In->Xz = true;
    if (lzma_stream_decoder(&In->Stream, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
      failAt(path, 0, "cannot start the xz decoder");
  }
}

LineReader::~LineReader() = default;

bool LineReader::compressed() const { return In->Xz; }

bool LineReader::fill() {
  if (AtEnd)
    return false;
  Buffer.erase(0, Begin);
  Begin = 0;
  if (In->read(Buffer, Path, Line) == 0)
    AtEnd = true;
  return !AtEnd;
}

bool LineReader::next(std::string_view &line) {
  size_t Searched = Begin;
  for (;;) {
    size_t End = Buffer.find('\n', Searched);
    if (End != std::string::npos) {
      line = std::string_view(Buffer).substr(Begin, End - Begin);
      Begin = End + 1;
      break;
    }
    if (Buffer.size() - Begin > MaxLineLength)
      failAt(Path, Line + 1, "line longer than 64 MiB; this is not a text trace");
    size_t Pending = Buffer.size() - Begin;
    if (!fill()) {
      if (Pending == 0)
        return false;
      line = std::string_view(Buffer).substr(Begin);
      Begin = Buffer.size();
      break;
    }
    Searched = Pending;
  }
  if (!line.empty() && line.back() == '\r')
    line.remove_suffix(1);
  ++Line;
  return true;
}

std::string_view trim(std::string_view line) {
  size_t B = line.find_first_not_of(" \t");
  if (B == std::string_view::npos)
    return {};
  return line.substr(B, line.find_last_not_of(" \t") - B + 1);
}

} // namespace energy::gpu
