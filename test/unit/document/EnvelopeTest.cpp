//===- EnvelopeTest.cpp - The format and version every document opens with ===//
#include "TestWording.h"

#include "document/Envelope.h"

#include <gtest/gtest.h>

using namespace energy::document;
using namespace energy::document::test;
using nlohmann::json;

namespace {

constexpr energy::format::Format Widget{"energypass-widget", 4, 2};

const Refusals NotAWidget = {
    .NotThisFormat = "{path} is not a widget",
    .WrongFormat = "format is '{found}', expected '{expected}'",
    .UnsupportedVersion = "widget version {found} is not supported (this build reads {versions}); "
                          "upgrade",
};

std::string envelopeError(const json &Doc) {
  return errorOf(
      [&] { checkEnvelope(View(Doc, "w.json", TestWording, "widget"), Widget, NotAWidget); });
}

json widget(long long Version) { return {{"format", "energypass-widget"}, {"version", Version}}; }

TEST(DocumentEnvelope, AcceptsEveryVersionFromTheOldestReadableToTheCurrent) {
  for (long long Version : {2, 3, 4})
    EXPECT_EQ(checkEnvelope(View(widget(Version), "w.json", TestWording), Widget, NotAWidget),
              Version);
}

TEST(DocumentEnvelope, RefusesNewerAndTooOldVersionsNamingTheWayOut) {
  EXPECT_EQ(envelopeError(widget(5)),
            "test w.json: widget version 5 is not supported (this build reads versions 2 to 4); "
            "upgrade");
  EXPECT_EQ(envelopeError(widget(1)),
            "test w.json: widget version 1 is not supported (this build reads versions 2 to 4); "
            "upgrade");
  constexpr energy::format::Format OneVersion{"energypass-widget", 1, 1};
  json Doc = widget(2);
  EXPECT_EQ(
      errorOf([&] { checkEnvelope(View(Doc, "w.json", TestWording), OneVersion, NotAWidget); }),
      "test w.json: widget version 2 is not supported (this build reads version 1); upgrade");
}

TEST(DocumentEnvelope, RefusesOtherFormats) {
  EXPECT_EQ(envelopeError({{"format", "energypass-report"}, {"version", 4}}),
            "test w.json: format is 'energypass-report', expected 'energypass-widget'");
  EXPECT_EQ(envelopeError(json::array({1, 2})), "test w.json: widget is not a widget");
  EXPECT_EQ(envelopeError({{"version", 4}}), "test w.json: widget is not a widget");
  EXPECT_EQ(envelopeError({{"format", 4}, {"version", 4}}),
            "test w.json: key widget.format must be a string, found an integer; fix it");
}

TEST(DocumentEnvelope, RefusesAMissingOrMistypedVersion) {
  EXPECT_EQ(envelopeError({{"format", "energypass-widget"}}),
            "test w.json: missing key widget.version; fix it");
  EXPECT_EQ(envelopeError({{"format", "energypass-widget"}, {"version", "4"}}),
            "test w.json: key widget.version must be an integer, found a string; fix it");
}

} // namespace
