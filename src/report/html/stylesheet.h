#pragma once
#include <string_view>

namespace schedlab::html {

// The report's CSS, inlined into the document: the page, the tables and
// every class the plots use (set0..set7 in the Okabe-Ito colours, which
// stay distinct for colour-blind readers; the CPU split's parts).
std::string_view stylesheet();

}  // namespace schedlab::html
