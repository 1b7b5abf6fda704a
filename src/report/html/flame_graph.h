#pragma once
// Flame graphs drawn by schedlab as SVG (Brendan Gregg's layout): the root
// at the bottom, each frame a box as wide as its share of the samples,
// callees stacked on their caller, siblings in name order.  No script: a
// frame's figures are its tooltip, names too long for their box are cut
// with an ellipsis, boxes narrower than half a pixel are left out.
//
// A differential flame graph has the widths of the compared set and the
// colours of the change against the baseline: red where a path's share of
// the samples (inclusive) grew, blue where it shrank, deeper with the size
// of the change in percentage points; white where it held.
#include <string>
#include <string_view>

#include "profile/frame_tree.h"

namespace schedlab::html {

// `tree` of one set.
std::string flame_graph(const profile::FrameNode& tree, std::string_view title);

// `tree` with its base_share set (profile::set_base_shares).
std::string differential_flame_graph(const profile::FrameNode& tree, std::string_view title,
                                     std::string_view base_label);

// The colour class of a change of `points` percentage points: "grew1".."grew5",
// "shrank1".."shrank5", or "held" below 0.1 points.
std::string change_class(double points);

// `name` cut to `width` pixels of the graph's labels, with an ellipsis;
// "" when not even two characters fit.
std::string fitted_label(std::string_view name, double width);

}  // namespace schedlab::html
