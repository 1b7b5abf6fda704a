#include "grid/lava_template.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "core/error.h"
#include "grid/lava_assets.h"
#include "grid/lava_vocabulary.h"
#include "grid/yaml_text.h"
#include "input/files.h"
#include "input/yaml_document.h"

namespace schedlab::grid {
namespace {

const std::set<std::string> kKeys = {"device_type", "arch", "context", "deploy", "boot"};
const std::set<std::string> kPlaceholders = {"$kernel_url", "$ramdisk_url", "$kernel_name"};

// Every scalar that looks like a placeholder ($ and a word) must be one.
void collect_placeholders(const YAML::Node& node, std::set<std::string>& found) {
  if (node.IsScalar() && node.Tag() != "!" && node.Scalar().size() > 1 && node.Scalar()[0] == '$') {
    found.insert(node.Scalar());
  } else if (node.IsMap()) {
    for (const auto& entry : node) collect_placeholders(entry.second, found);
  } else if (node.IsSequence()) {
    for (const auto& item : node) collect_placeholders(item, found);
  }
}

// LAVA refuses a job whose context names a variable its schema does not
// know (a typo such as "extra_kernel_arg" would otherwise reach the server).
template <class Refuse>
void check_context(const YAML::Node& context, const Refuse& refuse) {
  const auto& known = lava_context_variables();
  for (const auto& entry : context) {
    const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : "?";
    if (std::find(known.begin(), known.end(), key) == known.end())
      throw refuse(fmt::format("context: '{}' is not a LAVA context variable (lava-common 2023.1 knows {})", key,
                               fmt::join(known, ", ")));
  }
}

// Each action names its kind: a deploy where it goes (to:), a boot how
// (method:), among the ones LAVA has.
template <class Refuse>
void check_method(const YAML::Node& action, const char* block, const char* key, const std::vector<std::string>& known,
                  const Refuse& refuse) {
  const YAML::Node method = action[key];
  if (!method || !method.IsScalar())
    throw refuse(fmt::format("{}: no '{}:' (LAVA's {} methods: {})", block, key, block, fmt::join(known, ", ")));
  if (!lava_knows_method(known, method.Scalar()))
    throw refuse(fmt::format("{}: {}: '{}' is not a LAVA {} method (lava-common 2023.1 knows {})", block, key,
                             method.Scalar(), block, fmt::join(known, ", ")));
}

// LAVA's qemu device type names its architectures as Debian does (amd64,
// arm64) or as the kernel does (x86_64, aarch64); others (armhf, riscv64)
// are not ones schedlab builds for, so they say nothing here.
std::optional<guest::GuestArch> context_arch(const YAML::Node& context) {
  const YAML::Node arch = context ? context["arch"] : YAML::Node();
  return arch && arch.IsScalar() ? guest::arch_named(arch.Scalar()) : std::nullopt;
}

LavaTemplate parse_template(const std::string& text, const std::string& source, const std::string& option) {
  auto refuse = [&](const std::string& why) { return UsageError(fmt::format("{} '{}': {}", option, source, why)); };
  YAML::Node root;
  try {
    root = input::load_yaml_document(text, option);
  } catch (const input::InputError& e) {
    throw refuse(e.why());
  }
  if (!root.IsMap()) throw refuse("expected a YAML mapping with deploy and boot");
  for (const auto& entry : root)
    if (!entry.first.IsScalar() || !kKeys.count(entry.first.Scalar()))
      throw refuse(fmt::format("unknown key '{}' (a template has {})", entry.first.Scalar(), fmt::join(kKeys, ", ")));
  LavaTemplate t;
  t.source = source;
  if (root["device_type"] && root["device_type"].IsScalar()) t.device_type = root["device_type"].Scalar();
  if (root["context"]) {
    if (!root["context"].IsMap()) throw refuse("context: expected a mapping");
    check_context(root["context"], refuse);
    t.context = root["context"];
  }
  t.arch = context_arch(t.context);
  if (const YAML::Node arch = root["arch"]) {
    const auto named = arch.IsScalar() ? guest::arch_named(arch.Scalar()) : std::nullopt;
    if (!named)
      throw refuse("arch: expected x86_64 or arm64 (the devices' architecture, which the ramdisk's programs must match)");
    const guest::GuestArch stated = *named;
    if (t.arch && *t.arch != stated)
      throw refuse(fmt::format("arch: {} where the context's arch says {}", arch.Scalar(), guest::to_string(*t.arch)));
    t.arch = stated;
  }
  for (const char* block : {"deploy", "boot"})
    if (!root[block] || !root[block].IsMap()) throw refuse(fmt::format("{}: expected a mapping (one action)", block));
  check_method(root["deploy"], "deploy", "to", lava_deploy_methods(), refuse);
  check_method(root["boot"], "boot", "method", lava_boot_methods(), refuse);
  t.deploy = root["deploy"];
  t.boot = root["boot"];
  std::set<std::string> used;
  collect_placeholders(t.deploy, used);
  collect_placeholders(t.boot, used);
  for (const auto& p : used)
    if (!kPlaceholders.count(p))
      throw refuse(fmt::format("unknown placeholder '{}' (known: {})", p, fmt::join(kPlaceholders, ", ")));
  if (!used.count("$kernel_url")) throw refuse("deploy never uses $kernel_url");
  t.needs_ramdisk = used.count("$ramdisk_url") > 0;
  return t;
}

// A mapping whose url is a file of known sha256 gets its sha256sum (LAVA's
// deploy checks it), unless the template gave one.
void add_checksum(YAML::Node& map, const TemplateValues& v) {
  const YAML::Node url = map["url"];
  if (!url || !url.IsScalar() || map["sha256sum"]) return;
  if (const auto it = v.sha256.find(url.Scalar()); it != v.sha256.end()) map["sha256sum"] = quoted(it->second);
}

YAML::Node replace(const YAML::Node& node, const TemplateValues& v) {
  if (node.IsScalar() && node.Tag() != "!") {
    if (node.Scalar() == "$kernel_url") return quoted(v.kernel_url);
    if (node.Scalar() == "$ramdisk_url") return quoted(v.ramdisk_url);
    if (node.Scalar() == "$kernel_name") return quoted(v.kernel_name);
  }
  if (node.IsMap()) {
    YAML::Node out(YAML::NodeType::Map);
    out.SetStyle(node.Style());
    // The key by value, never the template's own node: a node used as a key
    // ties the template's memory to every job that used it, and each boot
    // then copied all of it (writing a job took time cubic in --boots).
    for (const auto& entry : node)
      out[entry.first.IsScalar() ? YAML::Node(entry.first.Scalar()) : YAML::Clone(entry.first)] = replace(entry.second, v);
    add_checksum(out, v);
    return out;
  }
  if (node.IsSequence()) {
    YAML::Node out(YAML::NodeType::Sequence);
    out.SetStyle(node.Style());
    for (const auto& item : node) out.push_back(replace(item, v));
    return out;
  }
  return YAML::Clone(node);
}

}  // namespace

namespace {

std::vector<LavaTemplate> builtin_templates() {
  std::vector<LavaTemplate> out;
  for (const auto& asset : lava_templates())
    out.push_back(parse_template(std::string(asset.text), "built-in " + std::string(asset.name), "--device-type"));
  return out;
}

std::string builtin_name(const LavaTemplate& t) {
  return t.arch ? fmt::format("{} ({})", t.device_type, guest::to_string(*t.arch)) : t.device_type;
}

}  // namespace

std::vector<std::string> builtin_device_types() {
  std::vector<std::string> names;
  for (const auto& t : builtin_templates()) names.push_back(builtin_name(t));
  std::sort(names.begin(), names.end());
  return names;
}

LavaTemplate builtin_template(const std::string& device_type, guest::GuestArch arch) {
  for (auto& t : builtin_templates())
    if (t.device_type == device_type && (!t.arch || *t.arch == arch)) return t;
  throw UsageError(fmt::format("--device-type '{}' --arch {}: expected a device type with a built-in template ({}), "
                               "or a lab's own template for it: --template FILE (see docs/fleet.md)",
                               device_type, guest::to_string(arch), fmt::join(builtin_device_types(), ", ")));
}

LavaTemplate template_file(const std::string& path) {
  return template_text(input::read_named_file(path, input::kTemplate), path);
}

LavaTemplate template_text(const std::string& text, const std::string& source) {
  return parse_template(text, source, "--template");
}

YAML::Node instantiate(const YAML::Node& block, const TemplateValues& values) { return replace(block, values); }

}  // namespace schedlab::grid
