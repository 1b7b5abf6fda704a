#pragma once
// The report's page: one self-contained HTML document.  Its Content
// Security Policy forbids every fetch (no scripts, fonts, images or
// styles from anywhere), so the file shows the same offline, attached to a
// mail or a bug, and cannot phone home; the CSS is inline.
#include <string>
#include <string_view>
#include <vector>

namespace schedlab::html {

// A part of the page; `body` is markup (already escaped).
struct Section {
  std::string id;       // anchor, for the table of contents
  std::string heading;  // plain text
  std::string body;
};

// The whole document.  `title` is plain text; `meta` is markup shown under
// it, before the table of contents.
std::string html_document(std::string_view title, std::string_view meta,
                          const std::vector<Section>& sections);

// A plot with its caption (plain text).
std::string figure(const std::string& svg, std::string_view caption);

// A paragraph of plain text.
std::string paragraph(std::string_view text);

// The marker every report carries, so that `report -o` knows a file it may
// overwrite from one it must not (a result file typed by mistake).
inline constexpr std::string_view kGeneratorMarker = "<meta name=\"generator\" content=\"schedlab report\">";

}  // namespace schedlab::html
