//===- document/Envelope.h - The format and version every document opens with ===//
//
// Every versioned document is {"format": NAME, "version": N, ...}. A reader
// checks that envelope before anything else, so that a file of another format
// or of a newer version gets a message saying so (and what to do about it),
// not a complaint about some key that version renamed. Versions from the
// format's OldestReadable up to the one this build writes are accepted
// (support/Formats.h).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DOCUMENT_ENVELOPE_H
#define ENERGY_DOCUMENT_ENVELOPE_H

#include "document/View.h"
#include "support/Formats.h"

namespace energy::document {

/// How one reader words the envelope's refusals. Blanks: {path} (where the
/// document sits, for documents inside others), {found}, {expected} (the
/// format's name) and {versions} ("version 1", "versions 1 to 7").
struct Refusals {
  /// Not a JSON object, or no "format" member.
  const char *NotThisFormat;
  /// A "format" other than this format's name.
  const char *WrongFormat;
  /// A version newer than this build's, or older than the oldest it reads;
  /// says where a reader of that version is to be found.
  const char *UnsupportedVersion;
};

/// Checks Doc's format and version; returns the version.
long long checkEnvelope(const View &Doc, const format::Format &Format, const Refusals &Words);

} // namespace energy::document

#endif
