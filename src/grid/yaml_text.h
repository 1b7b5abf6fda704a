#pragma once
// YAML through yaml-cpp, with one rule for strings that came from a user:
// they are marked when the node is made and always written double-quoted
// and escaped by the emitter, so no value can become a key, a number, a
// boolean, a second document or a line of its own.
#include <yaml-cpp/yaml.h>

#include <string>

namespace schedlab::grid {

// A string scalar holding `text`, always written quoted: every user value,
// and every string of ours that must stay a string ("1.0", "yes").
YAML::Node quoted(const std::string& text);

// Emits `node` as block YAML ending in a newline.  Marked scalars (and
// scalars quoted in a parsed template) are written double-quoted; mappings
// and sequences written in flow style in a template keep it.
std::string emit_yaml(const YAML::Node& node);

}  // namespace schedlab::grid
