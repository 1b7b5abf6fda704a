#pragma once
// The deploy and boot blocks of one kernel on one LAVA device type: a
// small YAML template (data/lava/templates/TYPE.yaml, compiled in; or a
// lab's own file with --template).  Format and placeholders: see
// data/lava/templates/qemu.yaml and docs/fleet.md.
#include <yaml-cpp/yaml.h>

#include <map>
#include <string>
#include <vector>

namespace schedlab::grid {

struct LavaTemplate {
  std::string source;       // "built-in qemu" or the file's path, for messages
  std::string device_type;  // its device_type
  YAML::Node context;       // null when it has none
  YAML::Node deploy, boot;  // with placeholders
  bool needs_ramdisk = false;  // uses $ramdisk_url
};

// The device types with a built-in template, sorted.
std::vector<std::string> builtin_device_types();

// The built-in template of `device_type`; UsageError naming --device-type,
// the value and the built-in types (and --template) when there is none.
LavaTemplate builtin_template(const std::string& device_type);

// A lab's template file, read as a regular file of bounded size.
// UsageError naming --template and the problem (unreadable, not YAML, an
// unknown key or placeholder, deploy or boot missing).
LavaTemplate template_file(const std::string& path);

// The same from a template's text; `source` names it in messages.
LavaTemplate template_text(const std::string& text, const std::string& source);

// The placeholders and what they stand for.
struct TemplateValues {
  std::string kernel_url, ramdisk_url, kernel_name;
  // The sha256 of a URL's file, when it is known: written as sha256sum
  // beside the url it replaces, so that LAVA checks what it downloaded.
  std::map<std::string, std::string> sha256;
};

// A copy of `block` (deploy or boot) with its placeholders replaced by
// `values`, each written quoted.
YAML::Node instantiate(const YAML::Node& block, const TemplateValues& values);

}  // namespace schedlab::grid
