//===- model_document.cpp - A model file as a checked document ------------===//
#include "model_document.h"

#include "energy/model/energy_model.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace energy::model {

namespace {
const document::Wording ModelWording = {
    .BeforeOrigin = "energy model ",
    .Key = "key '{path}'",
    .Missing = "key '{path}' is missing",
    .WayOut = "; fix the file (docs/formats/model.md) or set ENERGY_MODEL to another model",
    .BareTypeNames = true,
    .NumberedElements = true,
    .Raise = document::raise<ModelError>,
};

const document::Refusals NotAModel = {
    .NotThisFormat = "not an EnergyPass model (the document must be a JSON object with "
                     "\"format\": \"{expected}\"); set ENERGY_MODEL to a model file",
    .WrongFormat = "not an EnergyPass model (format is \"{found}\", expected \"{expected}\"); "
                   "set ENERGY_MODEL to a model file",
    .UnsupportedVersion = "unsupported model version {found} (this build reads {versions}); use a "
                          "model written for this EnergyPass",
};
} // namespace

View modelView(const nlohmann::json &Doc, const std::string &Origin, std::string Path) {
  return View(Doc, Origin, ModelWording, std::move(Path));
}

void checkModelEnvelope(const View &Doc) { document::checkEnvelope(Doc, format::Model, NotAModel); }

nlohmann::json parseModelText(const std::string &Text, const std::string &Origin) {
  nlohmann::json Doc = nlohmann::json::parse(Text, nullptr,
                                             /*allow_exceptions=*/false);
  if (Doc.is_discarded())
    throw ModelError("energy model " + Origin +
                     ": not valid JSON (corrupt or truncated); restore it or "
                     "use another model file");
  return Doc;
}

// stdio rather than an ifstream: the runtime reads the default model in
// every measured process, and an ifstream's locale costs more than a small
// program's whole start-up.
std::string readModelText(const std::string &Path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE *)> In(std::fopen(Path.c_str(), "rb"), std::fclose);
  if (!In)
    throw ModelError("energy model " + Path + ": cannot open (" + std::strerror(errno) +
                     "); check the path (ENERGY_MODEL, --model)");
  std::string Text;
  char Buffer[8192];
  for (size_t N; (N = std::fread(Buffer, 1, sizeof Buffer, In.get())) > 0;)
    Text.append(Buffer, N);
  if (std::ferror(In.get()))
    throw ModelError("energy model " + Path + ": cannot read (" + std::strerror(errno) +
                     "); check the file");
  return Text;
}

nlohmann::json readModelFile(const std::string &Path) {
  return parseModelText(readModelText(Path), Path);
}

} // namespace energy::model
