#pragma once
// "What changed underneath" (compare/underneath.h) in each compare style:
// a block of text lines after the headline rows, CSV rows with their own
// header, a JSON array.
#include <string>

#include "compare/comparison.h"

namespace schedlab {

// "" when nothing changed significantly; else a heading and one line per
// change: "  cpu_migrations/loop        +41.2% (p < 0.001)  0.0210 -> 0.0297".
std::string format_underneath_text(const Comparison& c);
// A second CSV table after a blank line, with its own header.
std::string format_underneath_csv(const Comparison& c);
ordered_json underneath_json(const Comparison& c);

}  // namespace schedlab
