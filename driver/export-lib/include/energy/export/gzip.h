//===- energy/export/gzip.h - gzip compression of a whole buffer ----------===//
//
// pprof files are gzip-compressed protocol buffers (profile.proto: "On-disk,
// the serialized proto must be gzip-compressed"), as pprof, speedscope and
// `gunzip` read them.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_EXPORT_GZIP_H
#define ENERGY_EXPORT_GZIP_H

#include <string>
#include <string_view>

namespace energy::exporter {

/// Bytes compressed as one gzip member (RFC 1952). Throws std::runtime_error
/// only when zlib fails, which for memory it has means a bug.
std::string gzipCompress(std::string_view Bytes);

} // namespace energy::exporter

#endif
