//===- gzip.cpp - One gzip member through zlib's deflate ------------------===//
#include "energy/export/gzip.h"

#include <zlib.h>

#include <stdexcept>

namespace energy::exporter {

std::string gzipCompress(std::string_view Bytes) {
  z_stream Stream{};
  // 15 window bits plus 16 asks deflate for a gzip header and trailer.
  constexpr int GzipWindowBits = 15 + 16;
  if (deflateInit2(&Stream, Z_BEST_COMPRESSION, Z_DEFLATED, GzipWindowBits, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: deflateInit2 failed");
  std::string Out(deflateBound(&Stream, Bytes.size()), '\0');
  Stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(Bytes.data()));
  Stream.avail_in = static_cast<uInt>(Bytes.size());
  Stream.next_out = reinterpret_cast<Bytef *>(Out.data());
  Stream.avail_out = static_cast<uInt>(Out.size());
  int Result = deflate(&Stream, Z_FINISH);
  Out.resize(Stream.total_out);
  deflateEnd(&Stream);
  if (Result != Z_STREAM_END)
    throw std::runtime_error("zlib: deflate did not finish");
  return Out;
}

} // namespace energy::exporter
