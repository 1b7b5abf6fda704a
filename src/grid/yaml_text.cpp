#include "grid/yaml_text.h"

namespace schedlab::grid {
namespace {

// yaml-cpp gives a quoted scalar the non-specific tag "!" when it parses
// one; quoted() marks ours the same way.
constexpr const char* kQuoted = "!";

void emit(YAML::Emitter& out, const YAML::Node& node);

void emit_map(YAML::Emitter& out, const YAML::Node& node) {
  if (node.Style() == YAML::EmitterStyle::Flow) out << YAML::Flow;
  out << YAML::BeginMap;
  for (const auto& entry : node) {
    out << YAML::Key;
    emit(out, entry.first);
    out << YAML::Value;
    emit(out, entry.second);
  }
  out << YAML::EndMap;
}

void emit_sequence(YAML::Emitter& out, const YAML::Node& node) {
  if (node.Style() == YAML::EmitterStyle::Flow) out << YAML::Flow;
  out << YAML::BeginSeq;
  for (const auto& item : node) emit(out, item);
  out << YAML::EndSeq;
}

void emit(YAML::Emitter& out, const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: return emit_map(out, node);
    case YAML::NodeType::Sequence: return emit_sequence(out, node);
    case YAML::NodeType::Scalar:
      if (node.Tag() == kQuoted) out << YAML::DoubleQuoted;
      out << node.Scalar();
      return;
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined: out << YAML::Null; return;
  }
}

}  // namespace

YAML::Node quoted(const std::string& text) {
  YAML::Node node(text);
  node.SetTag(kQuoted);
  return node;
}

std::string emit_yaml(const YAML::Node& node) {
  YAML::Emitter out;
  out.SetIndent(2);
  out << YAML::EscapeNonAscii;
  emit(out, node);
  return std::string(out.c_str()) + "\n";
}

}  // namespace schedlab::grid
