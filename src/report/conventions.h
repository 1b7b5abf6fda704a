#pragma once
#include <string>

#include "compare/comparison.h"

namespace schedlab {

// What a comparison style's numbers mean — its centre, its direction
// convention, its test and the detectable-change row — said once under
// every table, so that mmtests' "Hmean -16%" and markdown's "+33.55%" for
// the same data (a change in rate and a change in its inverse's mean) are
// never mistaken for each other.
enum class Style { kMmtests, kLkp, kMarkdown };
std::string convention_text(const Comparison& c, Style style);

// "welch", "paired-t", ... as the tables name the test that marked.
std::string test_name(const Comparison& c);

// Below a terminal table (mmtests, LKP): at most three lines — the style's
// conventions, then the two most important notes in brief, the last line
// saying how many more there are — or, with all_notes, every note in full.
std::string note_block(const Comparison& c, Style style);

// The first line of every table: the test and why it was chosen, "test:
// paired-t, alpha 0.05 (the runs were interleaved in blocks)".
std::string test_line(const Comparison& c);

// "3.1%" or "-" : the minimum detectable change of a cell.
std::string mde_text(const Cell& cell);

}  // namespace schedlab
