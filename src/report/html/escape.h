#pragma once
// The one place where text becomes HTML or SVG markup.  Everything a
// result file carries (labels, kernel command lines, hostnames, notes) is
// someone else's text: it goes through here before it reaches the report.
#include <string>
#include <string_view>

namespace schedlab::html {

// `text` safe as element content and as a quoted attribute value: & < > "
// and ' become entities, control characters other than tab and newline
// become U+FFFD, and so does every byte that is not well-formed UTF-8.
std::string escape(std::string_view text);

}  // namespace schedlab::html
