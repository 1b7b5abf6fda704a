#include "input/yaml_document.h"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>

#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "input/input_error.h"

namespace schedlab::input {
namespace {

// Counts the nodes a document expands to, its aliases included, and throws
// as soon as the count or the depth passes the limits.
class NodeCounter : public YAML::EventHandler {
 public:
  NodeCounter(const std::string& what, const YamlLimits& limits) : what_(what), limits_(limits) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t anchor) override { leaf(1, anchor); }
  void OnAlias(const YAML::Mark&, YAML::anchor_t anchor) override {
    const auto it = sizes_.find(anchor);
    leaf(it == sizes_.end() ? 1 : it->second, YAML::NullAnchor);
  }
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t anchor, const std::string& value) override {
    if (!open_.empty() && open_.back().map && open_.back().items % 2 == 0 && !open_.back().keys.insert(value).second)
      throw InputError(what_, fmt::format("the key '{}' twice in one mapping", value));
    leaf(1, anchor);
  }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(anchor, false);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(anchor, true);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Open {
    YAML::anchor_t anchor;
    std::size_t nodes;
    bool map;
    std::size_t items = 0;       // keys and values so far: a key at each even place
    std::set<std::string> keys;  // a mapping's scalar keys
  };

  void count(std::size_t nodes) {
    total_ += nodes;
    if (total_ > limits_.max_nodes)
      throw InputError(what_, fmt::format("more than {} YAML nodes (aliases counted as what they repeat)",
                                          limits_.max_nodes));
  }
  // A finished node of `nodes` nodes: counted, remembered under its anchor,
  // and added to the collection it is in.
  void finished(std::size_t nodes, YAML::anchor_t anchor) {
    if (anchor != YAML::NullAnchor) sizes_[anchor] = nodes;
    if (!open_.empty()) {
      open_.back().nodes += nodes;
      ++open_.back().items;
    }
  }
  void leaf(std::size_t nodes, YAML::anchor_t anchor) {
    count(nodes);
    finished(nodes, anchor);
  }
  void open(YAML::anchor_t anchor, bool map) {
    count(1);
    if (open_.size() >= limits_.max_depth)
      throw InputError(what_, fmt::format("nested deeper than {} levels", limits_.max_depth));
    open_.push_back({anchor, 1, map, 0, {}});
  }
  void close() {
    const auto [anchor, nodes] = std::pair{open_.back().anchor, open_.back().nodes};
    open_.pop_back();
    finished(nodes, anchor);
  }

  const std::string& what_;
  const YamlLimits& limits_;
  std::size_t total_ = 0;
  std::vector<Open> open_;
  std::map<YAML::anchor_t, std::size_t> sizes_;
};

}  // namespace

YAML::Node load_yaml_document(std::string_view text, const std::string& what, const YamlLimits& limits) {
  if (text.size() > limits.max_bytes)
    throw InputError(what, fmt::format("{} bytes, more than the {} it can be", text.size(), limits.max_bytes));
  try {
    std::istringstream in{std::string(text)};
    YAML::Parser parser(in);
    NodeCounter counter(what, limits);
    parser.HandleNextDocument(counter);
    return YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    throw InputError(what, fmt::format("not YAML ({})", e.what()));
  }
}

}  // namespace schedlab::input
