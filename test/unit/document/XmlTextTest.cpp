//===- XmlTextTest.cpp - The one XML escaping of every tool ---------------===//
#include "xml/XmlText.h"

#include <gtest/gtest.h>

namespace {

TEST(XmlText, EscapesMarkupAndQuotes) {
  EXPECT_EQ(energy::xml::escape("mult_gpu<float>&\"'"), "mult_gpu&lt;float&gt;&amp;&quot;&apos;");
}

TEST(XmlText, DropsControlCharactersXmlForbidsButKeepsTabAndNewline) {
  EXPECT_EQ(energy::xml::escape(std::string("a\x01\tb\nc\x1f", 7)), "a\tb\nc");
}

} // namespace
