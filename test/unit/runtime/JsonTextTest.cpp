//===- JsonTextTest.cpp - The report's streamed JSON against nlohmann's ---===//
//
// The runtime writes regions and totals with JsonText and the rest of the
// report with nlohmann::json: the two must agree on what a value is. Each
// case writes with JsonText and checks the text parses to the document
// nlohmann would have written, byte for byte where nlohmann's own dump is
// the reference (escapes, invalid UTF-8, integral doubles).
//
//===----------------------------------------------------------------------===//
#include "JsonText.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using energy::rt::JsonText;
using nlohmann::json;

namespace {

/// What W wrote, without the line's end.
std::string textOf(JsonText &W) {
  std::string Line = W.takeLine();
  Line.pop_back();
  return Line;
}

std::string nlohmannText(const json &J) {
  return J.dump(-1, ' ', false, json::error_handler_t::replace);
}

TEST(JsonText, NestedMembersAndElementsGetTheirCommas) {
  JsonText W;
  W.beginObject();
  W.member("a", uint64_t(1));
  W.key("list");
  W.beginArray();
  W.value(int64_t(-2));
  W.beginObject();
  W.endObject();
  W.beginArray();
  W.endArray();
  W.null();
  W.endArray();
  W.member("b", true);
  W.key("nested");
  W.beginObject();
  W.member("x", uint64_t(1));
  W.endObject();
  W.member("c", std::string("s"));
  W.endObject();
  EXPECT_EQ(json::parse(textOf(W)),
            json::parse(R"({"a":1,"list":[-2,{},[],null],"b":true,"nested":{"x":1},"c":"s"})"));
}

TEST(JsonText, StringsAreEscapedAsNlohmannEscapesThem) {
  for (std::string S :
       {std::string("plain"), std::string("q\"uo\\te"), std::string("tab\tnl\ncr\r"),
        std::string("ctl\x01\x1f"), std::string("\xc3\xa9t\xc3\xa9"),
        std::string("\xe2\x82\xac\xf0\x9f\x98\x80"), std::string("<>&'")}) {
    JsonText W;
    W.value(S);
    std::string Out = textOf(W);
    EXPECT_EQ(Out, nlohmannText(S)) << S;
  }
}

TEST(JsonText, InvalidUtf8BecomesReplacementCharacters) {
  for (std::string S : {std::string("bad\xff"), std::string("\xc3"), std::string("\xc0\xaf"),
                        std::string("\xed\xa0\x80"), std::string("a\x80z")}) {
    JsonText W;
    W.value(S);
    std::string Out = textOf(W);
    EXPECT_EQ(json::parse(Out), json::parse(nlohmannText(S))) << Out;
    EXPECT_NE(Out.find("\xEF\xBF\xBD"), std::string::npos) << Out;
  }
}

TEST(JsonText, DoublesRoundTripAndStayFloatingPoint) {
  for (double X : {0.0, 1.0, -3.0, 0.1, 1e-300, 2.5e20, 123456789.125, 1.0 / 3}) {
    JsonText W;
    W.value(X);
    std::string Out = textOf(W);
    json Parsed = json::parse(Out);
    EXPECT_TRUE(Parsed.is_number_float()) << Out;
    EXPECT_EQ(Parsed.get<double>(), X) << Out;
  }
  for (double X : {std::nan(""), std::numeric_limits<double>::infinity()}) {
    JsonText W;
    W.value(X);
    std::string Out = textOf(W);
    EXPECT_EQ(Out, "null");
  }
}

// nlohmann lays out a double in plain decimal while its decimal point is
// within 4 places before the first digit to 15 after it; std::to_chars alone
// would write 0.0001 as "1e-04" and 1000000.0 as "1e+06".
TEST(JsonText, DoublesAreLaidOutAsNlohmannWritesThem) {
  for (double X : {0.0001, 0.00012, 1.5e-5, 1e-5, 0.001, 1e6, 1234567.0, 1e15, 1e16, 1.5e20,
                   123.456, -0.0001, -2.5e-7, 12345678901234.5, 3.0, 1.0 / 3, 2.0 / 3e5}) {
    JsonText W;
    W.value(X);
    EXPECT_EQ(textOf(W), nlohmannText(json(X))) << X;
  }
}

TEST(JsonText, IntegersAreExact) {
  JsonText W;
  W.beginArray();
  W.value(std::numeric_limits<uint64_t>::max());
  W.value(std::numeric_limits<int64_t>::min());
  W.endArray();
  json Parsed = json::parse(textOf(W));
  EXPECT_EQ(Parsed[0].get<uint64_t>(), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(Parsed[1].get<int64_t>(), std::numeric_limits<int64_t>::min());
}

TEST(JsonText, LongTextGrowsTheBufferAndEndsInANewline) {
  JsonText W(16);
  W.beginObject();
  std::string Long(100000, 'x');
  W.member("long", Long);
  W.member("after", uint64_t(7));
  W.endObject();
  std::string Line = W.takeLine();
  ASSERT_EQ(Line.back(), '\n');
  json Parsed = json::parse(Line);
  EXPECT_EQ(Parsed["long"].get<std::string>(), Long);
  EXPECT_EQ(Parsed["after"].get<uint64_t>(), 7u);
}

} // namespace
