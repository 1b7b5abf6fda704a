// Unit tests for src/report/html/escape.cpp: the one place where text
// from result files becomes markup.
#include <gtest/gtest.h>

#include "report/html/escape.h"
#include "report/html/svg.h"

namespace schedlab::html {
namespace {

TEST(HtmlEscape, MarkupCharactersBecomeEntities) {
  EXPECT_EQ(escape("<script>alert('x') & \"y\"</script>"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;");
}

TEST(HtmlEscape, PlainTextAndUtf8PassUnchanged) {
  EXPECT_EQ(escape("6.13.1-rc2 autogroup=off"), "6.13.1-rc2 autogroup=off");
  EXPECT_EQ(escape("latency \u00b5s \u2026 \U0001F600"), "latency \u00b5s \u2026 \U0001F600");
  EXPECT_EQ(escape("tab\tand\nnewline"), "tab\tand\nnewline");
}

TEST(HtmlEscape, MalformedUtf8AndControlsBecomeReplacementCharacters) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(escape("a\xff" "b"), "a" + fffd + "b");
  EXPECT_EQ(escape("\xC0\xAF"), fffd + fffd) << "an overlong '/' is two bad bytes";
  EXPECT_EQ(escape("\xE2\x82"), fffd + fffd) << "a truncated sequence";
  EXPECT_EQ(escape(std::string("nul\0bell\a", 9)), "nul" + fffd + "bell" + fffd);
  EXPECT_EQ(escape("\xED\xA0\x80"), fffd + fffd + fffd) << "a UTF-16 surrogate";
}

TEST(HtmlEscape, SvgEscapesEveryTextItIsGiven) {
  Svg svg(100, 50, "strip\"", "a <b> & c");
  svg.text({1, 2}, "</svg><script>", Anchor::kMiddle, "tick\"x");
  svg.circle({3, 4}, 1, "dot", "run <1>");
  const std::string s = svg.str();
  EXPECT_EQ(s.find("<script>"), std::string::npos) << s;
  EXPECT_EQ(s.find("</svg><"), std::string::npos) << s;
  EXPECT_NE(s.find("data-plot=\"strip&quot;\""), std::string::npos) << s;
  EXPECT_NE(s.find("<title>run &lt;1&gt;</title>"), std::string::npos) << s;
  EXPECT_NE(s.find("aria-label=\"a &lt;b&gt; &amp; c\""), std::string::npos) << s;
}

TEST(HtmlEscape, CoordinatesAreDeterministic) {
  EXPECT_EQ(coordinate(-0.01), "0.0");
  EXPECT_EQ(coordinate(12.345), "12.3");
  EXPECT_EQ(coordinate(std::numeric_limits<double>::quiet_NaN()), "0.0");
}

}  // namespace
}  // namespace schedlab::html
