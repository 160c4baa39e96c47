//===- ViewTest.cpp - Checked access naming the bad field's key path ------===//
#include "TestWording.h"

#include <gtest/gtest.h>

using namespace energy::document;
using namespace energy::document::test;
using nlohmann::json;

namespace {

const std::string Origin = "d.json";

const json Doc = json::parse(R"({
  "name": "daxpy", "calls": 3, "delta": -2, "time_s": 0.5, "cold": -0.25, "ok": true,
  "huge": 18446744073709551615, "none": null,
  "regions": [{"id": 0, "tags": ["a", "b"], "weights": [1, 2.5]}, {"id": "1"}],
  "events": {"cycles": 10, "instructions": 20}
})");

View doc() { return View(Doc, Origin, TestWording); }

TEST(DocumentView, ReadsEachTypeItChecks) {
  EXPECT_EQ(doc()["name"].string(), "daxpy");
  EXPECT_EQ(doc()["calls"].unsignedInteger(), 3u);
  EXPECT_EQ(doc()["delta"].integer(), -2);
  EXPECT_EQ(doc()["time_s"].nonNegative(), 0.5);
  EXPECT_EQ(doc()["cold"].number(), -0.25);
  EXPECT_TRUE(doc()["ok"].boolean());
  EXPECT_EQ(doc()["regions"].element(0)["tags"].strings(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(doc()["regions"].element(0)["weights"].numbers(), (std::vector<double>{1, 2.5}));
  EXPECT_EQ(doc()["regions"].element(0)["tags"].path(), "regions[0].tags");
  EXPECT_EQ(doc()["events"].memberNames(), (std::vector<std::string>{"cycles", "instructions"}));
  EXPECT_EQ(doc()["regions"].elements().size(), 2u);
}

TEST(DocumentView, MissingKeysAreNamedWithTheirPath) {
  EXPECT_EQ(errorOf([] { doc()["regions"].element(1)["time_s"]; }),
            "test d.json: missing key regions[1].time_s; fix it");
  EXPECT_EQ(errorOf([] { doc()["events"]["misses"]; }),
            "test d.json: missing key events.misses; fix it");
}

TEST(DocumentView, WrongTypesNameTheKeyTheExpectedAndTheFoundType) {
  EXPECT_EQ(
      errorOf([] { doc()["regions"].element(1)["id"].unsignedInteger(); }),
      "test d.json: key regions[1].id must be a non-negative integer, found a string; fix it");
  EXPECT_EQ(errorOf([] { doc()["delta"].unsignedInteger(); }),
            "test d.json: key delta must be a non-negative integer, found a negative integer; "
            "fix it");
  EXPECT_EQ(errorOf([] { doc()["time_s"].integer(); }),
            "test d.json: key time_s must be an integer, found a fractional number; fix it");
  EXPECT_EQ(errorOf([] { doc()["name"].number(); }),
            "test d.json: key name must be a number, found a string; fix it");
  EXPECT_EQ(errorOf([] { doc()["calls"].string(); }),
            "test d.json: key calls must be a string, found an integer; fix it");
  EXPECT_EQ(errorOf([] { doc()["none"].boolean(); }),
            "test d.json: key none must be a boolean, found null; fix it");
  EXPECT_EQ(errorOf([] { doc()["regions"]["id"]; }),
            "test d.json: key regions must be an object, found an array; fix it");
  EXPECT_EQ(errorOf([] { doc()["events"].arraySize(); }),
            "test d.json: key events must be an array, found an object; fix it");
  EXPECT_EQ(errorOf([] { doc()["regions"].element(0)["tags"].numbers(); }),
            "test d.json: key regions[0].tags[0] must be a number, found a string; fix it");
}

TEST(DocumentView, RangesAreChecked) {
  EXPECT_EQ(errorOf([] { doc()["cold"].nonNegative(); }),
            "test d.json: key cold must be zero or positive, found -0.25; fix it");
  EXPECT_EQ(errorOf([] { doc()["huge"].integer(); }),
            "test d.json: key huge is out of range: 18446744073709551615; fix it");
  EXPECT_EQ(doc()["huge"].unsignedInteger(), UINT64_MAX);
  EXPECT_EQ(errorOf([] { doc()["regions"].element(2); }),
            "test d.json: key regions has no element 2; fix it");
  json Infinite = {{"x", std::numeric_limits<double>::infinity()}};
  EXPECT_EQ(errorOf([&] { View(Infinite, Origin, TestWording)["x"].number(); }),
            "test d.json: key x must be finite, found null; fix it");
}

TEST(DocumentView, OptionalAndNullableMembers) {
  EXPECT_FALSE(doc().optional("absent"));
  EXPECT_FALSE(doc().optional("none"));
  EXPECT_EQ(doc().optional("calls")->unsignedInteger(), 3u);
  EXPECT_FALSE(doc().nullable("none"));
  EXPECT_EQ(errorOf([] { doc().nullable("absent"); }), "test d.json: missing key absent; fix it");
  EXPECT_TRUE(doc().has("calls"));
  EXPECT_FALSE(doc().has("none"));
}

TEST(DocumentView, OptionalStringsFallBackWhenAbsentOrNull) {
  EXPECT_EQ(doc().stringOr("name", "x"), "daxpy");
  EXPECT_EQ(doc().stringOr("absent", "x"), "x");
  EXPECT_EQ(doc().stringOr("none", "x"), "x");
  EXPECT_EQ(errorOf([] { doc().stringOr("calls", "x"); }),
            "test d.json: key calls must be a string, found an integer; fix it");
}

TEST(DocumentView, AMemberThatMayBeAbsentIsCheckedWhenPresentEvenNull) {
  EXPECT_FALSE(doc().ifPresent("absent"));
  EXPECT_EQ(doc().ifPresent("calls")->unsignedInteger(), 3u);
  ASSERT_TRUE(doc().ifPresent("none"));
  EXPECT_EQ(errorOf([] { doc().ifPresent("none")->expectArray(); }),
            "test d.json: key none must be an array, found null; fix it");
}

TEST(DocumentView, CallersWordTheirOwnProblems) {
  EXPECT_EQ(errorOf([] { doc()["calls"].reject("is not the node's index 2"); }),
            "test d.json: key calls is not the node's index 2; fix it");
  EXPECT_EQ(errorOf([] { doc().reject("is empty"); }),
            "test d.json: the document is empty; fix it");
  EXPECT_EQ(errorOf([] { doc().fail("two regions are called daxpy"); }),
            "test d.json: two regions are called daxpy; fix it");
  EXPECT_EQ(errorOf([] { doc().refuse("written by a newer tool; upgrade"); }),
            "test d.json: written by a newer tool; upgrade");
}

TEST(DocumentView, ReadersWordPathsAndTypesTheirWay) {
  Wording Quoted = TestWording;
  Quoted.Key = "'{path}'";
  Quoted.Missing = "'{path}' is missing";
  Quoted.BareTypeNames = true;
  Quoted.NumberedElements = false;
  View Q(Doc, Origin, Quoted);
  EXPECT_EQ(errorOf([&] { Q["regions"].element(1)["id"].string(); }), "no error");
  EXPECT_EQ(errorOf([&] { Q["regions"].element(1)["id"].unsignedInteger(); }),
            "test d.json: 'regions[].id' must be a non-negative integer, found string; fix it");
  EXPECT_EQ(errorOf([&] { Q["regions"].element(1)["x"]; }),
            "test d.json: 'regions[].x' is missing; fix it");
  EXPECT_EQ(errorOf([&] { Q["calls"].strings(); }),
            "test d.json: 'calls' must be an array, found an integer; fix it");
}

TEST(DocumentView, ErrorsAreTheReadersOwnTypeAndAnInputError) {
  EXPECT_THROW(doc()["absent"], TestError);
  EXPECT_THROW(doc()["absent"], energy::InputError);
}

TEST(DocumentView, WordingTemplatesFillEveryBlank) {
  EXPECT_EQ(fillIn("{x} and {x}, not {y}", "x", "a{x}"), "a{x} and a{x}, not {y}");
}

} // namespace
