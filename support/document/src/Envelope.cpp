//===- Envelope.cpp - The format and version every document opens with ----===//
#include "document/Envelope.h"

namespace energy::document {

namespace {
std::string readableVersions(const format::Format &Format) {
  if (Format.OldestReadable == Format.Version)
    return "version " + std::to_string(Format.Version);
  return "versions " + std::to_string(Format.OldestReadable) + " to " +
         std::to_string(Format.Version);
}

std::string refusal(const char *Template, const View &Doc, const format::Format &Format,
                    const std::string &Found) {
  std::string Line = fillIn(Template, "path", Doc.path());
  Line = fillIn(std::move(Line), "expected", Format.Name);
  Line = fillIn(std::move(Line), "versions", readableVersions(Format));
  return fillIn(std::move(Line), "found", Found);
}
} // namespace

long long checkEnvelope(const View &Doc, const format::Format &Format, const Refusals &Words) {
  if (!Doc.json().is_object() || !Doc.json().contains("format"))
    Doc.refuse(refusal(Words.NotThisFormat, Doc, Format, ""));
  std::string Name = Doc["format"].string();
  if (Name != Format.Name)
    Doc.refuse(refusal(Words.WrongFormat, Doc, Format, Name));
  long long Version = Doc["version"].integer();
  if (Version < Format.OldestReadable || Version > Format.Version)
    Doc.refuse(refusal(Words.UnsupportedVersion, Doc, Format, std::to_string(Version)));
  return Version;
}

} // namespace energy::document
