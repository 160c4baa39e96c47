//===- HtmlRendererTest.cpp - The HTML page, offline and in a real browser ===//
//
// The page must be self-contained (nothing fetched), and its script must run:
// headless Chromium loads it from file://, the script builds one table row
// per region and marks the body ready, and the dumped DOM must show that.
// A screenshot is left in the build tree for people to look at.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include "energy/roofline/html_renderer.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <regex>

using namespace energy;
namespace fs = std::filesystem;

static std::size_t count(const std::string &Text, const std::string &What) {
  std::size_t N = 0;
  for (std::size_t At = Text.find(What); At != std::string::npos; At = Text.find(What, At + 1))
    ++N;
  return N;
}

static std::string chromium() { return ENERGY_CHROMIUM; }

static std::string chromiumFlags(const fs::path &Profile) {
  return " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
         " --disable-background-networking --disable-component-update --disable-sync"
         " --user-data-dir=" +
         Profile.string();
}

static std::string run(const std::string &Command) {
  std::string Output;
  FILE *Pipe = popen(Command.c_str(), "r");
  if (!Pipe)
    return Output;
  char Buffer[4096];
  while (std::size_t N = fread(Buffer, 1, sizeof Buffer, Pipe))
    Output.append(Buffer, N);
  pclose(Pipe);
  return Output;
}

TEST(HtmlRenderer, IsSelfContained) {
  std::string Html = roofline::renderHtml(test::fixtureAnalysis());
  EXPECT_EQ(Html.rfind("<!DOCTYPE html>", 0), 0u);
  // The only URL is the SVG namespace, which is a name, not a fetch.
  std::regex Url(R"((src|href)\s*=|@import|url\(http)");
  EXPECT_FALSE(std::regex_search(Html, Url));
  EXPECT_EQ(count(Html, "http://") + count(Html, "https://"),
            count(Html, "http://www.w3.org/2000/svg"));
  EXPECT_EQ(count(Html, "<circle class=\"region\""), 6u);
  EXPECT_NE(Html.find("id=\"roofline-data\""), std::string::npos);
  EXPECT_NE(Html.find("id=\"filter\""), std::string::npos);
  EXPECT_EQ(count(Html, "class=\"level-toggle\""), 5u); // L1, L2, L3, DRAM, compute
}

TEST(HtmlRenderer, EmbeddedDataCannotCloseItsScriptEarly) {
  auto Report = test::fixtureReport();
  Report.Regions[1].Name = "evil</script><script>alert(1)</script>";
  std::string Html = roofline::renderHtml(roofline::analyse(Report, test::fixtureProfile()));
  auto Data = Html.find("id=\"roofline-data\">");
  auto End = Html.find("</script>", Data);
  EXPECT_EQ(Html.substr(Data, End - Data).find("</"), std::string::npos);
}

TEST(HtmlRenderer, RendersInHeadlessChromium) {
  if (chromium().empty())
    GTEST_SKIP() << "chromium not installed (scripts/install-deps.sh installs it)";
  fs::path Dir = test::scratchDir("html-chromium");
  fs::path Page = Dir / "roofline.html";
  test::writeText(Page, roofline::renderHtml(test::fixtureAnalysis()));
  std::string Dom =
      run(chromium() + chromiumFlags(Dir / "profile-dom") +
          " --virtual-time-budget=2000 --dump-dom file://" + Page.string() + " 2>/dev/null");
  ASSERT_FALSE(Dom.empty()) << "chromium printed no DOM";
  EXPECT_NE(Dom.find("data-ready=\"1\""), std::string::npos) << "the page's script did not run";
  EXPECT_NE(Dom.find("data-shown=\"6\""), std::string::npos);
  EXPECT_EQ(count(Dom, "class=\"region-row\""), 6u);
  EXPECT_EQ(count(Dom, "<circle class=\"region\""), 6u);
  EXPECT_NE(Dom.find("6 of 6 regions shown"), std::string::npos);

  // A picture to look at: build-*/test/unit/ceilings/scratch/html-chromium/roofline.png.
  fs::path Png = Dir / "roofline.png";
  run(chromium() + chromiumFlags(Dir / "profile-shot") +
      " --hide-scrollbars --window-size=1100,1000 --screenshot=" + Png.string() + " file://" +
      Page.string() + " 2>/dev/null");
  ASSERT_TRUE(fs::exists(Png));
  EXPECT_GT(fs::file_size(Png), 20000u); // a blank page compresses to a few KiB
}

TEST(HtmlRenderer, SvgAloneRendersInHeadlessChromium) {
  if (chromium().empty())
    GTEST_SKIP() << "chromium not installed (scripts/install-deps.sh installs it)";
  fs::path Dir = test::scratchDir("svg-chromium");
  fs::path Svg = Dir / "roofline.svg";
  test::writeText(Svg, roofline::renderSvg(test::fixtureAnalysis()));
  std::string Dom = run(chromium() + chromiumFlags(Dir / "profile") + " --dump-dom file://" +
                        Svg.string() + " 2>/dev/null");
  EXPECT_EQ(count(Dom, "<circle class=\"region\""), 6u) << Dom.substr(0, 300);
  EXPECT_NE(Dom.find("id=\"plot\""), std::string::npos);
}
