#pragma once
// The one place where text becomes HTML or SVG markup.  Everything a
// result file carries (labels, kernel command lines, hostnames, notes) is
// someone else's text: it goes through here before it reaches the report,
// and so it is also where the report masks credentials (core/secrets.h): a
// file or store written before masking existed may hold a password.
#include <string>
#include <string_view>

namespace schedlab::html {

// `raw` with its credentials masked (redact_secrets), safe as element
// content and as a quoted attribute value: & < > "
// and ' become entities, control characters other than tab and newline
// become U+FFFD, and so does every byte that is not well-formed UTF-8.
std::string escape(std::string_view raw);

}  // namespace schedlab::html
