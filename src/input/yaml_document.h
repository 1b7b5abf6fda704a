#pragma once
// YAML from outside: a lab's LAVA job template, the LAVA log's records, a
// job definition the server returns.  yaml-cpp shares an aliased node, so
// loading a 1 KB alias bomb is cheap, but every walk of it (placeholders,
// instantiation, emitting) visits 10^8 nodes: the document is counted as
// its aliases expand, with yaml-cpp's event parser, before a node is built.
#include <cstddef>
#include <string>
#include <string_view>

#include <yaml-cpp/yaml.h>

#include "input/input_error.h"
#include "input/limits.h"

namespace schedlab::input {

struct YamlLimits {
  std::size_t max_bytes = kMaxYamlBytes;
  std::size_t max_nodes = kMaxYamlNodes;  // scalars and collections, each alias counted as what it expands to
  std::size_t max_depth = kMaxYamlDepth;
};

// The first document of `text`, named `what` in messages.  Throws
// InputError "WHAT: ..." when it is too long, too deep, expands to too many
// nodes, has a key twice in one mapping (yaml-cpp would keep one silently),
// or is not YAML.
YAML::Node load_yaml_document(std::string_view text, const std::string& what, const YamlLimits& limits = {});

}  // namespace schedlab::input
